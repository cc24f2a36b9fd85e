/**
 * `npm run train`: fits the ranking weights to the training pool (test/search/corpus/train.jsonl and fresh*.jsonl)
 * and the older labelled sets (test/search/fixtures), and writes knowledge/ranker.json. The test
 * portion (test/search/corpus/test.jsonl) is never read here. The same lines give the same file.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_KNOWLEDGE_DIR, loadKnowledge, RANKER_FILE } from "../knowledge/load.js";
import type { RankerFile } from "../knowledge/ranker-schema.js";
import { trainOn } from "../search/cross-validate.js";
import { parseQueries, type LabelledQuery } from "../search/evaluate.js";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
/** the training side: the first corpus and the sets written after it, each measured once before it joined */
export const TRAIN_POOL: readonly string[] = [
  "train.jsonl",
  "fresh.jsonl",
  "fresh3.jsonl",
  "fresh4.jsonl",
  "fresh5.jsonl",
  "fresh6.jsonl",
  "fresh7.jsonl",
  "fresh8.jsonl",
  "fresh9.jsonl",
  "fresh10.jsonl",
  "fresh11.jsonl",
  "fresh12.jsonl",
  "fresh14.jsonl",
  "fresh15.jsonl",
  "fresh16.jsonl",
  "fresh17.jsonl",
  "fresh18.jsonl",
  "audits.jsonl",
].map((f) => resolve(ROOT, "test/search/corpus", f));
export const TEST_PORTION = resolve(ROOT, "test/search/corpus/test.jsonl");
export const FIXTURES = resolve(ROOT, "test/search/fixtures");

export function readQueries(file: string): LabelledQuery[] {
  return parseQueries(readFileSync(file, "utf8"));
}

/**
 * Every line of the training side, one writer's lines together. A set whose lines do not name their
 * writers (fresh4.jsonl, fresh5.jsonl) is one writer: its lines are held out together, as at its first measure.
 */
export function trainingPool(): LabelledQuery[] {
  return TRAIN_POOL.flatMap((file) => readQueries(file).map((q) => (q.source ? q : { ...q, source: basename(file, ".jsonl") })));
}

/** The older sets, tuned on before: always trained on, never a fold. */
export function fixtureQueries(): LabelledQuery[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .flatMap((f) => readQueries(join(FIXTURES, f)));
}

/** The weights file as written: one feature a line, so the list reads in a diff. */
export function rankerJson(ranker: RankerFile): string {
  const { features, ...rest } = ranker;
  const fields = Object.entries(rest).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{\n${fields.join(",\n")},\n  "features": [\n${features.map((f) => `    ${JSON.stringify(f)}`).join(",\n")}\n  ]\n}\n`;
}

export function train(knowledgeDir: string = DEFAULT_KNOWLEDGE_DIR): RankerFile {
  const knowledge = loadKnowledge(knowledgeDir, { ranker: false });
  return trainOn(knowledge, [...fixtureQueries(), ...trainingPool()]);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const out = join(DEFAULT_KNOWLEDGE_DIR, RANKER_FILE);
    const ranker = train();
    writeFileSync(out, rankerJson(ranker));
    process.stdout.write(`${out}: ${ranker.features.length} features, ${ranker.classes.length} classes\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
