/**
 * Run compiled (plain node, no tsx loader) by bench/memory.ts: the bot's working set in a fresh
 * process — knowledge loaded and indexed, the matcher and the whole pipeline warmed over the
 * bench inputs — then the resident memory. Prints one JSON line.
 */
import { loadKnowledge } from "../src/knowledge/load.js";
import { createMatcher } from "../src/search/matcher.js";
import { benchInputs } from "./descriptions.js";
import { measurePipeline } from "./pipeline.js";

const knowledge = loadKnowledge(process.argv[2]);
const matcher = createMatcher(knowledge);
let matched = 0;
for (const text of benchInputs(5000).texts) matched += matcher.match(text).candidates.length;
const pipeline = await measurePipeline(knowledge, 3000);
const rssMb = process.memoryUsage().rss / 1024 / 1024;
process.stdout.write(`${JSON.stringify({ rss_mb: rssMb, pipeline: typeof pipeline !== "string", matched })}\n`);
