/**
 * Run in a fresh process by bench/load.ts: times loading, validating and indexing `knowledge/`
 * as the bot does at start-up (modules already imported; the clock covers loadKnowledge and
 * createMatcher only). Prints one JSON line.
 */
import { performance } from "node:perf_hooks";
import { loadKnowledge } from "../src/knowledge/load.js";
import { createMatcher } from "../src/search/matcher.js";

const c0 = process.cpuUsage();
const t0 = performance.now();
const knowledge = loadKnowledge(process.argv[2]);
const t1 = performance.now();
createMatcher(knowledge);
const t2 = performance.now();
// CPU time as well: on a shared, busy machine the wall clock also counts waiting for a core.
const cpu = process.cpuUsage(c0);
process.stdout.write(
  `${JSON.stringify({ load_ms: t1 - t0, index_ms: t2 - t1, cpu_ms: (cpu.user + cpu.system) / 1000, clauses: knowledge.clauses.length })}\n`,
);
