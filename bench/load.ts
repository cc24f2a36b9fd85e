/**
 * Start-up cost: `knowledge/` loaded, validated and indexed, each time in a fresh Node process
 * (cold module caches and JIT, as at a real start, with the Node flags of the bot's start
 * script), median of several runs.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startFlags } from "./start-flags.js";
import { median } from "./stats.js";

export interface LoadFigures {
  /** why the figures are missing (knowledge invalid mid-edit) */
  readonly error: string | null;
  readonly runs: number;
  readonly clauses: number;
  /** loadKnowledge: read + parse YAML + zod + cross-checks */
  readonly knowledgeMs: number | null;
  /** createMatcher over the loaded knowledge */
  readonly indexMs: number | null;
  /** CPU time of both (user + system), less sensitive to a busy machine than the wall clock */
  readonly cpuMs: number | null;
  /** both together: the load_ms */
  readonly totalMs: number | null;
}

const CHILD = fileURLToPath(new URL("./load-child.ts", import.meta.url));

export function measureLoad(runs = 5, knowledgeDir?: string): LoadFigures {
  const samples: { load_ms: number; index_ms: number; cpu_ms: number; clauses: number }[] = [];
  for (let i = 0; i < runs; i++) {
    try {
      const out = execFileSync(process.execPath, [...startFlags(), "--import", "tsx", CHILD, ...(knowledgeDir ? [knowledgeDir] : [])], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      samples.push(JSON.parse(out.trim().split("\n").pop()!) as (typeof samples)[number]);
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? error);
      const line = stderr.split("\n").find((l) => /^\w*Error\b/.test(l)) ?? stderr.split("\n")[0] ?? "failed";
      return { error: line.trim(), runs: 0, clauses: 0, knowledgeMs: null, indexMs: null, cpuMs: null, totalMs: null };
    }
  }
  return {
    error: null,
    runs,
    clauses: samples[0]?.clauses ?? 0,
    knowledgeMs: median(samples.map((s) => s.load_ms)),
    indexMs: median(samples.map((s) => s.index_ms)),
    cpuMs: median(samples.map((s) => s.cpu_ms)),
    totalMs: median(samples.map((s) => s.load_ms + s.index_ms)),
  };
}
