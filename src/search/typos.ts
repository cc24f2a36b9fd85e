/**
 * Typo tolerance: a word the lexicon and the clauses don't know is compared, with Fuse.js, to the
 * words they do know, and replaced by a close one. Only long words are tried, against known
 * words of nearly the same length that start with the same letter: typing slips rarely hit the
 * first letter, and everyday words must not turn into rule words.
 */
import Fuse from "fuse.js";

const MIN_LENGTH = 5;
const MAX_SCORE = 0.2;
const CACHE_LIMIT = 5_000;

export class TypoFixer {
  private readonly byLetter = new Map<string, Fuse<string>>();
  private readonly known: ReadonlySet<string>;
  private readonly cache = new Map<string, string | null>();

  constructor(words: Iterable<string>) {
    this.known = new Set(words);
    const groups = new Map<string, string[]>();
    for (const w of this.known) {
      const list = groups.get(w[0]!);
      if (list) list.push(w);
      else groups.set(w[0]!, [w]);
    }
    for (const [letter, list] of groups) {
      this.byLetter.set(letter, new Fuse(list, { includeScore: true, threshold: MAX_SCORE, distance: 20, minMatchCharLength: 3 }));
    }
  }

  /** A known word close to `token`, or null when there is none or the token is known. */
  fix(token: string): string | null {
    if (token.length < MIN_LENGTH || /\d/.test(token) || this.known.has(token)) return null;
    const cached = this.cache.get(token);
    if (cached !== undefined) return cached;
    let best: string | null = null;
    const fuse = this.byLetter.get(token[0]!);
    if (fuse) {
      for (const r of fuse.search(token, { limit: 5 })) {
        if (Math.abs(r.item.length - token.length) <= 1 && (r.score ?? 1) <= MAX_SCORE) {
          best = r.item;
          break;
        }
      }
    }
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(token, best);
    return best;
  }
}
