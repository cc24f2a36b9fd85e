/**
 * Quality floors, a little below what `npm run eval` measures, so a change can't silently lose
 * quality. The dev set (test/search/fixtures/dev.jsonl) came with the project brief; the held-out phrasings are our own.
 * The fitted ranking (knowledge/ranker.json) is trained on these sets too: they guard against a
 * regression, they do not measure understanding — cross-validated.test.ts does.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadKnowledge } from "../../src/knowledge/load.js";
import { createBaseline } from "../../src/search/baseline.js";
import { evaluate, parseQueries } from "../../src/search/evaluate.js";
import { createMatcher } from "../../src/search/matcher.js";
import type { Matcher } from "../../src/search/types.js";

const DEV = resolve(process.cwd(), "test/search/fixtures/dev.jsonl");
const HELD_OUT = resolve(process.cwd(), "test/search/fixtures/held-out.jsonl");

let matcher: Matcher;
let baseline: Matcher;
beforeAll(() => {
  const k = loadKnowledge();
  matcher = createMatcher(k);
  baseline = createBaseline(k);
});

describe("matcher quality", () => {
  it("stays above the floor on the dev set, well above plain Fuse", () => {
    const queries = parseQueries(readFileSync(DEV, "utf8"));
    const mine = evaluate(matcher, queries);
    expect(mine.top1).toBeGreaterThanOrEqual(0.95);
    expect(mine.top3).toBeGreaterThanOrEqual(0.97);
    expect(mine.offTopicRejected).toBeGreaterThanOrEqual(0.75);
    expect(mine.top1).toBeGreaterThan(evaluate(baseline, queries).top1 + 0.4);
    // plain Fuse.js over every clause's text is slow, and the first test also warms the matcher
  }, 120_000);

  it("stays above the floor on our own held-out phrasings", () => {
    const mine = evaluate(matcher, parseQueries(readFileSync(HELD_OUT, "utf8")));
    expect(mine.top1).toBeGreaterThanOrEqual(0.95);
    expect(mine.top3).toBeGreaterThanOrEqual(0.96);
    expect(mine.offTopicRejected).toBeGreaterThanOrEqual(0.85);
  });

  /**
   * Sets 2–7, each written from the two documents alone and measured before any tuning looked at
   * it (top-1 / top-3 / off-topic, both codes): 2 — 0.917 / 0.972 / 0.917 and 3 — 0.804 / 0.875 /
   * 0.875 (before the lexicon work); 4 — 0.800 / 0.900 / 0.625; 5 — 0.914 /
   * 0.971 / 0.800 (after the work on set 4, unseen); 6 — 0.819 / 0.958 / 0.364 (after the work on
   * sets 4 and 5, unseen); 7 — 0.813 / 0.920 / 0.900 (after the work on sets 4–6, unseen). The
   * floors sit a little below what they measure now.
   */
  const HELD_OUT_SETS = [
    { file: "held-out-2.jsonl", top1: 0.93, top3: 0.97, offTopic: 0.9, fspr: 0.9, zinin: 0.9 },
    { file: "held-out-3.jsonl", top1: 0.93, top3: 0.95, offTopic: 0.85, fspr: 0.88, zinin: 0.86 },
    { file: "held-out-4.jsonl", top1: 0.88, top3: 0.95, offTopic: 0.7, fspr: 0.83, zinin: 0.88 },
    { file: "held-out-5.jsonl", top1: 0.88, top3: 0.95, offTopic: 0.9, fspr: 0.85, zinin: 0.77 },
    { file: "held-out-6.jsonl", top1: 0.83, top3: 0.97, offTopic: 0.75, fspr: 0.77, zinin: 0.81 },
    { file: "held-out-7.jsonl", top1: 0.81, top3: 0.93, offTopic: 0.9, fspr: 0.82, zinin: 0.76 },
  ] as const;
  for (const set of HELD_OUT_SETS) {
    it(`stays above the floor on ${set.file}`, () => {
      const queries = parseQueries(readFileSync(resolve(process.cwd(), "test/search/fixtures", set.file), "utf8"));
      const mine = evaluate(matcher, queries);
      expect(mine.top1).toBeGreaterThanOrEqual(set.top1);
      expect(mine.top3).toBeGreaterThanOrEqual(set.top3);
      expect(mine.offTopicRejected).toBeGreaterThanOrEqual(set.offTopic);
      expect(evaluate(matcher, queries, "fspr").top1).toBeGreaterThanOrEqual(set.fspr);
      expect(evaluate(matcher, queries, "zinin").top1).toBeGreaterThanOrEqual(set.zinin);
    });
  }

  it("keeps to one code when asked, on the dev set", () => {
    const queries = parseQueries(readFileSync(DEV, "utf8"));
    const fspr = evaluate(matcher, queries, "fspr");
    const zinin = evaluate(matcher, queries, "zinin");
    expect(fspr.top1).toBeGreaterThanOrEqual(0.88);
    expect(fspr.top3).toBeGreaterThanOrEqual(0.96);
    expect(zinin.top1).toBeGreaterThanOrEqual(0.82);
    expect(zinin.top3).toBeGreaterThanOrEqual(0.94);
  });
});
