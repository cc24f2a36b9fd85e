/**
 * The tournament's log as CSV for the judge's report (RFC 4180: comma-separated, quoted where
 * needed, CRLF), with a byte-order mark so a spreadsheet reads the Cyrillic as UTF-8. Times are
 * the log's zone's, with their offset («2026-11-12T14:05:09+03:00»).
 */
import { localIso } from "./time-zone.js";
import type { LogEntry } from "./types.js";

export const CSV_HEADER = [
  "case",
  "time",
  "tournament",
  "asker_id",
  "asker",
  "clause",
  "case_id",
  "facts",
  "verdict",
  "judge_decision",
  "judge",
  "decided_at",
  "repeat_of",
] as const;

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(entries: readonly LogEntry[], clauseLabel: (id: string) => string, timeZone: string): string {
  const rows = entries.map((e) => [
    String(e.caseNo),
    localIso(e.at, timeZone),
    e.tournament,
    String(e.asker.id),
    e.asker.name,
    clauseLabel(e.clause),
    e.caseId,
    e.facts.map((f) => `${f.label} (${f.source})`).join("; "),
    e.verdictText,
    e.decision?.text ?? "",
    e.decision?.judge.name ?? "",
    e.decision ? localIso(e.decision.at, timeZone) : "",
    e.repeatOf !== undefined ? String(e.repeatOf) : "",
  ]);
  return `\uFEFF${[[...CSV_HEADER], ...rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
