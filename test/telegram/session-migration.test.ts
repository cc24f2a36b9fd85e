import { describe, expect, it } from "vitest";
import type { StorageAdapter } from "grammy";
import type { SessionData } from "../../src/telegram/context.js";
import { migrateSession, migratingStorage } from "../../src/telegram/session-migration.js";

describe("stored sessions of the old shape", () => {
  it("read `q` (the open question's message) as `liveMessage`, the rest untouched", () => {
    const old = { dialog: { v: 1, d: "ab12" }, q: 42 } as SessionData;
    expect(migrateSession(old)).toEqual({ dialog: { v: 1, d: "ab12" }, liveMessage: 42 });
    expect(migrateSession({ ruleset: "zinin" })).toEqual({ ruleset: "zinin" });
    expect(migrateSession(undefined)).toBeUndefined();
    expect(migrateSession({ q: "junk" } as unknown as SessionData)).toEqual({});
  });

  it("through the storage: synchronous reads stay synchronous, asynchronous ones are migrated too", async () => {
    const data = new Map<string, SessionData>([["1:1", { q: 7 } as SessionData]]);
    const sync: StorageAdapter<SessionData> = {
      read: (key) => data.get(key),
      write: (key, value) => void data.set(key, value),
      delete: (key) => void data.delete(key),
    };
    expect(migratingStorage(sync).read("1:1")).toEqual({ liveMessage: 7 });
    const async: StorageAdapter<SessionData> = { ...sync, read: (key) => Promise.resolve(data.get(key)) };
    await expect(migratingStorage(async).read("1:1")).resolves.toEqual({ liveMessage: 7 });
    await migratingStorage(sync).write("1:1", { liveMessage: 8 });
    expect(data.get("1:1")).toEqual({ liveMessage: 8 });
  });
});
