/**
 * Which clauses rule differently for a first and a repeated offence: those that ask whether it is
 * a repeat (a `repeat` question) or whose own words (the clause's text, a case's quote or do lines) speak
 * of one («повторно», «в случае повторения»).
 * Read from the knowledge, so a clause file that gains such a case is asked about without a code change.
 */
import type { Knowledge } from "../knowledge/types.js";

const REPEAT_WORDS = /повтор/i;

export function repeatSensitiveClauses(knowledge: Knowledge): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const clause of knowledge.clauses) {
    const words = [clause.text, ...clause.cases.flatMap((c) => [c.quote, ...(c.do ?? [])])];
    if (clause.questions !== undefined && "repeat" in clause.questions) ids.add(clause.id);
    else if (words.some((w) => typeof w === "string" && REPEAT_WORDS.test(w))) ids.add(clause.id);
  }
  return ids;
}
