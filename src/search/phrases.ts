/**
 * Phrase patterns of the lexicon, matched over a token sequence. A pattern is words separated
 * by spaces; each word is
 *   `слово`   — any form the stemmer brings to the same stem (сдатчик, сдатчика, сдатчику);
 *   `слов*`   — any word starting so (засвет* = засветил, засветила, засвеченная);
 *   `=слово`  — exactly this form (вистующий, but not вистующим).
 * Where several patterns fit at one place, the one covering more words wins, then the more
 * exact one: an exact form, then the longer stem or prefix (a stem cut short, like игра for
 * играющий, must not beat играющ*).
 */
import { stem } from "./stem.js";

type Part = { readonly kind: "exact" | "stem" | "prefix"; readonly value: string };

interface Pattern {
  readonly parts: readonly Part[];
  readonly labels: Set<string>;
  readonly specificity: number;
}

interface Found {
  best: Pattern | undefined;
  labels: Set<string> | undefined;
}

export interface PhraseHit {
  readonly start: number;
  /** tokens covered */
  readonly length: number;
  readonly labels: readonly string[];
}

function parsePart(word: string): Part {
  if (word.startsWith("=")) return { kind: "exact", value: word.slice(1) };
  if (word.endsWith("*")) return { kind: "prefix", value: word.slice(0, -1) };
  return { kind: "stem", value: stem(word) };
}

function partMatches(part: Part, token: string, tokenStem: string): boolean {
  switch (part.kind) {
    case "exact":
      return token === part.value;
    case "stem":
      return tokenStem === part.value || token === part.value;
    case "prefix":
      return token.startsWith(part.value);
  }
}

function specificity(parts: readonly Part[]): number {
  return parts.reduce((sum, p) => sum + (p.kind === "exact" ? 100 : p.value.length), 0);
}

export class PhraseSet {
  private readonly byExact = new Map<string, Pattern[]>();
  private readonly byStem = new Map<string, Pattern[]>();
  /** prefix patterns by their whole first prefix: a token looks up each of its own prefixes */
  private readonly byPrefix = new Map<string, Pattern[]>();
  private minPrefix = Infinity;
  private maxPrefix = 0;
  private readonly patterns = new Map<string, Pattern>();

  /** Adds a pattern (already normalised text) that yields `label` where it matches. */
  add(pattern: string, label: string): void {
    const words = pattern.split(" ").filter(Boolean);
    if (words.length === 0) return;
    const key = words.join(" ");
    const known = this.patterns.get(key);
    if (known) {
      known.labels.add(label);
      return;
    }
    const parts = words.map(parsePart);
    const entry: Pattern = { parts, labels: new Set([label]), specificity: specificity(parts) };
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

  /** The best pattern starting at token `i`, or undefined. Hot: allocates only on a hit. */
  matchAt(tokens: readonly string[], stems: readonly string[], i: number): PhraseHit | undefined {
    const token = tokens[i]!;
    const tokenStem = stems[i]!;
    const found: Found = { best: undefined, labels: undefined };
    this.consider(found, this.byExact.get(token), tokens, stems, i);
    this.consider(found, this.byStem.get(tokenStem), tokens, stems, i);
    if (token !== tokenStem) this.consider(found, this.byStem.get(token), tokens, stems, i);
    for (let len = this.minPrefix; len <= Math.min(this.maxPrefix, token.length); len++) {
      this.consider(found, this.byPrefix.get(token.slice(0, len)), tokens, stems, i);
    }
    return found.best ? { start: i, length: found.best.parts.length, labels: [...found.labels!] } : undefined;
  }

  /** Keeps in `found` the best of `list` that matches at `i` (more words, then more specific). */
  private consider(found: Found, list: readonly Pattern[] | undefined, tokens: readonly string[], stems: readonly string[], i: number): void {
    if (!list) return;
    for (const p of list) {
      if (i + p.parts.length > tokens.length) continue;
      let ok = true;
      for (let k = 0; k < p.parts.length && ok; k++) ok = partMatches(p.parts[k]!, tokens[i + k]!, stems[i + k]!);
      if (!ok) continue;
      const best = found.best;
      const cmp = best ? p.parts.length - best.parts.length || p.specificity - best.specificity : 1;
      if (cmp > 0) {
        found.best = p;
        found.labels = new Set(p.labels);
      } else if (cmp === 0) for (const l of p.labels) found.labels!.add(l);
    }
  }

  /** All hits, left to right; a hit consumes its tokens. */
  scan(tokens: readonly string[], stems: readonly string[]): PhraseHit[] {
    const hits: PhraseHit[] = [];
    for (let i = 0; i < tokens.length; ) {
      const hit = this.matchAt(tokens, stems, i);
      if (hit) {
        hits.push(hit);
        i += hit.length;
      } else i++;
    }
    return hits;
  }
}
