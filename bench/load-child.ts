/**
 * Run in a fresh process by bench/load.ts: times loading, validating and indexing `knowledge/`
 * as the bot does at start-up (modules already imported; the clock covers loadKnowledge and
 * createMatcher only). Prints one JSON line.
 */
import { performance } from "node:perf_hooks";
import { loadKnowledge } from "../src/knowledge/load.js";
import type { Knowledge } from "../src/knowledge/types.js";
import type { Matcher } from "../src/search/types.js";
import { fn, importIfPresent } from "./optional.js";

const createMatcher = fn<(k: Knowledge) => Matcher>(await importIfPresent("src/search/matcher"), "createMatcher");

const c0 = process.cpuUsage();
const t0 = performance.now();
const knowledge = loadKnowledge(process.argv[2]);
const t1 = performance.now();
let indexMs: number | null = null;
if (createMatcher) {
  createMatcher(knowledge);
  indexMs = performance.now() - t1;
}
// CPU time as well: on a shared, busy machine the wall clock also counts waiting for a core.
const cpu = process.cpuUsage(c0);
process.stdout.write(`${JSON.stringify({ load_ms: t1 - t0, index_ms: indexMs, cpu_ms: (cpu.user + cpu.system) / 1000, clauses: knowledge.clauses.length })}\n`);
