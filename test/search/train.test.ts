import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_KNOWLEDGE_DIR, RANKER_FILE } from "../../src/knowledge/load.js";
import { rankerJson, train } from "../../src/cli/train.js";
import { foldsOf } from "../../src/search/cross-validate.js";
import type { LabelledQuery } from "../../src/search/evaluate.js";

describe("npm run train", () => {
  it("gives the committed knowledge/ranker.json again: the weights are reproducible and up to date", () => {
    const committed = readFileSync(join(DEFAULT_KNOWLEDGE_DIR, RANKER_FILE), "utf8");
    // if this fails after the labelled lines or the lexicon changed, run `npm run train` and commit the file
    expect(rankerJson(train()) === committed).toBe(true);
  }, 300_000);
});

describe("cross-validation folds", () => {
  const q = (text: string, source?: string): LabelledQuery => ({
    text,
    fspr: [],
    zinin: [],
    kind: "off_topic",
    ...(source ? { source } : {}),
  });

  it("keep one writer's lines in one fold when every line names its writer", () => {
    const folds = foldsOf([q("a", "set1"), q("b", "set2"), q("c", "set1"), q("d", "set3")]);
    expect(folds).toEqual(["set1", "set2", "set1", "set3"]);
  });

  it("go by a hash of the text when some line has no writer, the same text always in the same fold", () => {
    const folds = foldsOf([q("одна строка", "set1"), q("другая строка"), q("одна строка")]);
    expect(folds[0]).toBe(folds[2]);
    expect(folds.every((f) => /^#[0-4]$/.test(f))).toBe(true);
  });
});
