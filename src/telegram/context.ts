import type { Context, SessionFlavor } from "grammy";
import type { Ruleset } from "../search/types.js";
import type { Logger } from "../logger.js";

/**
 * What a session keeps. Dialog sessions (key `chat:user`) hold the judge's state and the message
 * that shows its open question; a group's own entry (key `chat`) holds the ruleset its admins chose.
 */
export interface SessionData {
  /** the judge's state, passed back to it untouched */
  dialog?: unknown;
  /** the message with the dialog's open question: a press on it edits it in place */
  q?: number;
  /** a group's ruleset, set by its admins */
  ruleset?: Ruleset;
}

export type BotContext = Context & SessionFlavor<SessionData> & { log: Logger };
