/**
 * The transport-neutral dialog: what goes in and what comes out. Adapters (console, Telegram)
 * only render replies and feed inputs; they never decide a ruling.
 */
import type { ClauseId } from "../knowledge/types.js";
import type { Ruleset } from "../search/types.js";

export type { Ruleset };

export interface Button {
  readonly label: string;
  /** short ASCII, at most 64 bytes (Telegram's callback_data limit) */
  readonly data: string;
}

export interface Verdict {
  readonly clause: ClauseId;
  /** the case id within the clause (knowledge/clauses/*.yaml) */
  readonly case: string;
  /**
   * A conditional ruling («если …: …; если …: …») when the player could not answer a question
   * that decides it: every case it states, `case` being the first of them. Absent on a plain ruling.
   */
  readonly cases?: readonly string[];
}

/** Where a fact a ruling rests on came from: said in the message, answered, or assumed by the judge. */
export type FactSource = "text" | "answer" | "assumed";

/** One fact a ruling rests on («Исходя из: …»), as the player can check and change it. */
export interface FactLine {
  /** the fact's id in knowledge/facts.yaml */
  readonly fact: string;
  /** the value's id in knowledge/facts.yaml */
  readonly value: string;
  /** what the player reads: «Кто ошибся: вистующий» */
  readonly label: string;
  readonly source: FactSource;
  /**
   * On whether the offence is a repeat, answered about a judges' log's earlier case (Input
   * `earlierCases`): the case the player said was the same player's; absent when it was not.
   */
  readonly sameAsCase?: number;
}

export interface Reply {
  /**
   * plain text, no markup: each adapter escapes and formats it. On a ruling, only the short part
   * a player reads at the table (the ruling and its clause); the rest is in `details`.
   */
  readonly text: string;
  /** on a ruling: the document's words, the other document, conflicts, gaps (folded by adapters) */
  readonly details?: string;
  /** on a ruling: the facts it rests on, each with where it came from */
  readonly facts?: readonly FactLine[];
  /** rows of buttons */
  readonly buttons: readonly (readonly Button[])[];
  /** on every reply that states a ruling or shows a clause */
  readonly citations: readonly ClauseId[];
  /** only on a ruling */
  readonly verdict?: Verdict;
  /** an inline query that re-posts this ruling or clause elsewhere ("Поделиться") */
  readonly share?: string;
  /**
   * The reply carries the dialog's live buttons (a question, a choice, a ruling): the message
   * showing it takes over the dialog, and an older one showing live buttons should lose them.
   */
  readonly live?: true;
  /** a short notice after a press that changed nothing (stale or foreign): a pop-up, not a message */
  readonly popup?: true;
  /**
   * On a question whether the offence is a repeat, asked in the judge's own words: the clause it
   * is about. An adapter with a judges' log that holds earlier rulings of this clause in the
   * tournament passes them back (Input `earlierCases`), and the question is asked about them.
   */
  readonly asksRepeat?: ClauseId;
}

export type Command = "start" | "help" | "new" | "list" | "rule" | "ruleset" | "settings";

export type Input =
  /** `continues`: the player replied to the judge's ruling, so its facts change that case */
  | { readonly kind: "text"; readonly text: string; readonly continues?: boolean }
  | { readonly kind: "press"; readonly data: string }
  | { readonly kind: "command"; readonly name: Command; readonly arg?: string }
  /**
   * A judges' log's earlier rulings of the clause in the current tournament, by case number, newest
   * first (after a reply with `asksRepeat`): «Это тот же игрок, что в случае №N?» replaces the
   * judge's own question, and the answer names the case. Without them the judge asks as before:
   * the log knows nothing of play outside it, so it never assumes a first offence.
   */
  | { readonly kind: "earlierCases"; readonly clause: ClauseId; readonly cases: readonly number[] };

/**
 * Dialog state: plain, small, versioned JSON (it lives in sessions). Adapters store it and pass it
 * back untouched; `step` accepts anything (a missing, old or corrupt state starts afresh).
 */
export interface DialogState {
  readonly v: number;
  readonly ruleset: Ruleset;
}

export interface StepResult<S extends DialogState = DialogState> {
  readonly state: S;
  readonly replies: readonly Reply[];
}

/** One clause offered in inline mode: a title, the ruling in a line, and the card to post. */
export interface InlineResult {
  readonly id: ClauseId;
  readonly title: string;
  readonly description: string;
  readonly card: Reply;
}

/**
 * Everything an adapter (console, Telegram, any other messenger) needs of the judge. Adapters
 * import this module's public entry (src/engine/index.ts) only.
 */
export interface Judge {
  /** a fresh dialog */
  initial(ruleset?: Ruleset): DialogState;
  /** the dialog's one transition: never throws, always answers */
  step(state: unknown, input: Input): StepResult;
  /** the ruleset a stored dialog judges by; undefined when the state names none */
  rulesetOf(state: unknown): Ruleset | undefined;
  /** the same dialog judged by another ruleset (a group's admins chose it), its open question kept */
  withRuleset(state: unknown, ruleset: Ruleset): DialogState;
  /** «ФСПР 10.4.6 «Фальшренонс …»» for a clause id in `Reply.citations`; undefined for an unknown id */
  citationLabel(id: ClauseId): string | undefined;
  /** whether a press only shows something (a clause's text, the list): anyone may press it */
  isReadOnlyPress(data: string): boolean;
  /**
   * The case in hand in a stored dialog: the same while its facts change and it is ruled anew,
   * another for every new case (a judges' log tells a ruling given again from a new case's).
   * Undefined when no case is open.
   */
  caseOf(state: unknown): string | undefined;
  /**
   * For an inline query: clauses (words or a number), best first, at most `limit`; a shared
   * ruling («fspr-10.4.6 offender=defender») as its short card; the frequent cases for an empty query.
   */
  inline(query: string, ruleset?: Ruleset, limit?: number): readonly InlineResult[];
}
