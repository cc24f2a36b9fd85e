/**
 * Matching speed on one core (Node runs the matcher on its one JS thread): latency of each
 * `match` call, p50/p99, and queries per second over an uninstrumented pass. Inputs are the
 * benchmark's own varied descriptions; the dev set's texts (test/search/fixtures/dev.jsonl)
 * are timed too as a second input mix (read at run time, never stored).
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import type { Matcher } from "../src/search/types.js";
import { percentile, sortedCopy } from "./stats.js";

export interface MatchFigures {
  readonly inputs: string;
  readonly calls: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly qps: number;
}

const DEV_SET = fileURLToPath(new URL("../test/search/fixtures/dev.jsonl", import.meta.url));

export function devSetTexts(): string[] | null {
  if (!existsSync(DEV_SET)) return null;
  return readFileSync(DEV_SET, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => {
      const text = (JSON.parse(l) as { text?: unknown }).text;
      return typeof text === "string" ? text : "";
    });
}

/** `rounds` passes over `texts`: the first warms the JIT, the timed ones follow. */
export function measureMatch(matcher: Matcher, label: string, texts: readonly string[], calls: number): MatchFigures {
  let sink = 0;
  for (let i = 0; i < Math.min(calls, 2000); i++) sink += matcher.match(texts[i % texts.length]!).candidates.length;

  const samples = new Array<number>(calls);
  for (let i = 0; i < calls; i++) {
    const text = texts[i % texts.length]!;
    const t0 = performance.now();
    sink += matcher.match(text).candidates.length;
    samples[i] = performance.now() - t0;
  }

  const t0 = performance.now();
  for (let i = 0; i < calls; i++) sink += matcher.match(texts[i % texts.length]!).candidates.length;
  const wall = performance.now() - t0;
  if (sink < 0) throw new Error("unreachable: keeps the calls from being optimised away");

  const sorted = sortedCopy(samples);
  return {
    inputs: label,
    calls,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1]!,
    qps: (calls / wall) * 1000,
  };
}
