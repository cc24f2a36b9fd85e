import type { Context, SessionFlavor } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { CasesOfDialog } from "../judges-log/earlier-cases.js";
import type { Ruleset } from "../search/types.js";
import type { Logger } from "../logger.js";

/**
 * What a session keeps. Dialog sessions (key `chat:user`) hold the judge's state and the message
 * that shows its live buttons; a group's own entry (key `chat`) holds the ruleset its admins chose.
 * Stored sessions of an older shape are read through session-migration.ts.
 */
export interface SessionData {
  /** the judge's state, passed back to it untouched */
  dialog?: unknown;
  /** the message showing the dialog's live buttons (its question or ruling): a press on it edits it in place */
  liveMessage?: number;
  /** buttons the live message keeps when a newer one takes over (the judges' «Решение судьи») */
  liveKeptRows?: InlineKeyboardButton[][];
  /** in a group, the admins who answered the open case for its asker */
  answeredBy?: string[];
  /** in a group, the judges' log's numbers of the open case's rulings (it may be ruled anew after a fact changes) */
  loggedCases?: CasesOfDialog;
  /** a group's ruleset, set by its admins */
  ruleset?: Ruleset;
}

export type BotContext = Context & SessionFlavor<SessionData> & { log: Logger };
