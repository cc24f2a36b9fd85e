/**
 * Which clauses rule differently for a first and a repeated offence: those whose own words
 * (the clause's text or a case's ruling) speak of a repeat («повторно», «в случае повторения»).
 * Read from the knowledge, so a clause file that gains such a case is asked about without a code change.
 */
import type { Knowledge } from "../knowledge/types.js";

const REPEAT_WORDS = /повтор/i;

export function repeatSensitiveClauses(knowledge: Knowledge): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const clause of knowledge.clauses) {
    const words = [clause.text, ...clause.cases.map((c) => c.ruling)];
    if (words.some((w) => typeof w === "string" && REPEAT_WORDS.test(w))) ids.add(clause.id);
  }
  return ids;
}
