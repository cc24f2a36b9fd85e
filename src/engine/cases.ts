/**
 * Which cases of a clause are still possible, and which question to ask next. A case applies
 * under its `when` (fact -> allowed values; an absent fact allows any); the judge asks only
 * questions that still change the verdict, the most decisive first.
 */
import type { Case, Clause, Knowledge } from "../knowledge/types.js";
import { UNKNOWN } from "./state.js";

/** fact id -> value id, or UNKNOWN when the player said «Не знаю» */
export type Known = Readonly<Record<string, string>>;

export function consistent(c: Case, known: Known): boolean {
  for (const [fact, values] of Object.entries(c.when)) {
    const v = known[fact];
    if (v !== undefined && v !== UNKNOWN && !values.includes(v)) return false;
  }
  return true;
}

/** Two cases with the same ruling and penalties give the same verdict. */
export function signature(c: Case): string {
  return JSON.stringify([c.ruling.trim(), c.penalties, c.silent ?? false]);
}

function fullyKnown(c: Case, known: Known): boolean {
  return Object.keys(c.when).every((f) => known[f] !== undefined && known[f] !== UNKNOWN);
}

/**
 * The cases consistent with what is known. A case whose conditions are all known drops the
 * cases it is more specific than (a general «otherwise» case yields to the specific one).
 */
export function possibleCases(clause: Clause, known: Known): Case[] {
  const fits = clause.cases.filter((c) => consistent(c, known));
  return fits.filter((x) => {
    const xKeys = Object.keys(x.when);
    return !fits.some((y) => {
      if (y === x || !fullyKnown(y, known)) return false;
      const yKeys = Object.keys(y.when);
      return yKeys.length > xKeys.length && xKeys.every((k) => yKeys.includes(k));
    });
  });
}

export function outcomes(cases: readonly Case[]): number {
  return new Set(cases.map(signature)).size;
}

/**
 * Facts the description stated, as they apply to this clause: taken one at a time and skipped
 * when they would rule out every case (the matcher may read a fact the clause does not know).
 * A clause about a single phase of the game tells the phase itself.
 */
export function clauseFacts(clause: Clause, stated: Readonly<Record<string, string>>, k: Knowledge): Record<string, string> {
  const known: Record<string, string> = {};
  for (const [fact, value] of Object.entries(stated)) {
    const def = k.facts.get(fact);
    if (!def || !(value in def.values)) continue;
    if (possibleCases(clause, { ...known, [fact]: value }).length > 0) known[fact] = value;
  }
  const onlyPhase = clause.phase.length === 1 ? clause.phase[0] : undefined;
  if (onlyPhase && known.phase === undefined && k.facts.get("phase")?.values[onlyPhase] !== undefined) {
    if (possibleCases(clause, { ...known, phase: onlyPhase }).length > 0) known.phase = onlyPhase;
  }
  if (known.game === "misere" && known.level === undefined && k.facts.get("level")?.values.misere !== undefined) known.level = "misere";
  return known;
}

export interface Question {
  readonly fact: string;
  /** the values worth a button, in the order knowledge/facts.yaml lists them */
  readonly values: readonly string[];
  /** the judge's own wording, where neither the clause nor knowledge/facts.yaml fits */
  readonly wording?: string;
}

/** The values of a fact that leave at least one case possible. */
export function offeredValues(clause: Clause, known: Known, fact: string, k: Knowledge): string[] {
  const def = k.facts.get(fact);
  if (!def) return [];
  return Object.keys(def.values).filter((v) => possibleCases(clause, { ...known, [fact]: v }).length > 0);
}

/**
 * The most decisive question still worth asking, or null when the verdict no longer depends on
 * anything unasked. Decisive = fewest different verdicts left on average over its answers.
 */
export function nextQuestion(clause: Clause, known: Known, k: Knowledge): Question | null {
  const now = possibleCases(clause, known);
  const left = outcomes(now);
  if (left <= 1) return null;
  const order = [...Object.keys(clause.questions ?? {}), ...k.facts.keys()];
  const facts = [...new Set(now.flatMap((c) => Object.keys(c.when)))].filter((f) => known[f] === undefined && k.facts.has(f));
  let best: { q: Question; score: number; rank: number } | null = null;
  for (const fact of facts) {
    const values = offeredValues(clause, known, fact, k);
    if (values.length < 2) continue;
    const after = values.map((v) => outcomes(possibleCases(clause, { ...known, [fact]: v })));
    if (after.every((n) => n >= left)) continue;
    const score = after.reduce((a, b) => a + b, 0) / after.length;
    const rank = order.indexOf(fact);
    if (!best || score < best.score - 1e-9 || (Math.abs(score - best.score) < 1e-9 && rank < best.rank)) {
      best = { q: { fact, values }, score, rank };
    }
  }
  return best?.q ?? null;
}

/** The conditions of a case on facts that are still open, for a conditional verdict. */
export function openConditions(c: Case, known: Known): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const [fact, values] of Object.entries(c.when)) {
    const v = known[fact];
    if (v === undefined || v === UNKNOWN) out[fact] = values;
  }
  return out;
}
