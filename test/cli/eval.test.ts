import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

describe("npm run eval", () => {
  it("prints the matcher and the plain Fuse baseline side by side as one JSON line", async () => {
    const { stdout } = await run("npx", ["tsx", "src/cli/eval.ts", "--json"], { encoding: "utf8" });
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const r = JSON.parse(lines[0]!) as Record<
      "matcher" | "baseline",
      { top1: number; top3: number; offTopicRejected: number; missed: unknown[] }
    >;
    for (const side of [r.matcher, r.baseline]) {
      expect(side.top1).toBeGreaterThanOrEqual(0);
      expect(side.top3).toBeGreaterThanOrEqual(side.top1);
      expect(side.offTopicRejected).toBeLessThanOrEqual(1);
      expect(Array.isArray(side.missed)).toBe(true);
    }
    expect(r.matcher.top1).toBeGreaterThan(r.baseline.top1);
  });

  it("prints a table with the misses by default", async () => {
    const { stdout } = await run("npx", ["tsx", "src/cli/eval.ts", "--file", "test/search/fixtures/held-out.jsonl"], { encoding: "utf8" });
    expect(stdout).toMatch(/top-1\s+\d\.\d{3}\s+\d\.\d{3}/);
    expect(stdout).toMatch(/off-topic rejected/);
    expect(stdout).toMatch(/Промахи matcher/);
    expect(stdout).toMatch(/Промахи baseline/);
  });
});
