/**
 * Run compiled (plain node, no tsx loader) by bench/memory.ts: the bot's working set in a fresh
 * process — knowledge loaded and indexed, the matcher and the pipeline warmed over the bench
 * inputs — then the resident memory. Prints one JSON line.
 */
import { loadKnowledge } from "../src/knowledge/load.js";
import type { Knowledge } from "../src/knowledge/types.js";
import type { Matcher } from "../src/search/types.js";
import { benchInputs } from "./descriptions.js";
import { fn, importIfPresent } from "./optional.js";
import { measurePipeline } from "./pipeline.js";

const knowledgeDir = process.argv[2];
const knowledge = loadKnowledge(knowledgeDir);
const createMatcher = fn<(k: Knowledge) => Matcher>(await importIfPresent("src/search/matcher"), "createMatcher");
let matched = 0;
if (createMatcher) {
  const matcher = createMatcher(knowledge);
  for (const text of benchInputs(5000).texts) matched += matcher.match(text).candidates.length;
}
const pipeline = await measurePipeline(knowledge, 3000);
const rssMb = process.memoryUsage().rss / 1024 / 1024;
process.stdout.write(
  `${JSON.stringify({ rss_mb: rssMb, matcher: createMatcher !== null, pipeline: typeof pipeline !== "string", matched })}\n`,
);
