/**
 * A test-only matcher that reads a description written as data: `случай fspr_10_4_6 game=allpass`.
 * It lets the coverage tests state any facts in the description without depending on how well
 * the real matcher reads Russian (that has its own tests).
 */
import type { Matcher, MatchResult } from "../../src/search/types.js";

export const factMatcher: Matcher = {
  match(text: string): MatchResult {
    const m = /^случай (\S+)((?:\s+[a-z_]+=[a-z0-9_]+)*)\s*$/.exec(text.trim());
    if (!m) return { candidates: [], facts: {}, confidence: "none", byNumber: false, numbers: {} };
    const facts = Object.fromEntries((m[2] ?? "").trim().split(/\s+/).filter(Boolean).map((kv) => kv.split("=") as [string, string]));
    return { candidates: [{ id: m[1]!.replace("_", "-").replace(/_/g, "."), score: 1 }], facts, confidence: "clear", byNumber: false, numbers: {} };
  },
};

export function describeAs(clauseId: string, facts: Readonly<Record<string, string>>): string {
  return `случай ${clauseId.replace(/[-.]/g, "_")}${Object.entries(facts).map(([f, v]) => ` ${f}=${v}`).join("")}`;
}
