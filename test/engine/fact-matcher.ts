/**
 * A test-only matcher that reads a description written as data: `случай fspr_10_4_6 game=allpass`
 * (one clause, clearly) or `случай fspr_10_4_6,zinin_4_5,fspr_10_4_1` (one of these).
 * It lets the coverage tests state any facts in the description without depending on how well
 * the real matcher reads Russian (that has its own tests).
 */
import type { Matcher, MatchResult } from "../../src/search/types.js";

export const factMatcher: Matcher = {
  match(text: string): MatchResult {
    const m = /^случай (\S+)((?:\s+[a-z_]+=[a-z0-9_]+)*)\s*$/.exec(text.trim());
    if (!m) return { candidates: [], facts: {}, confidence: "none", byNumber: false, numbers: {} };
    const facts = Object.fromEntries(
      (m[2] ?? "")
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((kv) => kv.split("=") as [string, string]),
    );
    // several ids, comma-separated: "one of these"
    const ids = m[1]!.split(",").map((id) => id.replace("_", "-").replace(/_/g, "."));
    const candidates = ids.map((id, i) => ({ id, score: 1 - i / 10 }));
    return { candidates, facts, confidence: ids.length > 1 ? "ambiguous" : "clear", byNumber: false, numbers: {} };
  },
};

export function describeAs(clauseId: string, facts: Readonly<Record<string, string>>): string {
  return `случай ${clauseId.replace(/[-.]/g, "_")}${Object.entries(facts)
    .map(([f, v]) => ` ${f}=${v}`)
    .join("")}`;
}
