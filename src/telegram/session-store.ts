/**
 * Where dialogs live: the embedded file store by default, Redis when SESSION_STORE=redis://…
 * (several instances behind one webhook then share dialogs). Both forget a dialog left alone
 * for the configured time: the file store by its own expiry, Redis by key TTL.
 */
import type { StorageAdapter } from "grammy";
import { RedisAdapter } from "@grammyjs/storage-redis";
import { Redis } from "ioredis";
import type { SessionStore } from "../config.js";
import type { Logger } from "../logger.js";
import { FileStorage } from "./file-storage.js";

export interface SessionStorage<T> {
  readonly storage: StorageAdapter<T>;
  /** releases connections and timers */
  close(): Promise<void>;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export async function openSessionStorage<T>(store: SessionStore, ttlSeconds: number, logger: Logger): Promise<SessionStorage<T>> {
  if (store.kind === "file") {
    const storage = new FileStorage<T>(store.dir, ttlSeconds);
    const sweep = (): void => {
      storage.sweep().then(
        (n) => n > 0 && logger.info({ removed: n }, "старые диалоги удалены"),
        (error: unknown) => logger.warn({ err: error }, "не удалось очистить старые диалоги"),
      );
    };
    sweep();
    const timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
    return { storage, close: async () => clearInterval(timer) };
  }
  const redis = new Redis(store.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  redis.on("error", (error: unknown) => logger.warn({ err: error }, "Redis: ошибка соединения"));
  await redis.connect();
  const storage = new RedisAdapter<T>({ instance: redis, ttl: ttlSeconds });
  return {
    storage,
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
