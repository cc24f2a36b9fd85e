/**
 * Telegram refuses a message over 4096 characters. Long clause cards are split where a reader
 * expects a pause: between paragraphs, else between lines, else between words; a piece is never
 * cut inside a tag or an HTML entity because pieces are split as plain text and escaped after.
 */
export const MESSAGE_LIMIT = 4096;

/** `measure` gives the length a piece will have once formatted (escaping grows `&<>`). */
export function splitText(text: string, limit: number = MESSAGE_LIMIT, measure: (s: string) => number = (s) => s.length): string[] {
  if (measure(text) <= limit) return [text];
  const out: string[] = [];
  const separators = ["\n\n", "\n", " "];
  const pack = (pieces: readonly string[], sep: string, level: number): void => {
    let current = "";
    const flush = (): void => {
      if (current) out.push(current);
      current = "";
    };
    for (const piece of pieces) {
      const joined = current ? `${current}${sep}${piece}` : piece;
      if (measure(joined) <= limit) {
        current = joined;
        continue;
      }
      flush();
      if (measure(piece) <= limit) current = piece;
      else if (level + 1 < separators.length) pack(piece.split(separators[level + 1]!), separators[level + 1]!, level + 1);
      else out.push(...hardCut(piece, limit, measure));
    }
    flush();
  };
  pack(text.split(separators[0]!), separators[0]!, 0);
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

/** A word longer than a message: cut by code points so no surrogate pair is broken. */
function hardCut(word: string, limit: number, measure: (s: string) => number): string[] {
  const out: string[] = [];
  let current = "";
  for (const ch of word) {
    if (measure(current + ch) > limit) {
      out.push(current);
      current = "";
    }
    current += ch;
  }
  if (current) out.push(current);
  return out;
}
