/**
 * The dialog state: plain, small, versioned JSON that an adapter keeps in its session and hands
 * back untouched. Anything that does not parse as the current version starts a fresh dialog.
 */
import { z } from "zod";
import { RULESETS, type Ruleset } from "../search/types.js";
import type { DialogState } from "./types.js";

export const STATE_VERSION = 1;

/** "?" marks a question the player answered «Не знаю». */
export const UNKNOWN = "?";

const Id = z.string().max(40);

const StateSchema = z.object({
  v: z.literal(STATE_VERSION),
  ruleset: z.enum(RULESETS as [Ruleset, ...Ruleset[]]),
  /** dialog id: changes with every new case, so a press from another case is recognised */
  d: z.string().regex(/^[0-9a-z]{1,6}$/),
  /** version within the dialog: bumps on every change, so a stale press is recognised */
  t: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  stage: z.enum(["idle", "pick", "ask", "verdict"]),
  /** clauses offered by «Что из этого произошло?» */
  picks: z.array(Id).max(4).optional(),
  /** the clause being applied to the case */
  clause: Id.optional(),
  /** facts the description stated (matcher), fact id -> value id */
  facts: z.record(Id, Id).optional(),
  /** answers in the order given: [fact id, value id or "?"] */
  ans: z.array(z.tuple([Id, Id])).max(12).optional(),
  /** minutes stated in the description (lateness) */
  min: z.number().nonnegative().max(100_000).optional(),
  /** the press that made this version: the same press again (a redelivered update) is answered, not refused */
  lp: z.string().max(64).optional(),
});

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
}

export function freshState(ruleset: Ruleset = "both", d = "0", t = 0): State {
  return { v: STATE_VERSION, ruleset, d, t, stage: "idle" };
}

/** The state as stored, or null when it is missing, old or corrupt. */
export function parseState(raw: unknown): State | null {
  const parsed = StateSchema.safeParse(raw);
  return parsed.success ? (parsed.data as State) : null;
}

/** What can be salvaged from a broken state: the ruleset the player chose. */
export function salvageRuleset(raw: unknown): Ruleset {
  if (typeof raw === "object" && raw !== null && "ruleset" in raw) {
    const r = (raw as { ruleset: unknown }).ruleset;
    if (typeof r === "string" && (RULESETS as readonly string[]).includes(r)) return r as Ruleset;
  }
  return "both";
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
