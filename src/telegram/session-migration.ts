/**
 * Sessions stored before a field was renamed: read as the current shape, so dialogs open at the
 * deploy go on. The store is not rewritten; each session takes the new shape at its next write.
 *   `q` (the open question's message) → `liveMessage`
 * The judge's own state (`dialog`) is migrated by the judge.
 */
import type { StorageAdapter } from "grammy";
import type { SessionData } from "./context.js";

export function migrateSession(stored: SessionData | undefined): SessionData | undefined {
  if (stored === undefined || stored === null || typeof stored !== "object" || !("q" in stored)) return stored;
  const { q, ...rest } = stored as SessionData & { q?: unknown };
  const liveMessage = rest.liveMessage ?? (typeof q === "number" ? q : undefined);
  return liveMessage === undefined ? rest : { ...rest, liveMessage };
}

/** The same storage, its reads migrated; a synchronous store stays synchronous. */
export function migratingStorage(storage: StorageAdapter<SessionData>): StorageAdapter<SessionData> {
  return {
    read: (key) => {
      const value = storage.read(key);
      return value instanceof Promise ? value.then(migrateSession) : migrateSession(value);
    },
    write: (key, value) => storage.write(key, value),
    delete: (key) => storage.delete(key),
  };
}
