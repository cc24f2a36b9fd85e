/**
 * Where dialogs live: the embedded journal store under a folder by default (SESSION_STORE=file:…),
 * Redis when SESSION_STORE=redis://… (several instances behind one webhook then share dialogs).
 * Both forget a dialog left alone for the configured time: the journal by its own expiry (and an
 * hourly compaction that drops the expired), Redis by key TTL.
 */
import type { StorageAdapter } from "grammy";
import type { Redis } from "ioredis";
import type { SessionStore } from "../config.js";
import type { Logger } from "../logger.js";
import { JournalStorage } from "./journal-storage.js";

export interface SessionStorage<T> {
  readonly storage: StorageAdapter<T>;
  /** false while the store is known to be unreachable (Redis disconnected) */
  healthy(): boolean;
  /** releases connections and timers */
  close(): Promise<void>;
}

const COMPACT_EVERY_MS = 60 * 60 * 1000;

export async function openSessionStorage<T>(store: SessionStore, ttlSeconds: number, logger: Logger): Promise<SessionStorage<T>> {
  if (store.kind === "file") {
    const onError = (error: unknown): void => logger.warn({ err: error }, "не удалось сжать журнал диалогов: он растёт, но цел");
    const onCorruptSnapshot = (setAsideAs: string, error: unknown): void =>
      logger.error({ err: error, setAsideAs }, "снимок диалогов повреждён: отложен в сторону, журнал воспроизведён без него");
    const storage = new JournalStorage<T>(store.dir, ttlSeconds, { onError, onCorruptSnapshot });
    logger.info({ dir: store.dir, sessions: storage.size }, "диалоги загружены");
    const compact = (): void => {
      const before = storage.size;
      try {
        storage.compact();
        if (storage.size < before) logger.info({ removed: before - storage.size }, "старые диалоги удалены");
      } catch (error) {
        onError(error);
      }
    };
    const timer = setInterval(compact, COMPACT_EVERY_MS);
    timer.unref();
    return {
      storage,
      healthy: () => true,
      close: async () => {
        clearInterval(timer);
        // a snapshot now makes the next start read one file instead of replaying the journal
        compact();
        storage.close();
      },
    };
  }
  // loaded only for a Redis store: the default file store never needs the client in memory
  const [{ Redis }, { RedisAdapter }] = await Promise.all([import("ioredis"), import("@grammyjs/storage-redis")]);
  const redis = new Redis(store.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  watchRedis(redis, logger);
  await redis.connect();
  const storage = new RedisAdapter<T>({ instance: redis, ttl: ttlSeconds });
  return {
    storage,
    healthy: () => redis.status === "ready",
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * ioredis reconnects by itself and emits "error" at every failed attempt (a dozen in 30 s): the
 * log gets one line when the connection goes, with the first error, and one when it is back.
 */
export function watchRedis(redis: Pick<Redis, "on">, logger: Logger): void {
  let lostAt: number | undefined;
  let connectedOnce = false;
  const lost = (error?: unknown): void => {
    if (lostAt !== undefined) return;
    lostAt = Date.now();
    // before the first connection, the start-up fails with its own line (main.ts)
    if (connectedOnce)
      logger.warn({ ...(error ? { err: error } : {}) }, "Redis недоступен: пользователи получают «временная ошибка»; переподключаюсь");
  };
  redis.on("error", (error: unknown) => lost(error));
  redis.on("close", () => lost());
  redis.on("ready", () => {
    if (lostAt !== undefined && connectedOnce) logger.info({ ms: Date.now() - lostAt }, "Redis снова доступен");
    lostAt = undefined;
    connectedOnce = true;
  });
}
