/**
 * `npx tsx bench/pipeline-only.ts [runs] [updates] [stores…]`: only the whole-pipeline figure,
 * several runs per store with the median, for profiling the Telegram layer without the rest of
 * the benchmark (the machine is shared: one run says little).
 */
import { loadKnowledge } from "../src/knowledge/load.js";
import { measurePipeline, type StoreKind } from "./pipeline.js";

const runs = Number(process.argv[2] ?? 5);
const n = Number(process.argv[3] ?? 5000);
const stores = (process.argv.slice(4).length ? process.argv.slice(4) : ["file", "memory"]) as StoreKind[];
const knowledge = loadKnowledge();
await measurePipeline(knowledge, 1000, stores[0]); // warm-up: JIT
for (const store of stores) {
  const rates: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await measurePipeline(knowledge, n, store);
    if (typeof r === "string") throw new Error(r);
    rates.push(Math.round(r.updatesPerS));
    cpu.push(Math.round(r.cpuMsPerUpdate * 1000) / 1000);
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  process.stdout.write(`${store.padEnd(8)} median ${median(rates)} upd/s, ${median(cpu)} ms CPU/update  runs ${rates.join(" ")}\n`);
}
