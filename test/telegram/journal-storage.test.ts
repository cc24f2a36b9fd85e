/**
 * JournalStorage (src/telegram/journal-storage.ts), the embedded session store: sessions survive
 * a restart, a torn last line from a killed process is cut off, expired sessions go, compaction
 * keeps what is live, a process killed with SIGKILL mid-writes leaves a store that opens with
 * every session at its last whole write, and a disk that refuses a write fails that write alone.
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
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

  it("cuts off a torn last line, so the next write starts a line of its own", async () => {
    const a = new JournalStorage<{ n: number }>(dir, 3600);
    await a.write("k", { n: 1 });
    a.close();
    appendFileSync(join(dir, "sessions.journal"), '["k",{"e":99999999999999,"v":{"n":');
    const b = new JournalStorage<{ n: number }>(dir, 3600);
    expect(await b.read("k")).toEqual({ n: 1 });
    await b.write("j", { n: 2 });
    b.close();
    const c = new JournalStorage<{ n: number }>(dir, 3600);
    expect(await c.read("j")).toEqual({ n: 2 });
    c.close();
  });

  it("hands out a fresh value on every read: changing it changes nothing stored", async () => {
    const s = new JournalStorage<{ n: number }>(dir, 3600);
    await s.write("k", { n: 1 });
    const v = (await s.read("k"))!;
    v.n = 99;
    expect(await s.read("k")).toEqual({ n: 1 });
    s.close();
  });

  it("does not journal a value written again unchanged, until its expiry needs refreshing", async () => {
    let now = 1_000_000;
    const s = new JournalStorage<{ n: number }>(dir, 3600, { now: () => now });
    const lines = (): number => readFileSync(join(dir, "sessions.journal"), "utf8").split("\n").filter(Boolean).length;
    await s.write("k", { n: 1 });
    await s.write("k", { n: 1 });
    expect(lines()).toBe(1);
    await s.write("k", { n: 2 });
    expect(lines()).toBe(2);
    // a hundredth of the time to live later, the same value is written to push its expiry on
    now += 3600_000 / 100 + 1;
    await s.write("k", { n: 2 });
    expect(lines()).toBe(3);
    s.close();
  });

  it("a write the disk refuses fails: memory keeps the last stored value, reads wait for the disk, later writes are whole", async () => {
    let full = false;
    const errors: unknown[] = [];
    // the append syscall as a full disk answers it: part of the line, then ENOSPC
    const diskWrite = (fd: number, data: string): number => {
      if (!full) return writeSync(fd, data);
      writeSync(fd, data.slice(0, 10));
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    };
    const s = new JournalStorage<{ n: number }>(dir, 3600, { writeSync: diskWrite, onError: (e) => errors.push(e) });
    await s.write("k", { n: 1 });
    full = true;
    await expect(s.write("k", { n: 2 })).rejects.toMatchObject({ code: "ENOSPC" });
    await expect(s.write("other", { n: 5 })).rejects.toMatchObject({ code: "ENOSPC" });
    // while the disk refuses, reads fail too: a dialog that cannot be saved must not go on
    await expect(s.read("k")).rejects.toMatchObject({ code: "ENOSPC" });
    full = false;
    expect(await s.read("k")).toEqual({ n: 1 });
    expect(await s.read("other")).toBeUndefined();
    await s.write("k", { n: 3 });
    s.close();
    const b = new JournalStorage<{ n: number }>(dir, 3600);
    expect(await b.read("k")).toEqual({ n: 3 });
    expect(await b.read("other")).toBeUndefined();
    b.close();
    expect(errors).toEqual([]);
  });

  it("a compaction that fails does not fail the write that set it off", async () => {
    const errors: unknown[] = [];
    const s = new JournalStorage<{ n: number }>(dir, 3600, { compactAfter: 3, onError: (e) => errors.push(e) });
    // the snapshot's temporary file cannot be created: a folder stands in its place
    mkdirSync(join(dir, "sessions.snapshot.json.tmp"));
    for (let i = 0; i < 6; i++) await s.write("k", { n: i });
    expect(errors.length).toBeGreaterThan(0);
    expect(await s.read("k")).toEqual({ n: 5 });
    s.close();
    rmSync(join(dir, "sessions.snapshot.json.tmp"), { recursive: true });
    const b = new JournalStorage<{ n: number }>(dir, 3600);
    expect(await b.read("k")).toEqual({ n: 5 });
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
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
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

  for (const [kind, spoil] of [
    ["a truncated", (text: string) => text.slice(0, Math.floor(text.length / 2))],
    ["an empty", () => ""],
  ] as const) {
    it(`sets ${kind} snapshot aside, says so, and replays the journal`, async () => {
      const a = new JournalStorage<{ n: number }>(dir, 3600);
      await a.write("in-snapshot", { n: 1 });
      a.compact();
      await a.write("in-journal", { n: 2 });
      a.close();
      const snapshot = join(dir, "sessions.snapshot.json");
      const original = readFileSync(snapshot, "utf8");
      writeFileSync(snapshot, spoil(original));

      const told: string[] = [];
      const b = new JournalStorage<{ n: number }>(dir, 3600, { onCorruptSnapshot: (aside) => told.push(aside) });
      expect(await b.read("in-journal")).toEqual({ n: 2 });
      expect(told).toHaveLength(1);
      expect(readFileSync(told[0]!, "utf8")).toBe(spoil(original));
      expect(readdirSync(dir)).not.toContain("sessions.snapshot.json");
      // and the store works on: a compaction writes a whole snapshot again
      await b.write("after", { n: 3 });
      b.compact();
      b.close();
      const c = new JournalStorage<{ n: number }>(dir, 3600);
      expect(await c.read("after")).toEqual({ n: 3 });
      c.close();
    });
  }
});
