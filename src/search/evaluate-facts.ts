/**
 * Measures the facts a matcher reads against writers' labels. A labelled line is
 * `{"text", "facts": {fact: value}, …}` (the other fields, clause ids and kind, are the search's and
 * are ignored here). The writers label every fact the text states; a fact absent from a line's labels
 * is one the text does not state, so reading it is an assumption — counted apart as "unlabelled",
 * since a writer may also have left out a fact the text does state. Only the facts some line of the
 * set labels are compared: a set says nothing of the others.
 */
import type { Fact } from "../knowledge/types.js";
import type { Matcher, Ruleset } from "./types.js";

export interface FactsLabelledQuery {
  readonly text: string;
  /** fact id -> value id (knowledge/facts.yaml), every fact the text states */
  readonly facts: Readonly<Record<string, string>>;
}

/** One fact read where the labels say otherwise: `label` absent when the writer did not label it. */
export interface FactReading {
  readonly text: string;
  readonly fact: string;
  readonly read: string;
  readonly label?: string;
}

export interface FactCounts {
  /** labels the writers gave */
  readonly labelled: number;
  /** facts the matcher read */
  readonly read: number;
  /** read with the labelled value */
  readonly agree: number;
  /** read with another value than the labelled one */
  readonly wrong: number;
  /** read where the writer labelled nothing: the text does not state it, by the writers' brief */
  readonly unlabelled: number;
  /** labelled and not read: the judge asks */
  readonly notRead: number;
}

export interface FactsFigures extends FactCounts {
  readonly lines: number;
  /** the facts compared: those some line of the set labels */
  readonly compared: readonly string[];
  readonly byFact: Readonly<Record<string, FactCounts>>;
  readonly wrongReads: readonly FactReading[];
  readonly unlabelledReads: readonly FactReading[];
}

/**
 * The labelled lines of a facts set; with `known` (knowledge/facts.yaml), a label of a fact or a
 * value it does not define is an error naming the line.
 */
export function parseFactsQueries(source: string, known?: ReadonlyMap<string, Fact>): FactsLabelledQuery[] {
  return source
    .split("\n")
    .map((line, i) => ({ line, at: i + 1 }))
    .filter(({ line }) => line.trim())
    .map(({ line, at }) => {
      const q = JSON.parse(line) as { text?: unknown; facts?: unknown };
      if (typeof q.text !== "string") throw new Error(`line ${at}: expected a "text" string`);
      const facts = q.facts ?? {};
      if (typeof facts !== "object" || facts === null || Array.isArray(facts))
        throw new Error(`line ${at}: "facts" is an object {fact: value}`);
      const labels: Record<string, string> = {};
      for (const [fact, value] of Object.entries(facts as Record<string, unknown>)) {
        if (typeof value !== "string") throw new Error(`line ${at}: facts.${fact} is a value id (a string)`);
        if (known) {
          const def = known.get(fact);
          if (!def) throw new Error(`line ${at}: facts.${fact}: no such fact in knowledge/facts.yaml`);
          if (!(value in def.values)) throw new Error(`line ${at}: facts.${fact}: value "${value}" is not defined for fact ${fact}`);
        }
        labels[fact] = value;
      }
      return { text: q.text, facts: labels };
    });
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
const zero = (): Mutable<FactCounts> => ({ labelled: 0, read: 0, agree: 0, wrong: 0, unlabelled: 0, notRead: 0 });

/** The facts `matcher` reads of each line (as the bot reads them, in `ruleset`), against the labels. */
export function evaluateFacts(matcher: Matcher, queries: readonly FactsLabelledQuery[], ruleset: Ruleset = "both"): FactsFigures {
  const compared = [...new Set(queries.flatMap((q) => Object.keys(q.facts)))].sort();
  const total = zero();
  const byFact: Record<string, Mutable<FactCounts>> = Object.fromEntries(compared.map((f) => [f, zero()]));
  const wrongReads: FactReading[] = [];
  const unlabelledReads: FactReading[] = [];
  for (const q of queries) {
    const read = matcher.match(q.text, ruleset).facts;
    for (const fact of compared) {
      const label = q.facts[fact];
      const value = read[fact];
      const counts = [total, byFact[fact]!];
      const add = (key: keyof FactCounts): void => counts.forEach((c) => c[key]++);
      if (label !== undefined) add("labelled");
      if (value === undefined) {
        if (label !== undefined) add("notRead");
        continue;
      }
      add("read");
      if (label === undefined) {
        add("unlabelled");
        unlabelledReads.push({ text: q.text, fact, read: value });
      } else if (label === value) add("agree");
      else {
        add("wrong");
        wrongReads.push({ text: q.text, fact, read: value, label });
      }
    }
  }
  return { lines: queries.length, compared, ...total, byFact, wrongReads, unlabelledReads };
}
