import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_KNOWLEDGE_DIR, loadKnowledge } from "../../src/knowledge/load.js";
import type { RankerFile } from "../../src/knowledge/ranker-schema.js";
import { encodeWeights } from "../../src/knowledge/weights.js";
import { createMatcher } from "../../src/search/matcher.js";
import { compileRanker } from "../../src/search/ranker.js";
import { RULESETS } from "../../src/search/types.js";

const k = loadKnowledge();
const file = JSON.parse(readFileSync(join(DEFAULT_KNOWLEDGE_DIR, "ranker.json"), "utf8")) as RankerFile;

describe("the ranking weights as loaded", () => {
  it("compile to the same matrix as the file's base64 text", () => {
    const fromFile = compileRanker(file);
    const loaded = compileRanker(k.ranker!);
    expect(loaded.weights).toEqual(fromFile.weights);
    expect([...loaded.rows]).toEqual([...fromFile.rows]);
    expect(encodeWeights(loaded.weights)).toBe(file.weights);
  });

  it("rank every corpus line as the file's weights do, in each ruleset", () => {
    const texts = readFileSync(join(process.cwd(), "test/search/corpus/fresh5.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { text: string }).text);
    const loaded = createMatcher(k);
    const fromFile = createMatcher(k, file);
    expect(texts.length).toBeGreaterThan(400);
    for (const ruleset of RULESETS)
      for (const text of texts) expect(loaded.match(text, ruleset), text).toEqual(fromFile.match(text, ruleset));
  });
});
