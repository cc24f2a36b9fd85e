/**
 * Text as players type it -> comparable tokens: lower case, ё→е, punctuation and emoji out,
 * digits split from letters ("10-ти" -> "10 ти", "6пик" -> "6 пик").
 */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/(\d)(?=[a-zа-я])|([a-zа-я])(?=\d)/g, "$1$2 ")
    .replace(/[^a-zа-я0-9]+/g, " ")
    .trim();
}

export function tokenize(text: string): string[] {
  const n = normalise(text);
  return n ? n.split(" ") : [];
}
