/**
 * The log as a person reads it, in plain text (each adapter escapes it): a line per case for
 * /history, a whole case for /case N, the precedent beside a ruling. Times are the log's zone's
 * (LOG_TIME_ZONE).
 */
import { localTime } from "./time-zone.js";
import type { LogEntry } from "./types.js";

export const SOURCE_WORDS = { text: "сказано", answer: "ответ", assumed: "допущение" } as const;

/** «12.11» */
export function shortDate(at: Date, timeZone: string): string {
  const t = localTime(at, timeZone);
  return `${t.day}.${t.month}`;
}

/** «12.11 14:05» */
export function dateTime(at: Date, timeZone: string): string {
  const t = localTime(at, timeZone);
  return `${t.day}.${t.month} ${t.hour}:${t.minute}`;
}

/** the first line of a text, cut to `max` characters */
export function oneLine(text: string, max = 90): string {
  const line =
    text
      .split("\n")
      .find((l) => l.trim())
      ?.trim() ?? "";
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** «№3 · 12.11 14:05 · ФСПР 10.4.6 · ruling in a line» */
export function historyLine(entry: LogEntry, clauseLabel: (id: string) => string, timeZone: string): string {
  const judged = entry.decision ? ` · судья: ${oneLine(entry.decision.text, 60)}` : "";
  return `№${entry.caseNo} · ${dateTime(entry.at, timeZone)} · ${clauseLabel(entry.clause)} · ${oneLine(entry.verdictText)}${judged}`;
}

export function caseText(entry: LogEntry, clauseLabel: (id: string) => string, timeZone: string): string {
  const lines = [
    `Случай №${entry.caseNo} · ${dateTime(entry.at, timeZone)} · ${entry.tournament}`,
    `Спросил: ${entry.asker.name}`,
    `Пункт: ${clauseLabel(entry.clause)}`,
  ];
  if (entry.facts.length) {
    lines.push("Исходя из:");
    for (const f of entry.facts) lines.push(`• ${f.label} (${SOURCE_WORDS[f.source] ?? f.source})`);
  }
  lines.push("", `Решение по документу: ${entry.verdictText}`);
  if (entry.repeatOf !== undefined) lines.push(`Повторно: тот же игрок, что в случае №${entry.repeatOf}`);
  if (entry.decision)
    lines.push(`Судья турнира (${entry.decision.judge.name || "судья"}, ${dateTime(entry.decision.at, timeZone)}): ${entry.decision.text}`);
  return lines.join("\n");
}

/** «В этом чате судья решил: …, 12.11, случай №7» */
export function precedentLine(precedent: LogEntry, timeZone: string): string {
  return `В этом чате судья решил: ${precedent.decision?.text ?? ""}, ${shortDate(precedent.decision?.at ?? precedent.at, timeZone)}, случай №${precedent.caseNo}`;
}
