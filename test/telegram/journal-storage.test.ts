/**
 * JournalStorage (src/telegram/journal-storage.ts), the proposed faster embedded store: sessions
 * survive a restart, a torn last line from a killed process is skipped, expired sessions go,
 * compaction keeps what is live, and a process killed with SIGKILL mid-writes leaves a store
 * that opens with every session at its last whole write.
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JournalStorage } from "../../src/telegram/journal-storage.js";
import { REPO } from "../e2e/harness.js";

describe("JournalStorage", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "sudya-journal-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps sessions across a restart, deletes included", async () => {
    const a = new JournalStorage<{ n: number }>(dir, 3600);
    await a.write("1:1", { n: 1 });
    await a.write("1:1", { n: 2 });
    await a.write("2:2", { n: 3 });
    await a.delete("2:2");
    a.close();
    const b = new JournalStorage<{ n: number }>(dir, 3600);
    expect(await b.read("1:1")).toEqual({ n: 2 });
    expect(await b.read("2:2")).toBeUndefined();
    b.close();
  });

  it("skips a torn last line", async () => {
    const a = new JournalStorage<{ n: number }>(dir, 3600);
    await a.write("k", { n: 1 });
    a.close();
    appendFileSync(join(dir, "sessions.journal"), '["k",{"e":99999999999999,"v":{"n":');
    const b = new JournalStorage<{ n: number }>(dir, 3600);
    expect(await b.read("k")).toEqual({ n: 1 });
    b.close();
  });

  it("forgets expired sessions and compacts to what is live", async () => {
    let now = 1_000_000;
    const a = new JournalStorage<{ n: number }>(dir, 10, { now: () => now, compactAfter: 5 });
    await a.write("old", { n: 0 });
    now += 20_000;
    for (let i = 0; i < 20; i++) await a.write("live", { n: i });
    expect(await a.read("old")).toBeUndefined();
    a.compact();
    a.close();
    expect(readFileSync(join(dir, "sessions.journal"), "utf8")).toBe("");
    const b = new JournalStorage<{ n: number }>(dir, 10, { now: () => now });
    expect(await b.read("live")).toEqual({ n: 19 });
    expect(b.size).toBe(1);
    b.close();
  });

  it("opens whole after SIGKILL in the middle of writes", async () => {
    const script = join(dir, "writer.mjs");
    writeFileSync(
      script,
      `const { JournalStorage } = await import(${JSON.stringify(join(REPO, "src/telegram/journal-storage.ts"))});
       const s = new JournalStorage(${JSON.stringify(join(dir, "store"))}, 3600, { compactAfter: 500 });
       let i = 0;
       process.stdout.write("ready\\n");
       for (;;) { await s.write("k" + (i % 50), { i }); i++; if (i % 200 === 0) await new Promise((r) => setImmediate(r)); }`,
    );
    const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: REPO, stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
    await new Promise((r) => setTimeout(r, 400));
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));

    const s = new JournalStorage<{ i: number }>(join(dir, "store"), 3600);
    expect(s.size).toBe(50);
    // each key holds its last whole write: values of one key differ by 50
    const values = await Promise.all(Array.from({ length: 50 }, (_, k) => s.read(`k${k}`)));
    for (const [k, v] of values.entries()) expect(v!.i % 50).toBe(k);
    s.close();
  }, 30_000);
});
