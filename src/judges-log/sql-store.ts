/** The LogStore over any SqlDriver: every query here runs unchanged on SQLite and PostgreSQL. */
import type { HistoryPage, JudgeDecision, LogEntry, LogStore, LoggedFact, NewRuling, Tournament } from "./types.js";
import type { Row, SqlDriver } from "./sql.js";

/** The facts as one comparable string: the same facts in any order give the same key. */
export function factsKey(facts: readonly LoggedFact[]): string {
  return [...new Set(facts.map((f) => `${f.fact}=${f.value}`))].sort().join(";");
}

const COLUMNS = `chat_id, case_no, at_ms, tournament, asker_id, asker_name, clause, case_id, facts, verdict_text,
  message_id, message_html, message_markup, decision_text, judge_id, judge_name, decided_at_ms, repeat_of`;

/** a text column (both drivers return strings; a number where the column is numeric) */
const textOf = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" || typeof v === "bigint" ? String(v) : "");
const optionalNumber = (v: unknown): number | undefined => (v === null || v === undefined ? undefined : Number(v));
const optionalText = (v: unknown): string | undefined => (v === null || v === undefined ? undefined : textOf(v));

function parseFacts(json: string): LoggedFact[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as LoggedFact[]) : [];
  } catch {
    return [];
  }
}

function toEntry(row: Row): LogEntry {
  const messageId = optionalNumber(row.message_id);
  const decidedAt = optionalNumber(row.decided_at_ms);
  const decisionText = optionalText(row.decision_text);
  const markup = optionalText(row.message_markup);
  return {
    chatId: Number(row.chat_id),
    caseNo: Number(row.case_no),
    at: new Date(Number(row.at_ms)),
    tournament: textOf(row.tournament),
    asker: { id: Number(row.asker_id), name: textOf(row.asker_name) },
    clause: textOf(row.clause),
    caseId: textOf(row.case_id),
    facts: parseFacts(textOf(row.facts)),
    verdictText: textOf(row.verdict_text),
    ...(messageId !== undefined ? { message: { id: messageId, html: textOf(row.message_html), markup } } : {}),
    decision:
      decisionText !== undefined && decidedAt !== undefined
        ? {
            text: decisionText,
            judge: { id: optionalNumber(row.judge_id) ?? 0, name: textOf(row.judge_name) },
            at: new Date(decidedAt),
          }
        : undefined,
    repeatOf: optionalNumber(row.repeat_of),
  };
}

export function sqlLogStore(driver: SqlDriver): LogStore {
  const store: LogStore = {
    async record(ruling: NewRuling): Promise<LogEntry> {
      const tournament = await store.currentTournament(ruling.chatId, ruling.day);
      const [counter] = await driver.all(
        `insert into log_counters (chat_id, last_case) values ($1, 1)
         on conflict (chat_id) do update set last_case = log_counters.last_case + 1 returning last_case`,
        [ruling.chatId],
      );
      const caseNo = Number(counter?.last_case);
      await driver.run(
        `insert into log_rulings (chat_id, case_no, at_ms, tournament, asker_id, asker_name, clause, case_id, facts, facts_key,
           verdict_text, message_id, message_html, message_markup)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          ruling.chatId,
          caseNo,
          ruling.at.getTime(),
          tournament,
          ruling.asker.id,
          ruling.asker.name,
          ruling.clause,
          ruling.caseId,
          JSON.stringify(ruling.facts),
          factsKey(ruling.facts),
          ruling.verdictText,
          ruling.message?.id ?? null,
          ruling.message?.html ?? null,
          ruling.message?.markup ?? null,
        ],
      );
      return { ...ruling, caseNo, tournament, decision: undefined, repeatOf: undefined };
    },

    async entry(chatId, caseNo) {
      const [row] = await driver.all(`select ${COLUMNS} from log_rulings where chat_id = $1 and case_no = $2`, [chatId, caseNo]);
      return row ? toEntry(row) : undefined;
    },

    async history(chatId, offset, limit): Promise<HistoryPage> {
      const rows = await driver.all(`select ${COLUMNS} from log_rulings where chat_id = $1 order by case_no desc limit $2 offset $3`, [
        chatId,
        limit,
        offset,
      ]);
      const [count] = await driver.all("select count(*) as n from log_rulings where chat_id = $1", [chatId]);
      return { entries: rows.map(toEntry), total: Number(count?.n ?? 0) };
    },

    async tournamentEntries(chatId, tournament) {
      const rows = await driver.all(`select ${COLUMNS} from log_rulings where chat_id = $1 and tournament = $2 order by case_no`, [
        chatId,
        tournament,
      ]);
      return rows.map(toEntry);
    },

    async decide(chatId, caseNo, decision: JudgeDecision) {
      const changed = await driver.run(
        `update log_rulings set decision_text = $3, judge_id = $4, judge_name = $5, decided_at_ms = $6
         where chat_id = $1 and case_no = $2`,
        [chatId, caseNo, decision.text, decision.judge.id, decision.judge.name, decision.at.getTime()],
      );
      return changed > 0;
    },

    async markRepeat(chatId, caseNo, repeatOf) {
      const changed = await driver.run("update log_rulings set repeat_of = $3 where chat_id = $1 and case_no = $2", [
        chatId,
        caseNo,
        repeatOf ?? null,
      ]);
      return changed > 0;
    },

    async setMessage(chatId, caseNo, message) {
      await driver.run(
        "update log_rulings set message_id = $3, message_html = $4, message_markup = $5 where chat_id = $1 and case_no = $2",
        [chatId, caseNo, message.id, message.html, message.markup ?? null],
      );
    },

    async precedent(chatId, clause, facts, beforeCaseNo) {
      const [row] = await driver.all(
        `select ${COLUMNS} from log_rulings
         where chat_id = $1 and clause = $2 and facts_key = $3 and case_no < $4 and decision_text is not null
         order by case_no desc limit 1`,
        [chatId, clause, factsKey(facts), beforeCaseNo],
      );
      return row ? toEntry(row) : undefined;
    },

    async earlierInTournament(chatId, clause, tournament, beforeCaseNo) {
      const rows = await driver.all(
        `select ${COLUMNS} from log_rulings
         where chat_id = $1 and clause = $2 and tournament = $3 and case_no < $4 order by case_no desc`,
        [chatId, clause, tournament, beforeCaseNo],
      );
      return rows.map(toEntry);
    },

    async openTournament(chatId): Promise<Tournament | undefined> {
      const [row] = await driver.all("select name, opened_at_ms from log_tournaments where chat_id = $1", [chatId]);
      return row ? { name: textOf(row.name), openedAt: new Date(Number(row.opened_at_ms)) } : undefined;
    },

    async startTournament(chatId, name, at) {
      await driver.run(
        `insert into log_tournaments (chat_id, name, opened_at_ms) values ($1, $2, $3)
         on conflict (chat_id) do update set name = excluded.name, opened_at_ms = excluded.opened_at_ms`,
        [chatId, name, at.getTime()],
      );
    },

    async endTournament(chatId) {
      const open = await store.openTournament(chatId);
      if (!open) return undefined;
      await driver.run("delete from log_tournaments where chat_id = $1", [chatId]);
      return open.name;
    },

    async currentTournament(chatId, day) {
      return (await store.openTournament(chatId))?.name ?? day;
    },

    async forget(userId) {
      const deleted = await driver.run("delete from log_rulings where asker_id = $1", [userId]);
      // a judge's decision stays (the tournament's record needs it), without the judge's name
      await driver.run("update log_rulings set judge_id = null, judge_name = '' where judge_id = $1", [userId]);
      return deleted;
    },

    async deleteOlderThan(at) {
      return driver.run("delete from log_rulings where at_ms < $1", [at.getTime()]);
    },

    close: () => driver.close(),
  };
  return store;
}
