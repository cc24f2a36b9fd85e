import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileStorage } from "../../src/telegram/file-storage.js";

describe("the embedded file session store", () => {
  const dirs: string[] = [];
  const fresh = (): string => {
    const d = mkdtempSync(join(tmpdir(), "sudya-store-"));
    dirs.push(d);
    return join(d, "nested", "sessions");
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("creates its folder, writes, reads back after a 'restart', deletes", async () => {
    const dir = fresh();
    const a = new FileStorage<{ n: number }>(dir, 3600);
    await a.write("-1001234:42", { n: 1 });
    await a.write("42:42", { n: 2 });
    const b = new FileStorage<{ n: number }>(dir, 3600);
    expect(await b.read("-1001234:42")).toEqual({ n: 1 });
    expect(await b.read("42:42")).toEqual({ n: 2 });
    expect(await b.read("nobody")).toBeUndefined();
    await b.delete("42:42");
    expect(await b.has("42:42")).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("survives concurrent writes of one key: the file is always whole", async () => {
    const dir = fresh();
    const s = new FileStorage<{ i: number; pad: string }>(dir, 3600);
    await Promise.all(Array.from({ length: 50 }, (_, i) => s.write("k", { i, pad: "x".repeat(10_000) })));
    const v = await s.read("k");
    expect(v?.pad.length).toBe(10_000);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("forgets old dialogs: on read, and by sweep (with stale temp files)", async () => {
    const dir = fresh();
    let now = 1_000_000;
    const s = new FileStorage<string>(dir, 60, () => now);
    await s.write("old", "a");
    await s.write("other", "b");
    now += 61_000;
    expect(await s.read("old")).toBeUndefined();
    writeFileSync(join(dir, "x.json.1.abcd.tmp"), "{half");
    utimesSync(join(dir, "x.json.1.abcd.tmp"), new Date(0), new Date(0));
    await s.write("new", "c");
    expect(await s.sweep()).toBe(2); // "other" and the temp file
    expect(await s.read("new")).toBe("c");
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("treats an unreadable file as no session rather than failing the update", async () => {
    const dir = fresh();
    const s = new FileStorage<string>(dir, 60);
    await s.write("k", "v");
    const [file] = readdirSync(dir);
    writeFileSync(join(dir, file!), "{not json");
    expect(await s.read("k")).toBeUndefined();
    expect(existsSync(dir)).toBe(true);
  });

  it("reads a missing file as no session, but lets any other read failure surface", async () => {
    const dir = fresh();
    const s = new FileStorage<string>(dir, 60);
    await s.write("k", "v");
    const [file] = readdirSync(dir);
    // a session file that cannot be read (here: a folder where the file was) is a store fault,
    // not "no dialog": starting afresh would overwrite the player's dialog
    rmSync(join(dir, file!));
    mkdirSync(join(dir, file!));
    await expect(s.read("k")).rejects.toMatchObject({ code: "EISDIR" });
    // the whole folder gone and a file in its place (a broken mount): every read fails
    renameSync(dir, `${dir}.away`);
    writeFileSync(dir, "not a folder");
    await expect(s.read("other")).rejects.toMatchObject({ code: "ENOTDIR" });
    rmSync(dir);
    renameSync(`${dir}.away`, dir);
    expect(await s.read("never-written")).toBeUndefined();
  });
});
