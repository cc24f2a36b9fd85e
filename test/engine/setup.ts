/** The real knowledge and matcher, loaded once per test file. */
import { createJudge } from "../../src/engine/judge.js";
import { loadKnowledge } from "../../src/knowledge/load.js";
import type { Knowledge } from "../../src/knowledge/types.js";
import { createMatcher } from "../../src/search/matcher.js";
import type { Judge } from "../../src/engine/types.js";
import type { Matcher } from "../../src/search/types.js";

let cached: { k: Knowledge; matcher: Matcher; judge: Judge } | undefined;

export function real(): { k: Knowledge; matcher: Matcher; judge: Judge } {
  if (!cached) {
    const k = loadKnowledge();
    const matcher = createMatcher(k);
    cached = { k, matcher, judge: createJudge(k, matcher) };
  }
  return cached;
}
