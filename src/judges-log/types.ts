/**
 * The judges' log: every ruling given in a group chat, kept with what it rested on, and the
 * chat's judge's own word on it. Only Telegram user ids and display names are kept of people.
 */
import type { FactSource } from "../engine/types.js";

/** One fact a ruling rested on, as the player saw it («Кто ошибся: вистующий»), and where it came from. */
export interface LoggedFact {
  readonly fact: string;
  readonly value: string;
  readonly label: string;
  readonly source: FactSource;
}

/** Who did something, as Telegram names them: the user id and the display name, nothing more. */
export interface Person {
  readonly id: number;
  readonly name: string;
}

/** The chat's judge confirming or overriding the code's ruling, in their own words. */
export interface JudgeDecision {
  readonly text: string;
  readonly judge: Person;
  readonly at: Date;
}

/** What the adapter knows when a ruling has just been shown. */
export interface NewRuling {
  readonly chatId: number;
  readonly at: Date;
  /** the chat's day then, in the log's time zone («2026-11-12»): the tournament when none is open */
  readonly day: string;
  readonly asker: Person;
  readonly facts: readonly LoggedFact[];
  readonly clause: string;
  /** the case id within the clause */
  readonly caseId: string;
  /** the ruling's text as the player read it */
  readonly verdictText: string;
  /** the message that shows the ruling, and its HTML and keyboard (JSON), so it can be edited later */
  readonly message?: { readonly id: number; readonly html: string; readonly markup: string | undefined };
}

/** A recorded ruling (its day is in `tournament` when no tournament was open). */
export interface LogEntry extends Omit<NewRuling, "day"> {
  /** the case's number in its chat, from 1 («случай №7») */
  readonly caseNo: number;
  /** the tournament it was given in: the name the judge opened, or the chat's day («2026-11-12») */
  readonly tournament: string;
  readonly decision: JudgeDecision | undefined;
  /** the player confirmed it was the same one as in that earlier case (a repeated offence) */
  readonly repeatOf: number | undefined;
}

export interface Tournament {
  readonly name: string;
  readonly openedAt: Date;
}

export interface HistoryPage {
  readonly entries: readonly LogEntry[];
  readonly total: number;
}

/**
 * Where the log lives: an embedded SQLite file or PostgreSQL, the same schema in both. Every
 * method may reject when the store is down; callers log that and carry on without the log.
 */
export interface LogStore {
  /** records a ruling under the chat's next case number and the chat's current tournament */
  record(ruling: NewRuling): Promise<LogEntry>;
  entry(chatId: number, caseNo: number): Promise<LogEntry | undefined>;
  /** newest first */
  history(chatId: number, offset: number, limit: number): Promise<HistoryPage>;
  /** the tournament's entries, oldest first (for the export) */
  tournamentEntries(chatId: number, tournament: string): Promise<readonly LogEntry[]>;
  /** records the judge's decision; false when there is no such case */
  decide(chatId: number, caseNo: number, decision: JudgeDecision): Promise<boolean>;
  markRepeat(chatId: number, caseNo: number, repeatOf: number | undefined): Promise<boolean>;
  /** the ruling's message as last shown (the log's own lines added), for the edit that shows the judge's word */
  setMessage(chatId: number, caseNo: number, message: NonNullable<NewRuling["message"]>): Promise<void>;
  /** the latest case in the chat with the same clause and facts that a judge decided, before `beforeCaseNo` */
  precedent(chatId: number, clause: string, facts: readonly LoggedFact[], beforeCaseNo: number): Promise<LogEntry | undefined>;
  /** earlier rulings of the same clause in the same tournament of the chat, newest first */
  earlierInTournament(chatId: number, clause: string, tournament: string, beforeCaseNo: number): Promise<readonly LogEntry[]>;
  /** the tournament open in the chat, or undefined (then the chat's day is the tournament) */
  openTournament(chatId: number): Promise<Tournament | undefined>;
  startTournament(chatId: number, name: string, at: Date): Promise<void>;
  /** closes the open tournament; its name, or undefined when none was open */
  endTournament(chatId: number, at: Date): Promise<string | undefined>;
  /** the tournament a ruling given on the chat's `day` («2026-11-12», in the log's zone) belongs to */
  currentTournament(chatId: number, day: string): Promise<string>;
  /** deletes the rulings this user asked for and the name under their decisions; how many rulings went */
  forget(userId: number): Promise<number>;
  /** deletes entries older than the date; how many went */
  deleteOlderThan(at: Date): Promise<number>;
  close(): Promise<void>;
}
