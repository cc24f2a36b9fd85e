/**
 * One analysis for clauses and messages alike, so both sides meet on the same terms:
 * tokens -> lexicon concepts (players' words brought to one canonical word) -> stems of the rest,
 * stopwords dropped. A concept term is `@` + the canonical word of its group.
 */
import type { LexiconFile } from "../knowledge/lexicon-schema.js";
import { normalise, tokenize } from "./normalize.js";
import { PhraseSet } from "./phrases.js";
import { stem } from "./stem.js";

export interface Analysis {
  readonly tokens: readonly string[];
  /** concept and stem terms, in text order, repeats kept */
  readonly terms: readonly string[];
  /** tokens matched by no lexicon word and no stopword (candidates for typo correction) */
  readonly unmatched: readonly number[];
}

export interface Lexicon {
  readonly synonyms: PhraseSet;
  readonly stopwords: PhraseSet;
  readonly domain: PhraseSet;
  readonly foreign: PhraseSet;
  readonly lateness: PhraseSet;
  readonly suits: PhraseSet;
  /** label `fact=value` */
  readonly facts: PhraseSet;
  /** surface words the lexicon names, for typo correction */
  readonly words: ReadonlySet<string>;
}

export const conceptTerm = (canonical: string): string => `@${normalise(canonical.replace(/[*=]/g, ""))}`;

export function compileLexicon(file: LexiconFile): Lexicon {
  const words = new Set<string>();
  const note = (pattern: string): string => {
    const n = pattern
      .split(/\s+/)
      .map((w) => {
        const mark = w.startsWith("=") ? "=" : "";
        const star = w.endsWith("*") ? "*" : "";
        const core = normalise(w.replace(/[*=]/g, ""));
        if (core.length >= 4 && !core.includes(" ")) words.add(core);
        return core ? `${mark}${core}${star}` : "";
      })
      .filter(Boolean)
      .join(" ");
    return n;
  };
  const synonyms = new PhraseSet();
  for (const group of file.synonyms) {
    const label = conceptTerm(group[0]!);
    for (const word of group) synonyms.add(note(word), label);
  }
  const facts = new PhraseSet();
  for (const [fact, values] of Object.entries(file.facts)) {
    for (const [value, cues] of Object.entries(values)) for (const cue of cues) facts.add(note(cue), `${fact}=${value}`);
  }
  const set = (list: readonly string[], label: string): PhraseSet => {
    const s = new PhraseSet();
    for (const w of list) s.add(note(w), label);
    return s;
  };
  return {
    synonyms,
    facts,
    stopwords: set(file.stopwords, "stop"),
    domain: set(file.domain, "domain"),
    foreign: set(file.foreign, "foreign"),
    lateness: set(file.lateness, "late"),
    suits: set(file.suits, "suit"),
    words,
  };
}

export function stemsOf(tokens: readonly string[]): string[] {
  const stems = new Array<string>(tokens.length);
  for (let i = 0; i < tokens.length; i++) stems[i] = stem(tokens[i]!);
  return stems;
}

/** `stems`: the tokens' stems when the caller has them already. */
export function analyseTokens(lex: Lexicon, tokens: readonly string[], stems: readonly string[] = stemsOf(tokens)): Analysis {
  const terms: string[] = [];
  const unmatched: number[] = [];
  for (let i = 0; i < tokens.length; ) {
    const hit = lex.synonyms.matchAt(tokens, stems, i);
    if (hit) {
      for (const l of hit.labels) terms.push(l);
      i += hit.length;
      continue;
    }
    const stop = lex.stopwords.matchAt(tokens, stems, i);
    if (stop) {
      i += stop.length;
      continue;
    }
    if (tokens[i]!.length > 1) {
      terms.push(stems[i]!);
      unmatched.push(i);
    }
    i++;
  }
  return { tokens, terms, unmatched };
}

export function analyse(lex: Lexicon, text: string): Analysis {
  return analyseTokens(lex, tokenize(text));
}
