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
  одну: 1,
  одна: 1,
  две: 2,
  два: 2,
  пару: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
  десять: 10,
  пятнадцать: 15,
  двадцать: 20,
  тридцать: 30,
  сорок: 40,
  полчаса: 30,
  час: 60,
};

export interface Stated {
  readonly facts: Facts;
  readonly minutes?: number;
  /** positions of the tokens that only say when it was done ("до первого хода"): the when, not the what */
  readonly timing: readonly number[];
}

/** facts whose cue words are left out of matching: a move named as a point in time is not the incident */
const TIMING_FACTS = new Set(["acted"]);

const numberOf = (token: string | undefined): number | undefined =>
  token === undefined ? undefined : /^\d+$/.test(token) ? Number(token) : NUMBER_WORDS[token];

/** "двадцать пять" read from its first word at `i`: 25; a single number word or digits as they are. */
function numberAt(tokens: readonly string[], i: number): number | undefined {
  const n = numberOf(tokens[i]);
  const unit = numberOf(tokens[i + 1]);
  return n !== undefined && n >= 20 && unit !== undefined && unit < 10 ? n + unit : n;
}

/**
 * Minutes stated as "через 8 минут", "на десять минут", "полчаса", or the other way round, as
 * players say an estimate: "минут на 25", "минут десять".
 */
export function statedMinutes(tokens: readonly string[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === "полчаса") return 30;
    if (t === "час" && (tokens[i - 1] === "на" || tokens[i - 1] === "через")) return 60;
    // минут, минуты, минутку, мин — not минус or минимум
    if (t !== "мин" && !t.startsWith("минут")) continue;
    const prev = numberOf(tokens[i - 1]);
    if (prev !== undefined) {
      // "двадцать пять минут"
      const tens = numberOf(tokens[i - 2]);
      return tens !== undefined && tens >= 20 && prev < 10 ? tens + prev : prev;
    }
    const after = tokens[i + 1] === "на" || tokens[i + 1] === "через" ? i + 2 : i + 1;
    const next = numberAt(tokens, after);
    if (next !== undefined) return next;
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
