/**
 * A repeat offence asked about a judges' log's earlier cases. Where a clause rules a repeat
 * apart from a first offence, the judge asks «Впервые или повторно?» from the player's memory;
 * an adapter whose log holds earlier rulings of the clause in the tournament passes their case
 * numbers in (Input `earlierCases`), and the judge asks instead «Это тот же игрок, что в случае
 * №N?»: «да» is a repeat (of that case), «нет» a first offence; where the clause rules a
 * many-times offence apart (fspr-10.4.13), «Многократно» stays offered. The fact and its values are
 * knowledge/facts.yaml's `repeat` (first, repeated, many); test/engine/earlier-cases.test.ts
 * checks they are there.
 */
import type { Clause, Knowledge } from "../knowledge/types.js";
import { possibleCases, signature, type Known, type Question } from "./cases.js";
import { MAX_EARLIER_CASES, type State } from "./state.js";
import { normalize } from "./text-answer.js";

export const REPEAT_FACT = "repeat";
export const FIRST = "first";
export const REPEATED = "repeated";
export const MANY = "many";

/** Whether «многократно» rules otherwise than «повторно» here: then the log's question offers it too. */
export function manyRulesApart(clause: Clause, known: Known, q: Question, k: Knowledge): boolean {
  if (!q.values.includes(MANY)) return false;
  const ruling = (value: string): string =>
    possibleCases(clause, { ...known, [REPEAT_FACT]: value }, k)
      .map(signature)
      .sort()
      .join("|");
  return ruling(MANY) !== ruling(REPEATED);
}

/** Whether a question is the repeat one with both answers the log's question gives. */
export function isRepeatQuestion(q: Question): boolean {
  return q.fact === REPEAT_FACT && q.values.includes(FIRST) && q.values.includes(REPEATED);
}

/** The earlier cases the repeat question of this clause is asked about; none: the judge's own question. */
export function earlierCasesOf(s: State, clause: string): readonly number[] {
  return s.earlierCases?.clause === clause ? s.earlierCases.cases : [];
}

/** Case numbers as an adapter passed them: whole numbers ≥ 1, each once, at most three, order kept. */
export function cleanCaseNumbers(cases: unknown): number[] {
  if (!Array.isArray(cases)) return [];
  const out: number[] = [];
  for (const n of cases as unknown[]) if (typeof n === "number" && Number.isSafeInteger(n) && n >= 1 && !out.includes(n)) out.push(n);
  return out.slice(0, MAX_EARLIER_CASES);
}

/** «Это тот же игрок, что в случае №7? Раньше в турнире по этому пункту также: №4, №2.» */
export function earlierQuestion(cases: readonly number[]): string {
  const others = cases.slice(1).map((n) => `№${n}`);
  const also = others.length ? ` Раньше в турнире по этому пункту также: ${others.join(", ")}.` : "";
  return `Это тот же игрок, что в случае №${cases[0]}?${also}`;
}

export const sameAsLabel = (caseNo: number): string => `Да, как в №${caseNo}`;
export const NOT_SAME = "Нет, другой игрок";

/** What the player said of the repeat answered about earlier cases, as it stands beside the fact. */
export function earlierBasis(value: string, sameAs: number | undefined, cases: readonly number[]): string | undefined {
  if (value === REPEATED && sameAs !== undefined) return `тот же игрок, что в случае №${sameAs}`;
  if (value === FIRST)
    return cases.length > 1
      ? `не тот игрок, что в случаях ${cases.map((n) => `№${n}`).join(", ")}`
      : `не тот игрок, что в случае №${cases[0]}`;
  return undefined;
}

/** A typed «да» or «нет» to the log's question: the value and, for «да», the newest earlier case. */
export function typedYesNo(text: string, cases: readonly number[]): { value: string; sameAs?: number } | null {
  const t = normalize(text);
  if (/^(да|ага|тот же|он же|она же)( |$)/.test(t)) return { value: REPEATED, sameAs: cases[0]! };
  if (/^(нет|не тот|другой|другая)( |$)/.test(t)) return { value: FIRST };
  return null;
}
