import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const FILE = "test/search/fixtures/held-out.jsonl";

interface Side {
  top1: number;
  top3: number;
  offTopicRejected: number;
  notIrregularityRecognised: number;
  notFound: number;
  missed: unknown[];
}

describe("npm run eval", () => {
  it("prints the fitted matcher, the hand-set scorer and plain Fuse side by side as one JSON line", async () => {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "src/cli/eval.ts", "--json", "--file", FILE], { encoding: "utf8" });
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const [r] = JSON.parse(lines[0]!) as Record<"fitted" | "hand-set" | "fuse.js", Side>[];
    for (const side of [r!.fitted, r!["hand-set"], r!["fuse.js"]]) {
      expect(side.top1).toBeGreaterThanOrEqual(0);
      expect(side.top3).toBeGreaterThanOrEqual(side.top1);
      expect(side.offTopicRejected).toBeLessThanOrEqual(1);
      expect(Number.isInteger(side.notFound)).toBe(true);
      expect(Array.isArray(side.missed)).toBe(true);
    }
    expect(r!.fitted.top1).toBeGreaterThan(r!["fuse.js"].top1);
  });

  it("prints a table, with the misses when asked", async () => {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "src/cli/eval.ts", "--file", FILE, "--misses"], {
      encoding: "utf8",
    });
    expect(stdout).toMatch(/top-1\s+\d\.\d{3}\s+\d\.\d{3}\s+\d\.\d{3}/);
    expect(stdout).toMatch(/off-topic rejected/);
    expect(stdout).toMatch(/not an irregularity/);
    expect(stdout).toMatch(/«Не нашёл» on incidents/);
    expect(stdout).toMatch(/Промахи fitted/);
    expect(stdout).toMatch(/Промахи fuse\.js/);
  });

  it("compares the facts read with a facts set's labels, and lists the wrong reads", async () => {
    const file = "test/search/facts-sets/facts7-b.jsonl";
    const { stdout: json } = await run(process.execPath, ["--import", "tsx", "src/cli/eval.ts", "--facts", file, "--json"], {
      encoding: "utf8",
    });
    const f = JSON.parse(json) as {
      read: number;
      agree: number;
      wrong: number;
      unlabelled: number;
      wrongReads: unknown[];
      compared: string[];
    };
    expect(f.read).toBe(f.agree + f.wrong + f.unlabelled);
    expect(f.wrongReads).toHaveLength(f.wrong);
    expect(f.compared).toContain("offender");
    const { stdout } = await run(process.execPath, ["--import", "tsx", "src/cli/eval.ts", "--facts", file, "--misses"], {
      encoding: "utf8",
    });
    expect(stdout).toMatch(/всего\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+/);
    expect(stdout).toMatch(/Прочитано не то \(\d+\):/);
    expect(stdout).toMatch(/Прочитано без разметки \(\d+\):/);
  });
});
