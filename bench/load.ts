/**
 * Start-up cost: `knowledge/` loaded, validated and indexed, each time in a fresh Node process
 * (cold module caches and JIT, as at a real start), median of several runs.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { median } from "./stats.js";

export interface LoadFigures {
  /** why a figure is missing (knowledge invalid mid-edit, matcher not there yet) */
  readonly error: string | null;
  readonly runs: number;
  readonly clauses: number;
  /** loadKnowledge: read + parse YAML + zod + cross-checks */
  readonly knowledgeMs: number | null;
  /** createMatcher over the loaded knowledge; null until the matcher exists */
  readonly indexMs: number | null;
  /** CPU time of both (user + system), less sensitive to a busy machine than the wall clock */
  readonly cpuMs: number | null;
  /** both together: the load_ms; null unless both were measured */
  readonly totalMs: number | null;
}

const CHILD = fileURLToPath(new URL("./load-child.ts", import.meta.url));

export function measureLoad(runs = 5, knowledgeDir?: string): LoadFigures {
  const samples: { load_ms: number; index_ms: number | null; cpu_ms: number; clauses: number }[] = [];
  for (let i = 0; i < runs; i++) {
    try {
      const out = execFileSync(process.execPath, ["--import", "tsx", CHILD, ...(knowledgeDir ? [knowledgeDir] : [])], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      samples.push(JSON.parse(out.trim().split("\n").pop()!) as (typeof samples)[number]);
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? error);
      const line = stderr.split("\n").find((l) => /^\w*Error\b/.test(l)) ?? stderr.split("\n")[0] ?? "failed";
      return { error: line.trim(), runs: 0, clauses: 0, knowledgeMs: null, indexMs: null, cpuMs: null, totalMs: null };
    }
  }
  const hasIndex = samples.every((s) => s.index_ms !== null);
  return {
    error: hasIndex ? null : "no src/search/matcher.ts yet: indexing not measured",
    runs,
    clauses: samples[0]?.clauses ?? 0,
    knowledgeMs: median(samples.map((s) => s.load_ms)),
    indexMs: hasIndex ? median(samples.map((s) => s.index_ms!)) : null,
    cpuMs: hasIndex ? median(samples.map((s) => s.cpu_ms)) : null,
    totalMs: hasIndex ? median(samples.map((s) => s.load_ms + s.index_ms!)) : null,
  };
}
