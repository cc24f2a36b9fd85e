/**
 * Repeat offences from the log, for any adapter: when the judge asks whether an offence is a
 * repeat (a reply with `asksRepeat`), the log's earlier rulings of that clause in the chat's
 * current tournament are passed back to it, and it asks «Это тот же игрок, что в случае №N?»
 * instead — once, in the dialog. With none, the judge's own question stands: the log knows
 * nothing of play outside the bot, so it never answers «впервые» by itself.
 */
import type { Judge, StepResult } from "../engine/index.js";
import { chatDay } from "./time-zone.js";
import type { LogStore } from "./types.js";

/**
 * The step's result, its repeat question (if it has one) asked about the earlier cases
 * `earlierCases` finds for the clause (`dialog`: the state the step leaves, whose case it is).
 */
export async function askAboutEarlierCases(
  judge: Judge,
  result: StepResult,
  earlierCases: (clause: string, dialog: unknown) => Promise<readonly number[] | undefined>,
): Promise<StepResult> {
  const asking = result.replies.find((r) => r.asksRepeat !== undefined);
  const clause = asking?.asksRepeat;
  if (!asking || clause === undefined) return result;
  const cases = (await earlierCases(clause, result.state)) ?? [];
  if (!cases.length) return result;
  const asked = judge.step(result.state, { kind: "earlierCases", clause, cases });
  if (asked.replies.some((r) => r.popup)) return result;
  return { state: asked.state, replies: result.replies.flatMap((r) => (r === asking ? asked.replies : [r])) };
}

/**
 * The numbers of the clause's earlier rulings in the chat's tournament now, newest first, but for
 * `ofThisCase`: the case in hand ruled before a fact of it was changed is not an earlier case.
 */
export async function earlierCaseNumbers(
  store: LogStore,
  where: { readonly chatId: number; readonly clause: string; readonly now: Date; readonly timeZone: string },
  ofThisCase: readonly number[],
): Promise<number[]> {
  const tournament = await store.currentTournament(where.chatId, chatDay(where.now, where.timeZone));
  const earlier = await store.earlierInTournament(where.chatId, where.clause, tournament, Number.MAX_SAFE_INTEGER);
  return earlier.map((e) => e.caseNo).filter((n) => !ofThisCase.includes(n));
}

/** The log's case numbers of one dialog's case: kept by an adapter while the case is open. */
export interface CasesOfDialog {
  readonly case: string;
  readonly numbers: readonly number[];
}

/** `kept` with a ruling of the case `caseId` recorded as `caseNo` (another case's numbers go). */
export function withLoggedCase(kept: CasesOfDialog | undefined, caseId: string | undefined, caseNo: number): CasesOfDialog | undefined {
  if (caseId === undefined) return undefined;
  return kept?.case === caseId ? { case: caseId, numbers: [...kept.numbers, caseNo].slice(-10) } : { case: caseId, numbers: [caseNo] };
}

/** The numbers `kept` holds for the case `caseId`. */
export const numbersOfCase = (kept: CasesOfDialog | undefined, caseId: string | undefined): readonly number[] =>
  kept !== undefined && kept.case === caseId ? kept.numbers : [];
