/**
 * Typo tolerance: a word the lexicon and the clauses don't know is compared, with Fuse.js, to the
 * words they do know, and replaced by a close one. Only long words are tried, against known
 * words of nearly the same length that start with the same letter: typing slips rarely hit the
 * first letter, and everyday words must not turn into rule words. A letter's index is built when
 * a word first needs it, not at start-up.
 */
import Fuse from "fuse.js";

const MIN_LENGTH = 5;
const MAX_SCORE = 0.2;
const CACHE_LIMIT = 5_000;

export class TypoFixer {
  /** known words by first letter; each letter's Fuse index is built the first time a word needs it */
  private readonly groups = new Map<string, string[]>();
  private readonly byLetter = new Map<string, Fuse<string>>();
  private readonly known: ReadonlySet<string>;
  private readonly cache = new Map<string, string | null>();

  constructor(words: Iterable<string>) {
    this.known = new Set(words);
    for (const w of this.known) {
      const list = this.groups.get(w[0]!);
      if (list) list.push(w);
      else this.groups.set(w[0]!, [w]);
    }
  }

  private fuseFor(letter: string): Fuse<string> | undefined {
    let fuse = this.byLetter.get(letter);
    if (fuse) return fuse;
    const list = this.groups.get(letter);
    if (!list) return undefined;
    fuse = new Fuse(list, { includeScore: true, threshold: MAX_SCORE, distance: 20, minMatchCharLength: 3 });
    this.byLetter.set(letter, fuse);
    return fuse;
  }

  /** A known word close to `token`, or null when there is none or the token is known. */
  fix(token: string): string | null {
    if (token.length < MIN_LENGTH || /\d/.test(token) || this.known.has(token)) return null;
    const cached = this.cache.get(token);
    if (cached !== undefined) return cached;
    let best: string | null = null;
    const fuse = this.fuseFor(token[0]!);
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
