/**
 * The dialog state: plain, small, versioned JSON that an adapter keeps in its session and hands
 * back untouched. Anything that does not parse as the current version starts a fresh dialog.
 */
import { RULESETS, type Ruleset } from "../search/types.js";
import type { DialogState } from "./types.js";

export const STATE_VERSION = 2;

/** "?" marks a question the player answered «Не знаю». */
export const UNKNOWN = "?";

export type Stage = "idle" | "pick" | "ask" | "verdict";

export interface State extends DialogState {
  readonly v: typeof STATE_VERSION;
  readonly ruleset: Ruleset;
  /** changes with every new case, so a press from another case is recognised */
  readonly dialogId: string;
  /** bumps on every change within the dialog, so a stale press is recognised */
  readonly version: number;
  readonly stage: Stage;
  /** clause ids offered by «Что из этого произошло?» */
  readonly picks?: readonly string[];
  /** the clause being applied to the case */
  readonly clause?: string;
  /** facts the description stated (matcher): fact id -> value id */
  readonly statedFacts?: Readonly<Record<string, string>>;
  /** the player's answers in the order given: [fact id, value id or UNKNOWN] */
  readonly answers?: readonly (readonly [string, string])[];
  /** facts of `statedFacts` the player gave as answers on a clause that yielded to this one: shown as answers, not as the message's */
  readonly answeredBefore?: readonly string[];
  /** minutes stated in the description (lateness) */
  readonly minutes?: number;
  /** the press that made this version: the same press again (a redelivered update) is answered, not refused */
  readonly lastPress?: string;
  /** the fact whose value the player is changing from the ruling («Исходя из: …») */
  readonly changing?: string;
  /** the score-sheet convention chosen with /settings (knowledge/conventions.yaml); absent = its default */
  readonly convention?: string;
  /** a judges' log's earlier rulings of the clause in the tournament (case numbers, newest first): the repeat question is asked about them */
  readonly earlierCases?: { readonly clause: string; readonly cases: readonly number[] };
  /** the earlier case the player said was the same player's (an answer to that question) */
  readonly sameAsCase?: number;
  /** the clause whose card was shown last: its «Применить к случаю» typed instead of pressed applies it */
  readonly card?: string;
  /** what the message that named the card's number told of the case («10.4.18: в торговле уронил карту»): applying the card starts from it */
  readonly cardCase?: { readonly facts: Readonly<Record<string, string>>; readonly minutes?: number };
}

/**
 * A state with every field present (the absent ones undefined) and always in this order, so
 * that all states share one object shape: V8 then reads them and writes them as JSON on its fast
 * paths (states of a dozen different shapes made every access a slow look-up). JSON leaves the
 * undefined fields out, so what is stored is the same.
 */
export function makeState(s: State): State {
  return {
    v: s.v,
    ruleset: s.ruleset,
    dialogId: s.dialogId,
    version: s.version,
    stage: s.stage,
    picks: s.picks,
    clause: s.clause,
    statedFacts: s.statedFacts,
    answers: s.answers,
    answeredBefore: s.answeredBefore,
    minutes: s.minutes,
    lastPress: s.lastPress,
    changing: s.changing,
    convention: s.convention,
    earlierCases: s.earlierCases,
    sameAsCase: s.sameAsCase,
    card: s.card,
    cardCase: s.cardCase,
  };
}

export function freshState(ruleset: Ruleset = "both", dialogId = "0", version = 0): State {
  return makeState({ v: STATE_VERSION, ruleset, dialogId, version, stage: "idle" });
}

/*
 * The stored shape, checked by hand: it is read on every update, where a generic schema walk is
 * too dear for what it checks. test/engine/state.test.ts holds the same shape
 * as a zod schema and checks that both accept and return the same on random input.
 *   v             STATE_VERSION (version 1, with terse field names, is migrated: see fromVersion1)
 *   ruleset       one of RULESETS
 *   dialogId      1–6 of [0-9a-z]
 *   version       a whole number ≥ 0
 *   stage         idle | pick | ask | verdict
 *   picks?        ≤ 4 clause ids
 *   clause?       an id
 *   statedFacts?  fact id -> value id
 *   answers?      ≤ 12 pairs [fact id, value id or "?"]
 *   answeredBefore? ≤ 12 fact ids
 *   minutes?      0..100 000
 *   lastPress?    ≤ 64 characters
 *   changing?     a fact id
 *   convention?   an id of knowledge/conventions.yaml (chosen with /settings)
 *   earlierCases? { clause: an id, cases: 1–3 case numbers (whole numbers ≥ 1) }
 *   sameAsCase?   a case number
 *   card?         an id
 * Ids are strings of at most 40 characters. Other fields are dropped.
 */
const MAX_ID = 40;
const STAGES: readonly string[] = ["idle", "pick", "ask", "verdict"];

const isId = (x: unknown): x is string => typeof x === "string" && x.length <= MAX_ID;
const isCaseNo = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x) && x >= 1;
/** at most this many earlier cases are asked about */
export const MAX_EARLIER_CASES = 3;
const isPlain = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function ids(x: unknown, max: number): readonly string[] | null {
  return Array.isArray(x) && x.length <= max && x.every(isId) ? [...x] : null;
}

function record(x: unknown): Record<string, string> | null {
  if (!isPlain(x)) return null;
  const out: Record<string, string> = {};
  for (const key of Object.keys(x)) {
    const v = x[key];
    if (!isId(key) || !isId(v)) return null;
    out[key] = v;
  }
  return out;
}

function answerList(x: unknown): (readonly [string, string])[] | null {
  if (!Array.isArray(x) || x.length > 12) return null;
  const out: (readonly [string, string])[] = [];
  for (const a of x) {
    if (!Array.isArray(a) || a.length !== 2 || !isId(a[0]) || !isId(a[1])) return null;
    out.push([a[0], a[1]]);
  }
  return out;
}

/**
 * Version 1 named its fields tersely (d, t, facts, ans, min, lp): a dialog open at the deploy
 * goes on under the new names, its buttons (which carry the dialog id and version) still valid.
 */
function fromVersion1(raw: Record<string, unknown>): Record<string, unknown> {
  return {
    v: STATE_VERSION,
    ruleset: raw.ruleset,
    dialogId: raw.d,
    version: raw.t,
    stage: raw.stage,
    picks: raw.picks,
    clause: raw.clause,
    statedFacts: raw.facts,
    answers: raw.ans,
    minutes: raw.min,
    lastPress: raw.lp,
  };
}

/** The state as stored (or as version 1 stored it), or null when it is missing, older or corrupt. */
export function parseState(stored: unknown): State | null {
  if (!isPlain(stored)) return null;
  const raw = stored.v === 1 ? fromVersion1(stored) : stored;
  const { v, ruleset, dialogId, version, stage } = raw;
  if (v !== STATE_VERSION || !(RULESETS as readonly unknown[]).includes(ruleset)) return null;
  if (typeof dialogId !== "string" || !/^[0-9a-z]{1,6}$/.test(dialogId)) return null;
  if (typeof version !== "number" || !Number.isSafeInteger(version) || version < 0) return null;
  if (typeof stage !== "string" || !STAGES.includes(stage)) return null;
  const s: { -readonly [K in keyof State]: State[K] } = { v, ruleset: ruleset as Ruleset, dialogId, version, stage: stage as Stage };
  if (raw.picks !== undefined) {
    const picks = ids(raw.picks, 4);
    if (!picks) return null;
    s.picks = picks;
  }
  if (raw.clause !== undefined) {
    if (!isId(raw.clause)) return null;
    s.clause = raw.clause;
  }
  if (raw.statedFacts !== undefined) {
    const facts = record(raw.statedFacts);
    if (!facts) return null;
    s.statedFacts = facts;
  }
  if (raw.answers !== undefined) {
    const given = answerList(raw.answers);
    if (!given) return null;
    s.answers = given;
  }
  if (raw.answeredBefore !== undefined) {
    const before = ids(raw.answeredBefore, 12);
    if (!before) return null;
    s.answeredBefore = before;
  }
  if (raw.minutes !== undefined) {
    const m = raw.minutes;
    if (typeof m !== "number" || !Number.isFinite(m) || m < 0 || m > 100_000) return null;
    s.minutes = m;
  }
  if (raw.lastPress !== undefined) {
    if (typeof raw.lastPress !== "string" || raw.lastPress.length > 64) return null;
    s.lastPress = raw.lastPress;
  }
  if (raw.changing !== undefined) {
    if (!isId(raw.changing)) return null;
    s.changing = raw.changing;
  }
  if (raw.convention !== undefined) {
    if (!isId(raw.convention)) return null;
    s.convention = raw.convention;
  }
  if (raw.earlierCases !== undefined) {
    const e = raw.earlierCases;
    if (!isPlain(e) || !isId(e.clause) || !Array.isArray(e.cases)) return null;
    const cases: unknown[] = e.cases;
    if (cases.length < 1 || cases.length > MAX_EARLIER_CASES || !cases.every(isCaseNo)) return null;
    s.earlierCases = { clause: e.clause, cases: [...cases] };
  }
  if (raw.sameAsCase !== undefined) {
    if (!isCaseNo(raw.sameAsCase)) return null;
    s.sameAsCase = raw.sameAsCase;
  }
  if (raw.card !== undefined) {
    if (!isId(raw.card)) return null;
    s.card = raw.card;
  }
  if (raw.cardCase !== undefined) {
    const c = raw.cardCase;
    const facts = isPlain(c) ? record(c.facts) : null;
    if (!isPlain(c) || !facts) return null;
    const m = c.minutes;
    if (m !== undefined && (typeof m !== "number" || !Number.isFinite(m) || m < 0 || m > 100_000)) return null;
    s.cardCase = m === undefined ? { facts } : { facts, minutes: m };
  }
  return makeState(s);
}

/** The ruleset a stored state names (the one field of DialogState adapters may read), if any. */
export function rulesetOf(raw: unknown): Ruleset | undefined {
  const r = typeof raw === "object" && raw !== null ? (raw as { ruleset?: unknown }).ruleset : undefined;
  return (RULESETS as readonly unknown[]).includes(r) ? (r as Ruleset) : undefined;
}

/** What can be salvaged from a broken state: the ruleset the player chose. */
export function salvageRuleset(raw: unknown): Ruleset {
  return rulesetOf(raw) ?? "both";
}

/** FNV-1a, base 36: a short id that differs between cases without any randomness (step is pure). */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 36 ** 4).toString(36).padStart(4, "0");
}
