/**
 * Opening the log: the store is connected and migrated on first use, and again after a failure,
 * so a database that is down at start-up or later costs only the log, never a ruling. Every
 * failure is logged once per outage, and the recovery once.
 */
import type { Logger } from "../logger.js";
import { migrate } from "./migrations.js";
import type { LogSettings } from "./settings.js";
import type { SqlDriver } from "./sql.js";
import { sqlLogStore } from "./sql-store.js";
import type { LogStore } from "./types.js";

const DAY_MS = 86_400_000;
const RETENTION_EVERY_MS = 6 * 3_600_000;
/** after a failure the store is left alone this long: a hung server must not slow every ruling by its time limits */
const RETRY_AFTER_MS = 10_000;

/** Loaded on demand: a bot on PostgreSQL never needs the native SQLite module, and one that fails to load costs only the log. */
export async function openDriver(settings: LogSettings["store"]): Promise<SqlDriver> {
  if (settings.kind === "postgres") return (await import("./postgres.js")).openPostgres(settings.url);
  if (settings.kind === "sqlite") return (await import("./sqlite.js")).openSqlite(settings.path);
  throw new Error("the judges' log is off (LOG_STORE=off)");
}

/** Opens and migrates the store now; rejects when it cannot (tests, the console). */
export async function openLogStore(settings: LogSettings): Promise<LogStore> {
  return logStoreOn(await openDriver(settings.store), settings.retentionDays);
}

/** The log on an open driver: migrated, and cleared of entries past retention. */
export async function logStoreOn(driver: SqlDriver, retentionDays: number): Promise<LogStore> {
  try {
    await migrate(driver);
  } catch (error) {
    await driver.close().catch(() => undefined);
    throw error;
  }
  const store = sqlLogStore(driver);
  await store.deleteOlderThan(new Date(Date.now() - retentionDays * DAY_MS));
  return store;
}

/** What the adapters hold: the log, or nothing at the moment (it is down; the reason is logged). */
export interface JudgesLog {
  /** the store, opening it if needed; undefined while it is down */
  use(): Promise<LogStore | undefined>;
  /** runs a call on the store; undefined (and one log line per outage) when it fails */
  attempt<T>(call: (store: LogStore) => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

export function judgesLog(settings: LogSettings, logger: Logger): JudgesLog {
  let opening: Promise<LogStore> | undefined;
  let healthy = true;
  let retryAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const where = settings.store.kind === "postgres" ? "PostgreSQL" : settings.store.kind === "sqlite" ? settings.store.path : "off";

  const failed = (error: unknown): undefined => {
    if (healthy) logger.error({ err: error, store: where }, "журнал судей недоступен: решения выдаются без записи в журнал");
    healthy = false;
    retryAt = Date.now() + RETRY_AFTER_MS;
    return undefined;
  };
  const recovered = (): void => {
    if (!healthy) logger.info({ store: where }, "журнал судей снова доступен");
    healthy = true;
  };
  const use = async (): Promise<LogStore | undefined> => {
    if (settings.store.kind === "off" || (!healthy && Date.now() < retryAt)) return undefined;
    opening ??= openLogStore(settings).then((store) => {
      timer ??= setInterval(() => {
        void attempt((s) => s.deleteOlderThan(new Date(Date.now() - settings.retentionDays * DAY_MS)));
      }, RETENTION_EVERY_MS).unref();
      return store;
    });
    try {
      return await opening;
    } catch (error) {
      opening = undefined; // try again on the next ruling
      return failed(error);
    }
  };
  const attempt = async <T>(call: (store: LogStore) => Promise<T>): Promise<T | undefined> => {
    const store = await use();
    if (!store) return undefined;
    try {
      const result = await call(store);
      recovered();
      return result;
    } catch (error) {
      return failed(error);
    }
  };
  return {
    use,
    attempt,
    close: async () => {
      if (timer) clearInterval(timer);
      const store = await opening?.catch(() => undefined);
      opening = undefined;
      await store?.close();
    },
  };
}
