/**
 * The embedded session store: one JSON file per session key under a folder (./data/sessions by
 * default), so the bot needs no server and dialogs survive a restart. Writes go to a temporary
 * file that is then renamed over the old one: a crash mid-write leaves the old or the new file,
 * never half of one. Entries carry their expiry; old dialogs are dropped on read and by sweep().
 */
import { mkdirSync } from "node:fs";
import { readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { StorageAdapter } from "grammy";

interface Entry<T> {
  /** expiry, ms since the epoch */
  readonly e: number;
  readonly v: T;
}

export class FileStorage<T> implements StorageAdapter<T> {
  readonly #dir: string;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(dir: string, ttlSeconds: number, now: () => number = Date.now) {
    this.#dir = dir;
    this.#ttlMs = ttlSeconds * 1000;
    this.#now = now;
    mkdirSync(dir, { recursive: true });
  }

  // base64url keeps any key (negative group ids, colons) a safe, collision-free file name.
  #file(key: string): string {
    return join(this.#dir, `${Buffer.from(key).toString("base64url")}.json`);
  }

  async read(key: string): Promise<T | undefined> {
    let raw: string;
    try {
      raw = await readFile(this.#file(key), "utf8");
    } catch (error) {
      // no file is no session; any other failure (a folder gone unreadable, EIO) must surface, or
      // the dialog would silently start afresh and then be overwritten
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    let entry: Entry<T>;
    try {
      entry = JSON.parse(raw) as Entry<T>;
    } catch {
      return undefined; // unreadable: start afresh rather than fail the update
    }
    if (typeof entry?.e !== "number" || entry.e <= this.#now()) {
      await this.delete(key);
      return undefined;
    }
    return entry.v;
  }

  async write(key: string, value: T): Promise<void> {
    const file = this.#file(key);
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    const entry: Entry<T> = { e: this.#now() + this.#ttlMs, v: value };
    await writeFile(tmp, JSON.stringify(entry));
    try {
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#file(key), { force: true });
  }

  async has(key: string): Promise<boolean> {
    return (await this.read(key)) !== undefined;
  }

  /** Removes expired entries and temporary files left by a crash; returns how many went. */
  async sweep(): Promise<number> {
    let removed = 0;
    const names = await readdir(this.#dir).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(this.#dir, name);
      try {
        if (name.endsWith(".tmp")) {
          // an older temp file belongs to a write that died; a fresh one may be in flight
          if ((await stat(path)).mtimeMs < this.#now() - 60_000) {
            await rm(path, { force: true });
            removed++;
          }
          continue;
        }
        if (!name.endsWith(".json")) continue;
        const entry = JSON.parse(await readFile(path, "utf8")) as Partial<Entry<T>>;
        if (typeof entry.e !== "number" || entry.e <= this.#now()) {
          await rm(path, { force: true });
          removed++;
        }
      } catch {
        // a file renamed or removed under us: nothing to sweep
      }
    }
    return removed;
  }
}
