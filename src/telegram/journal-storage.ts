/**
 * The embedded session store (SESSION_STORE=file:<folder>): every session in memory, every change
 * appended as one JSON line to a journal, the journal replayed at start and compacted now and
 * then into a snapshot: an update costs one append, not a file read and a write-and-rename per
 * session (docs/performance.md has the figures).
 *
 * Crash safety: a line is appended with one synchronous write, so a killed process leaves whole
 * lines and at worst a torn last one, which start-up cuts off. The snapshot is written to a
 * temporary file, synced and renamed over the old one, then the journal is emptied; a crash
 * between the two replays entries the snapshot already holds, which is harmless. One process owns
 * the folder (several instances share dialogs through Redis instead).
 *
 * Values are kept as JSON text: a read hands out a fresh object, so a handler that changes its
 * session and then fails (or whose write the disk refuses) leaves the stored session as it was.
 */
import * as fs from "node:fs";
import { join } from "node:path";
import type { StorageAdapter } from "grammy";
import type { SyncStore } from "./store-guard.js";

interface Entry {
  /** expiry, ms since the epoch */
  readonly e: number;
  /** the value as JSON */
  readonly s: string;
}

export interface JournalOptions {
  /** compact once the journal has this many lines more than there are sessions; default 10 000 */
  readonly compactAfter?: number;
  readonly now?: () => number;
  /** a compaction that failed (the journal itself is still whole and in use); default: ignored */
  readonly onError?: (error: unknown) => void;
  /**
   * a snapshot that does not parse (truncated, emptied) was renamed to `setAsideAs` and the
   * journal replayed without it; default: ignored
   */
  readonly onCorruptSnapshot?: (setAsideAs: string, error: unknown) => void;
  /** the append syscall; tests put a disk that refuses writes in its place */
  readonly writeSync?: (fd: number, data: string) => number;
}

const SNAPSHOT = "sessions.snapshot.json";
const JOURNAL = "sessions.journal";

export class JournalStorage<T> implements StorageAdapter<T>, SyncStore<T> {
  readonly #snapshot: string;
  readonly #journal: string;
  readonly #ttlMs: number;
  /** an unchanged session is written again only once its expiry is this much older */
  readonly #refreshMs: number;
  readonly #now: () => number;
  readonly #compactAfter: number;
  readonly #onError: (error: unknown) => void;
  readonly #onCorruptSnapshot: (setAsideAs: string, error: unknown) => void;
  readonly #write: (fd: number, data: string) => number;
  readonly #map = new Map<string, Entry>();
  #fd: number;
  #lines = 0;
  /** the last append failed part-way: the next one first ends that line */
  #torn = false;

  constructor(dir: string, ttlSeconds: number, options: JournalOptions = {}) {
    fs.mkdirSync(dir, { recursive: true });
    this.#snapshot = join(dir, SNAPSHOT);
    this.#journal = join(dir, JOURNAL);
    this.#ttlMs = ttlSeconds * 1000;
    this.#refreshMs = Math.min(this.#ttlMs / 100, 3_600_000);
    this.#now = options.now ?? Date.now;
    this.#compactAfter = options.compactAfter ?? 10_000;
    this.#onError = options.onError ?? (() => undefined);
    this.#onCorruptSnapshot = options.onCorruptSnapshot ?? (() => undefined);
    this.#write = options.writeSync ?? ((fd, data) => fs.writeSync(fd, data));
    this.#load();
    this.#fd = fs.openSync(this.#journal, "a");
  }

  #load(): void {
    if (fs.existsSync(this.#snapshot)) this.#loadSnapshot();
    if (!fs.existsSync(this.#journal)) return;
    const text = fs.readFileSync(this.#journal, "utf8");
    // a line torn by a kill is cut off, so the next append starts on a line of its own
    const end = text.lastIndexOf("\n") + 1;
    if (end < text.length) fs.truncateSync(this.#journal, Buffer.byteLength(text.slice(0, end)));
    for (const line of text.slice(0, end).split("\n")) {
      if (!line) continue;
      let rec: [string, { e: number; v: unknown } | null];
      try {
        rec = JSON.parse(line) as typeof rec;
      } catch {
        continue; // the remains of a write the disk refused part-way
      }
      if (rec[1] === null) this.#map.delete(rec[0]);
      else this.#map.set(rec[0], { e: rec[1].e, s: JSON.stringify(rec[1].v) });
      this.#lines++;
    }
  }

  /**
   * A snapshot that does not parse (a disk that filled up, a copy cut short) must not stop every
   * start: it is set aside under a new name for a person to look at, and the journal is replayed.
   */
  #loadSnapshot(): void {
    let snap: Record<string, { e: number; v: unknown }>;
    try {
      const parsed = JSON.parse(fs.readFileSync(this.#snapshot, "utf8")) as unknown;
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("the snapshot is not a JSON object");
      snap = parsed as typeof snap;
    } catch (error) {
      const aside = `${this.#snapshot}.corrupt-${new Date(this.#now()).toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(this.#snapshot, aside);
      this.#onCorruptSnapshot(aside, error);
      return;
    }
    for (const [k, { e, v }] of Object.entries(snap)) this.#map.set(k, { e, s: JSON.stringify(v) });
  }

  /** One whole line or an error; a write cut short is ended by the next one. */
  #append(line: string): void {
    const data = this.#torn ? `\n${line}` : line;
    let written: number;
    try {
      written = this.#write(this.#fd, data);
    } catch (error) {
      this.#torn = true;
      throw error;
    }
    if (written < Buffer.byteLength(data)) {
      this.#torn = true;
      throw new Error(`session journal: ${written} of ${Buffer.byteLength(data)} bytes written`);
    }
    this.#torn = false;
    if (line) this.#lines++;
  }

  /** after a change is on disk and in memory: compaction failing must not fail that change */
  #maybeCompact(): void {
    if (this.#lines <= this.#map.size + this.#compactAfter) return;
    try {
      this.compact();
    } catch (error) {
      // try again after as many lines once more, not on every write
      this.#lines = this.#map.size;
      this.#onError(error);
    }
  }

  /** The session, or undefined; done when it returns (the store guard calls these directly). */
  readNow(key: string): T | undefined {
    // after a refused write, memory alone would serve a dialog that can no longer be saved: the
    // disk is asked first (ending the torn line), and while it refuses, reads fail too
    if (this.#torn) this.#append("");
    const entry = this.#map.get(key);
    if (!entry) return undefined;
    if (entry.e <= this.#now()) {
      // no need to journal it: replayed, it is just as expired
      this.#map.delete(key);
      return undefined;
    }
    return JSON.parse(entry.s) as T;
  }

  writeNow(key: string, value: T): void {
    const s = JSON.stringify(value);
    const now = this.#now();
    const old = this.#map.get(key);
    // the same value written again soon: nothing to record (an expiry a little early is fine)
    if (old && old.s === s && old.e - now > this.#ttlMs - this.#refreshMs) return;
    const e = now + this.#ttlMs;
    // the journal first: memory never holds what the disk refused
    this.#append(`[${JSON.stringify(key)},{"e":${e},"v":${s}}]\n`);
    this.#map.set(key, { e, s });
    this.#maybeCompact();
  }

  deleteNow(key: string): void {
    if (!this.#map.has(key)) return;
    this.#append(`[${JSON.stringify(key)},null]\n`);
    this.#map.delete(key);
    this.#maybeCompact();
  }

  hasNow(key: string): boolean {
    const entry = this.#map.get(key);
    return entry !== undefined && entry.e > this.#now();
  }

  // grammY's StorageAdapter: the same, as promises
  async read(key: string): Promise<T | undefined> {
    return this.readNow(key);
  }

  async write(key: string, value: T): Promise<void> {
    this.writeNow(key, value);
  }

  async delete(key: string): Promise<void> {
    this.deleteNow(key);
  }

  async has(key: string): Promise<boolean> {
    return this.hasNow(key);
  }

  /** Writes live sessions to the snapshot and starts an empty journal; drops expired ones. */
  compact(): void {
    const now = this.#now();
    const parts: string[] = [];
    for (const [k, entry] of this.#map) {
      if (entry.e > now) parts.push(`${JSON.stringify(k)}:{"e":${entry.e},"v":${entry.s}}`);
      else this.#map.delete(k);
    }
    const tmp = `${this.#snapshot}.tmp`;
    const fd = fs.openSync(tmp, "w");
    try {
      fs.writeFileSync(fd, `{${parts.join(",")}}`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.#snapshot);
    // the new journal open before the old is let go: a failure here leaves appends going on
    const fresh = fs.openSync(this.#journal, "w");
    fs.closeSync(this.#fd);
    this.#fd = fresh;
    this.#lines = 0;
    this.#torn = false;
  }

  /** how many sessions are held (live or not yet swept) */
  get size(): number {
    return this.#map.size;
  }

  close(): void {
    fs.closeSync(this.#fd);
  }
}
