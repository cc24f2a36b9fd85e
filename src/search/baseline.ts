/**
 * The yardstick: plain Fuse.js over the raw clause titles and texts, no normalising, stemming or
 * lexicon. `npm run eval` prints it beside the matcher so a gain is measured, not claimed.
 */
import Fuse from "fuse.js";
import type { Clause, Knowledge } from "../knowledge/types.js";
import type { Matcher, MatchResult, Ruleset } from "./types.js";

export function createBaseline(knowledge: Knowledge): Matcher {
  const fuse = new Fuse<Clause>([...knowledge.clauses], { keys: ["title", "text"], includeScore: true, ignoreLocation: true });
  return {
    match(text: string, ruleset: Ruleset = "both"): MatchResult {
      const hits = fuse.search(text).filter((r) => ruleset === "both" || r.item.document === ruleset);
      const candidates = hits.slice(0, 5).map((r) => ({ id: r.item.id, score: Math.round((1 - (r.score ?? 1)) * 1000) / 1000 }));
      return { candidates, facts: {}, confidence: candidates.length ? "ambiguous" : "none", byNumber: false, numbers: {} };
    },
  };
}
