/**
 * `npx tsx bench/profile-pipeline.ts [store] [updates] [out.cpuprofile]`: a CPU profile of the
 * whole pipeline only (after a warm-up, so start-up and compilation stay out of it), for
 * chrome://inspect or any .cpuprofile viewer.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { loadKnowledge } from "../src/knowledge/load.js";
import { measurePipeline, type StoreKind } from "./pipeline.js";

const store = (process.argv[2] ?? "memory") as StoreKind;
const n = Number(process.argv[3] ?? 5000);
const out = process.argv[4] ?? "pipeline.cpuprofile";
const knowledge = loadKnowledge();
await measurePipeline(knowledge, 2000, store);
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 200 });
await session.post("Profiler.start");
const figures = await measurePipeline(knowledge, n, store);
const { profile } = await session.post("Profiler.stop");
writeFileSync(out, JSON.stringify(profile));
process.stdout.write(`${JSON.stringify(figures)}\nprofile: ${out}\n`);
