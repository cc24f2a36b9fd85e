/**
 * Facts a message states outright, found by the lexicon's cue words (`facts:`): who, which game,
 * which phase, when it was noticed, first or repeated, the contract's level. Where a message names
 * two values of one fact, the first named wins: players set the scene first ("на распасах ...").
 * Minutes late come from the number next to "минут", with a word that says someone was late.
 */
import type { Facts } from "./types.js";
import type { Lexicon } from "./analyze.js";
import { stemsOf } from "./analyze.js";

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  одну: 1, одна: 1, две: 2, два: 2, пару: 2, три: 3, четыре: 4, пять: 5, шесть: 6, семь: 7, восемь: 8, девять: 9, десять: 10,
  пятнадцать: 15, двадцать: 20, тридцать: 30, сорок: 40, полчаса: 30, час: 60,
};

export interface Stated {
  readonly facts: Facts;
  readonly minutes?: number;
  /** positions of the tokens that only say when it was done ("до первого хода"): the when, not the what */
  readonly timing: readonly number[];
}

/** facts whose cue words are left out of matching: a move named as a point in time is not the incident */
const TIMING_FACTS = new Set(["acted"]);

/** Minutes stated as "через 8 минут", "на десять минут", "полчаса". */
export function statedMinutes(tokens: readonly string[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === "полчаса") return 30;
    if (t === "час" && (tokens[i - 1] === "на" || tokens[i - 1] === "через")) return 60;
    if (!t.startsWith("мин")) continue;
    const prev = tokens[i - 1];
    if (prev === undefined) continue;
    const n = /^\d+$/.test(prev) ? Number(prev) : NUMBER_WORDS[prev];
    // "двадцать пять минут"
    const before = tokens[i - 2];
    const tens = before !== undefined ? NUMBER_WORDS[before] : undefined;
    if (n !== undefined) return tens !== undefined && tens >= 20 && n < 10 ? tens + n : n;
  }
  return undefined;
}

export function lateValue(minutes: number): string {
  return minutes <= 5 ? "upto5" : minutes <= 20 ? "from5to20" : "over20";
}

/** `fact=value` labels split once: they are the lexicon's, a few hundred at most */
const split = new Map<string, readonly [string, string]>();
function factOf(label: string): readonly [string, string] {
  let fv = split.get(label);
  if (!fv) split.set(label, (fv = label.split("=") as unknown as readonly [string, string]));
  return fv;
}

/** `stems`: the tokens' stems when the caller has them already. */
export function extractFacts(lex: Lexicon, tokens: readonly string[], stems: readonly string[] = stemsOf(tokens)): Stated {
  const facts: Record<string, string> = {};
  const timing: number[] = [];
  for (const hit of lex.facts.scan(tokens, stems)) {
    let when = false;
    for (const label of hit.labels) {
      const [fact, value] = factOf(label);
      if (!(fact in facts)) facts[fact] = value;
      if (TIMING_FACTS.has(fact)) when = true;
    }
    if (when) for (let i = hit.start; i < hit.start + hit.length; i++) timing.push(i);
  }
  const minutes = statedMinutes(tokens);
  if (minutes !== undefined && lex.lateness.scan(tokens, stems).length > 0) {
    facts.late = lateValue(minutes);
    return { facts, minutes, timing };
  }
  return minutes === undefined ? { facts, timing } : { facts, minutes, timing };
}
