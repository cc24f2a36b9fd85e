/**
 * Phrase patterns of the lexicon, matched over a token sequence. A pattern is words separated
 * by spaces; each word is
 *   `слово`   — any form the stemmer brings to the same stem (сдатчик, сдатчика, сдатчику);
 *   `слов*`   — any word starting so (засвет* = засветил, засветила, засвеченная);
 *   `=слово`  — exactly this form (вистующий, but not вистующим);
 *   `~`       — any one word but a negation, between two others: a name said inside a phrase
 *               («пока ~ сдавал*» = «пока Серёга сдавал», not «пока не сдавали»).
 * Where several patterns fit at one place, the one covering more words wins, then the more
 * exact one: an exact form, then the longer stem or prefix (a stem cut short, like игра for
 * играющий, must not beat играющ*).
 */
import { stem } from "./stem.js";

type Part = { readonly kind: "exact" | "stem" | "prefix" | "any"; readonly value: string };

/** the pattern word that stands for any one word */
export const ANY_WORD = "~";

interface Pattern {
  readonly parts: readonly Part[];
  /** replaced, never changed in place: a hit hands this very array out */
  labels: readonly string[];
  readonly specificity: number;
}

export interface PhraseHit {
  readonly start: number;
  /** tokens covered */
  readonly length: number;
  readonly labels: readonly string[];
}

/** Tokens whose first-word candidates are remembered; players' vocabulary is far smaller. */
const STARTS_LIMIT = 20_000;
const NONE: readonly Pattern[] = Object.freeze([]);

function parsePart(word: string): Part {
  if (word === ANY_WORD) return { kind: "any", value: "" };
  if (word.startsWith("=")) return { kind: "exact", value: word.slice(1) };
  if (word.endsWith("*")) return { kind: "prefix", value: word.slice(0, -1) };
  return { kind: "stem", value: stem(word) };
}

function partMatches(part: Part, token: string, tokenStem: string, refused: ReadonlySet<string>): boolean {
  switch (part.kind) {
    case "any":
      return !refused.has(token);
    case "exact":
      return token === part.value;
    case "stem":
      return tokenStem === part.value || token === part.value;
    case "prefix":
      return token.startsWith(part.value);
  }
}

function addAll(to: Pattern[], list: readonly Pattern[] | undefined): void {
  if (list) for (let k = 0; k < list.length; k++) to.push(list[k]!);
}

function specificity(parts: readonly Part[]): number {
  return parts.reduce((sum, p) => sum + (p.kind === "exact" ? 100 : p.value.length), 0);
}

export class PhraseSet {
  /** `refused`: the words `~` does not stand for (negations) */
  constructor(private readonly refused: ReadonlySet<string> = new Set()) {}

  private readonly byExact = new Map<string, Pattern[]>();
  private readonly byStem = new Map<string, Pattern[]>();
  /** prefix patterns by their whole first prefix: a token looks up each of its own prefixes */
  private readonly byPrefix = new Map<string, Pattern[]>();
  private minPrefix = Infinity;
  private maxPrefix = 0;
  private readonly patterns = new Map<string, Pattern>();
  /**
   * token -> the patterns whose first word fits it, in the order they are weighed (exact form,
   * stem, the token itself as a stem, prefixes shortest first): the look-ups a token needs are
   * done once per distinct word, not once per message.
   */
  private readonly starts = new Map<string, readonly Pattern[]>();

  /** Adds a pattern (already normalised text) that yields `label` where it matches. */
  add(pattern: string, label: string): void {
    const words = pattern.split(" ").filter(Boolean);
    if (words.length === 0) return;
    this.starts.clear();
    const key = words.join(" ");
    const known = this.patterns.get(key);
    if (known) {
      if (!known.labels.includes(label)) known.labels = [...known.labels, label];
      return;
    }
    // a negation is matched as written: «не первый раз» is not «неё первый раз» (the stemmer takes «неё» to «не»)
    const parts = words
      .map(parsePart)
      .map((p): Part => (p.kind === "stem" && this.refused.has(p.value) ? { kind: "exact", value: p.value } : p));
    // a word of any kind only between two others: it has no look-up of its own, and one at the end adds nothing
    if (parts[0]!.kind === "any" || parts[parts.length - 1]!.kind === "any")
      throw new Error(`«${ANY_WORD}» must stand between two words: «${pattern}»`);
    const entry: Pattern = { parts, labels: [label], specificity: specificity(parts) };
    this.patterns.set(key, entry);
    const first = parts[0]!;
    const map = first.kind === "exact" ? this.byExact : first.kind === "stem" ? this.byStem : this.byPrefix;
    const bucket = first.value;
    if (first.kind === "prefix") {
      this.minPrefix = Math.min(this.minPrefix, bucket.length);
      this.maxPrefix = Math.max(this.maxPrefix, bucket.length);
    }
    const list = map.get(bucket);
    if (list) list.push(entry);
    else map.set(bucket, [entry]);
  }

  /** The patterns whose first word fits `token` (whose stem is `tokenStem`), remembered per token. */
  private startsOf(token: string, tokenStem: string): readonly Pattern[] {
    const known = this.starts.get(token);
    if (known !== undefined) return known;
    const found: Pattern[] = [];
    addAll(found, this.byExact.get(token));
    addAll(found, this.byStem.get(tokenStem));
    if (token !== tokenStem) addAll(found, this.byStem.get(token));
    for (let len = this.minPrefix; len <= Math.min(this.maxPrefix, token.length); len++)
      addAll(found, this.byPrefix.get(token.slice(0, len)));
    const list = found.length === 0 ? NONE : found;
    if (this.starts.size >= STARTS_LIMIT) this.starts.clear();
    this.starts.set(token, list);
    return list;
  }

  /** Whether some pattern's first word fits `token` (whose stem is `tokenStem`): if not, no pattern starts there. */
  startsWith(token: string, tokenStem: string): boolean {
    return this.startsOf(token, tokenStem).length > 0;
  }

  /**
   * The best pattern starting at token `i`, or undefined. `stems[k]` is `stem(tokens[k])`.
   * Hot: allocates only on a hit (and a fresh label list only when equal patterns tie).
   */
  matchAt(tokens: readonly string[], stems: readonly string[], i: number): PhraseHit | undefined {
    const list = this.startsOf(tokens[i]!, stems[i]!);
    if (list.length === 0) return undefined;
    let best: Pattern | undefined;
    let labels: readonly string[] = NONE as readonly never[];
    let own: string[] | undefined;
    for (let c = 0; c < list.length; c++) {
      const p = list[c]!;
      const n = p.parts.length;
      if (i + n > tokens.length) continue;
      let ok = true;
      // the first word fits by construction of `starts`
      for (let k = 1; k < n && ok; k++) ok = partMatches(p.parts[k]!, tokens[i + k]!, stems[i + k]!, this.refused);
      if (!ok) continue;
      const cmp = best ? n - best.parts.length || p.specificity - best.specificity : 1;
      if (cmp > 0) {
        best = p;
        labels = p.labels;
        own = undefined;
      } else if (cmp === 0) {
        // equal patterns pool their labels, first seen first
        for (const l of p.labels) {
          if (labels.includes(l)) continue;
          if (!own) labels = own = [...labels];
          own.push(l);
        }
      }
    }
    return best ? { start: i, length: best.parts.length, labels } : undefined;
  }

  /** All hits, left to right; a hit consumes its tokens. */
  scan(tokens: readonly string[], stems: readonly string[]): PhraseHit[] {
    const hits: PhraseHit[] = [];
    for (let i = 0; i < tokens.length;) {
      const hit = this.matchAt(tokens, stems, i);
      if (hit) {
        hits.push(hit);
        i += hit.length;
      } else i++;
    }
    return hits;
  }
}
