/**
 * Text as players type it -> comparable tokens: lower case, ё→е, punctuation and emoji out,
 * digits split from letters ("10-ти" -> "10 ти", "6пик" -> "6 пик").
 */

/** a token is a run of letters or a run of digits: anything else, and a letter-digit border, splits */
const TOKEN = /[a-zа-я]+|[0-9]+/g;

export function tokenize(text: string): string[] {
  return text.toLowerCase().replace(/ё/g, "е").match(TOKEN) ?? [];
}

export function normalise(text: string): string {
  return tokenize(text).join(" ");
}
