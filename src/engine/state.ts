/**
 * The dialog state: plain, small, versioned JSON that an adapter keeps in its session and hands
 * back untouched. Anything that does not parse as the current version starts a fresh dialog.
 */
import { RULESETS, type Ruleset } from "../search/types.js";
import type { DialogState } from "./types.js";

export const STATE_VERSION = 1;

/** "?" marks a question the player answered «Не знаю». */
export const UNKNOWN = "?";

export type Stage = "idle" | "pick" | "ask" | "verdict";

export interface State extends DialogState {
  readonly v: typeof STATE_VERSION;
  readonly ruleset: Ruleset;
  readonly d: string;
  readonly t: number;
  readonly stage: Stage;
  readonly picks?: readonly string[];
  readonly clause?: string;
  readonly facts?: Readonly<Record<string, string>>;
  readonly ans?: readonly (readonly [string, string])[];
  readonly min?: number;
  readonly lp?: string;
  /** the score-sheet convention chosen with /settings (knowledge/conventions.yaml); absent = its default */
  readonly convention?: string;
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
    d: s.d,
    t: s.t,
    stage: s.stage,
    picks: s.picks,
    clause: s.clause,
    facts: s.facts,
    ans: s.ans,
    min: s.min,
    lp: s.lp,
    convention: s.convention,
  };
}

export function freshState(ruleset: Ruleset = "both", d = "0", t = 0): State {
  return makeState({ v: STATE_VERSION, ruleset, d, t, stage: "idle" });
}

/*
 * The stored shape, checked by hand: it is read on every update, and zod's generic walk of it
 * was ~5% of the judge's time per step (profiled). test/engine/state.test.ts holds the same shape
 * as a zod schema and checks that both accept and return the same on random input.
 *   v        STATE_VERSION
 *   ruleset  one of RULESETS
 *   d        dialog id, 1–6 of [0-9a-z]: changes with every new case, so a press from another case is recognised
 *   t        version within the dialog, a whole number ≥ 0: bumps on every change, so a stale press is recognised
 *   stage    idle | pick | ask | verdict
 *   picks?   ≤ 4 clause ids offered by «Что из этого произошло?»
 *   clause?  the clause being applied to the case
 *   facts?   facts the description stated (matcher): fact id -> value id
 *   ans?     ≤ 12 answers in the order given: [fact id, value id or "?"]
 *   min?     minutes stated in the description (lateness), 0..100 000
 *   lp?      the press that made this version (≤ 64): the same press again (a redelivered update) is answered, not refused
 *   convention?  the score-sheet convention chosen with /settings: an id of knowledge/conventions.yaml
 * Ids are strings of at most 40 characters. Other fields are dropped.
 */
const MAX_ID = 40;
const STAGES: readonly string[] = ["idle", "pick", "ask", "verdict"];

const isId = (x: unknown): x is string => typeof x === "string" && x.length <= MAX_ID;
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

function answers(x: unknown): (readonly [string, string])[] | null {
  if (!Array.isArray(x) || x.length > 12) return null;
  const out: (readonly [string, string])[] = [];
  for (const a of x) {
    if (!Array.isArray(a) || a.length !== 2 || !isId(a[0]) || !isId(a[1])) return null;
    out.push([a[0], a[1]]);
  }
  return out;
}

/** The state as stored, or null when it is missing, old or corrupt. */
export function parseState(raw: unknown): State | null {
  if (!isPlain(raw)) return null;
  const { v, ruleset, d, t, stage } = raw;
  if (v !== STATE_VERSION || !(RULESETS as readonly unknown[]).includes(ruleset)) return null;
  if (typeof d !== "string" || !/^[0-9a-z]{1,6}$/.test(d)) return null;
  if (typeof t !== "number" || !Number.isSafeInteger(t) || t < 0) return null;
  if (typeof stage !== "string" || !STAGES.includes(stage)) return null;
  const s: { -readonly [K in keyof State]: State[K] } = { v, ruleset: ruleset as Ruleset, d, t, stage: stage as Stage };
  if (raw.picks !== undefined) {
    const picks = ids(raw.picks, 4);
    if (!picks) return null;
    s.picks = picks;
  }
  if (raw.clause !== undefined) {
    if (!isId(raw.clause)) return null;
    s.clause = raw.clause;
  }
  if (raw.facts !== undefined) {
    const facts = record(raw.facts);
    if (!facts) return null;
    s.facts = facts;
  }
  if (raw.ans !== undefined) {
    const ans = answers(raw.ans);
    if (!ans) return null;
    s.ans = ans;
  }
  if (raw.min !== undefined) {
    if (typeof raw.min !== "number" || !Number.isFinite(raw.min) || raw.min < 0 || raw.min > 100_000) return null;
    s.min = raw.min;
  }
  if (raw.convention !== undefined) {
    if (!isId(raw.convention)) return null;
    s.convention = raw.convention;
  }
  if (raw.lp !== undefined) {
    if (typeof raw.lp !== "string" || raw.lp.length > 64) return null;
    s.lp = raw.lp;
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
