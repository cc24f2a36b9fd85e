/**
 * The console's own judges' log: `npm run chat` records its rulings in the same store as the bot
 * (LOG_STORE, by default ./data/judges-log.sqlite), under a chat of its own, and answers
 * /history and /case N from it. As in a group, the judge's repeat question is asked about the
 * earlier rulings of the clause on the console's day (LOG_TIME_ZONE). A store that cannot be
 * opened costs the log only (one line on stderr).
 */
import type { Judge, Reply, StepResult } from "../engine/index.js";
import {
  askAboutEarlierCases,
  earlierCaseNumbers,
  numbersOfCase,
  withLoggedCase,
  type CasesOfDialog,
} from "../judges-log/earlier-cases.js";
import { judgesLog, type JudgesLog } from "../judges-log/open.js";
import { parseLogSettings } from "../judges-log/settings.js";
import { caseText, historyLine, precedentLine } from "../judges-log/text.js";
import { chatDay, DEFAULT_TIME_ZONE } from "../judges-log/time-zone.js";
import { createLogger } from "../logger.js";

/** the console's chat in the log (Telegram's chat ids are never 0) */
export const CONSOLE_CHAT = 0;
const CONSOLE_USER = { id: 0, name: "консоль" };
const PAGE_SIZE = 10;

export interface ConsoleLog {
  /** the step's result, its repeat question asked about the log's earlier cases (if it has any) */
  beforeShow(result: StepResult): Promise<StepResult>;
  /** records the rulings among the replies (`dialog`: the state they leave); the lines to print after them */
  afterStep(replies: readonly Reply[], dialog: unknown): Promise<string | undefined>;
  /** the answer to /history [page] or /case N; undefined for any other line */
  command(line: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export function consoleLog(judge: Judge, env: Readonly<Record<string, string | undefined>> = process.env): ConsoleLog {
  const label = (id: string): string => judge.citationLabel(id) ?? id;
  let log: JudgesLog | undefined;
  let timeZone = DEFAULT_TIME_ZONE;
  try {
    const settings = parseLogSettings(env);
    timeZone = settings.timeZone;
    log = judgesLog(settings, createLogger({ level: "warn", pretty: false, destination: process.stderr }));
  } catch (error) {
    process.stderr.write(`журнал не ведётся: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  const unavailable = "Журнал недоступен.";
  // the log's numbers of the open case's rulings: ruled anew after a fact changed, it is not its own earlier case
  let loggedCases: CasesOfDialog | undefined;
  return {
    async beforeShow(result) {
      if (!log) return result;
      const store = log;
      return askAboutEarlierCases(judge, result, (clause, dialog) => {
        const own = numbersOfCase(loggedCases, judge.caseOf(dialog));
        return store.attempt((s) => earlierCaseNumbers(s, { chatId: CONSOLE_CHAT, clause, now: new Date(), timeZone }, own));
      });
    },
    async afterStep(replies, dialog) {
      const notes: string[] = [];
      for (const reply of replies) {
        const verdict = reply.verdict;
        if (!verdict || !log) continue;
        const facts = (reply.facts ?? []).map((f) => ({ fact: f.fact, value: f.value, label: f.label, source: f.source }));
        const repeatOf = reply.facts?.find((f) => f.sameAsCase !== undefined)?.sameAsCase;
        const at = new Date();
        const ruling = { chatId: CONSOLE_CHAT, at, day: chatDay(at, timeZone), asker: CONSOLE_USER, facts };
        const entry = await log.attempt(async (store) => {
          const recorded = await store.record({ ...ruling, clause: verdict.clause, caseId: verdict.case, verdictText: reply.text });
          if (repeatOf !== undefined) await store.markRepeat(CONSOLE_CHAT, recorded.caseNo, repeatOf);
          return recorded;
        });
        if (!entry) continue;
        loggedCases = withLoggedCase(loggedCases, judge.caseOf(dialog), entry.caseNo);
        notes.push(`Случай №${entry.caseNo} в журнале (/history, /case ${entry.caseNo})`);
        const precedent = await log.attempt((store) => store.precedent(CONSOLE_CHAT, entry.clause, entry.facts, entry.caseNo));
        if (precedent) notes.push(precedentLine(precedent, timeZone));
      }
      return notes.length ? notes.join("\n") : undefined;
    },
    async command(line) {
      const m = /^\/(history|case)(?:\s+(\S+))?\s*$/.exec(line.trim());
      if (!m) return undefined;
      if (!log) return unavailable;
      const arg = Number.parseInt((m[2] ?? "").replace(/^№/, ""), 10);
      if (m[1] === "case") {
        if (!Number.isSafeInteger(arg) || arg < 1) return "Номер случая: /case 7";
        const found = await log.attempt(async (store) => ({ entry: await store.entry(CONSOLE_CHAT, arg) }));
        if (!found) return unavailable;
        return found.entry ? caseText(found.entry, label, timeZone) : `Случая №${arg} в журнале нет.`;
      }
      const page = Number.isSafeInteger(arg) && arg > 1 ? arg - 1 : 0;
      const found = await log.attempt((store) => store.history(CONSOLE_CHAT, page * PAGE_SIZE, PAGE_SIZE));
      if (!found) return unavailable;
      if (!found.total) return "В журнале пока нет случаев.";
      const pages = Math.ceil(found.total / PAGE_SIZE);
      const head = `Журнал: случаев ${found.total}${pages > 1 ? `, стр. ${page + 1} из ${pages} (/history N — другая)` : ""}`;
      return [head, ...found.entries.map((e) => historyLine(e, label, timeZone))].join("\n");
    },
    close: async () => log?.close(),
  };
}
