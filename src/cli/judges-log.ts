/**
 * The console's own judges' log: `npm run chat` records its rulings in the same store as the bot
 * (LOG_STORE, by default ./data/judges-log.sqlite), under a chat of its own, and answers
 * /history and /case N from it. A store that cannot be opened costs the log only (one line on stderr).
 */
import type { Judge, Reply } from "../engine/index.js";
import { judgesLog, type JudgesLog } from "../judges-log/open.js";
import { parseLogSettings } from "../judges-log/settings.js";
import { caseText, historyLine, precedentLine } from "../judges-log/text.js";
import { createLogger } from "../logger.js";

/** the console's chat in the log (Telegram's chat ids are never 0) */
export const CONSOLE_CHAT = 0;
const CONSOLE_USER = { id: 0, name: "консоль" };
const PAGE_SIZE = 10;

export interface ConsoleLog {
  /** records the rulings among the replies; the lines to print after them */
  afterStep(replies: readonly Reply[]): Promise<string | undefined>;
  /** the answer to /history [page] or /case N; undefined for any other line */
  command(line: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export function consoleLog(judge: Judge, env: Readonly<Record<string, string | undefined>> = process.env): ConsoleLog {
  const label = (id: string): string => judge.citationLabel(id) ?? id;
  let log: JudgesLog | undefined;
  try {
    log = judgesLog(parseLogSettings(env), createLogger({ level: "warn", pretty: false, destination: process.stderr }));
  } catch (error) {
    process.stderr.write(`журнал не ведётся: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  const unavailable = "Журнал недоступен.";
  return {
    async afterStep(replies) {
      const notes: string[] = [];
      for (const reply of replies) {
        const verdict = reply.verdict;
        if (!verdict || !log) continue;
        const facts = (reply.facts ?? []).map((f) => ({ fact: f.fact, value: f.value, label: f.label, source: f.source }));
        const entry = await log.attempt((store) =>
          store.record({
            chatId: CONSOLE_CHAT,
            at: new Date(),
            asker: CONSOLE_USER,
            facts,
            clause: verdict.clause,
            caseId: verdict.case,
            verdictText: reply.text,
          }),
        );
        if (!entry) continue;
        notes.push(`Случай №${entry.caseNo} в журнале (/history, /case ${entry.caseNo})`);
        const precedent = await log.attempt((store) => store.precedent(CONSOLE_CHAT, entry.clause, entry.facts, entry.caseNo));
        if (precedent) notes.push(precedentLine(precedent));
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
        return found.entry ? caseText(found.entry, label) : `Случая №${arg} в журнале нет.`;
      }
      const page = Number.isSafeInteger(arg) && arg > 1 ? arg - 1 : 0;
      const found = await log.attempt((store) => store.history(CONSOLE_CHAT, page * PAGE_SIZE, PAGE_SIZE));
      if (!found) return unavailable;
      if (!found.total) return "В журнале пока нет случаев.";
      const pages = Math.ceil(found.total / PAGE_SIZE);
      const head = `Журнал: случаев ${found.total}${pages > 1 ? `, стр. ${page + 1} из ${pages} (/history N — другая)` : ""}`;
      return [head, ...found.entries.map((e) => historyLine(e, label))].join("\n");
    },
    close: async () => log?.close(),
  };
}
