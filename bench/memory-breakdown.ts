/**
 * Where the resident memory goes: the bench's child workload step by step (modules, knowledge,
 * matcher, warm matching, warm pipeline), each figure after a full collection, then V8's heap
 * spaces. Compile it as bench/memory.ts compiles memory-child.ts and run it with
 * `node --expose-gc --max-semi-space-size=4 --min-semi-space-size=4 …/bench/memory-breakdown.js knowledge` (the flags of
 * the start script, bench/start-flags.ts; without them V8's young generation grows to 32 MB).
 */
import { getHeapSpaceStatistics } from "node:v8";
import { loadKnowledge } from "../src/knowledge/load.js";
import { createMatcher } from "../src/search/matcher.js";
import { benchInputs } from "./descriptions.js";
import { measurePipeline } from "./pipeline.js";

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number): string => (n / 1024 / 1024).toFixed(1).padStart(6);
function step(name: string): void {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  process.stdout.write(
    `${name.padEnd(18)} rss ${mb(m.rss)}  heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}  external ${mb(m.external)}\n`,
  );
}

step("modules loaded");
const knowledge = loadKnowledge(process.argv[2]);
step("knowledge loaded");
const matcher = createMatcher(knowledge);
step("matcher built");
for (const text of benchInputs(5000).texts) matcher.match(text);
step("matcher warmed");
await measurePipeline(knowledge, 3000);
step("pipeline warmed");
for (const s of getHeapSpaceStatistics())
  if (s.physical_space_size > 0)
    process.stdout.write(`  ${s.space_name.padEnd(24)} ${mb(s.physical_space_size)} resident, ${mb(s.space_used_size)} used\n`);
