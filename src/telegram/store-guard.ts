/**
 * When the session store fails (a folder that is not writable, Redis down or hung), the user
 * must hear «временная ошибка, повторите» instead of silence, the log must say so once (not
 * once per update), and the bot must serve again by itself when the store is back.
 *
 * Two pieces: `guardStorage` wraps the store — every call gets a time limit and any failure
 * becomes a StoreUnavailableError; it logs the first failure of an outage and the recovery.
 * `storeErrorReply` is middleware placed before the session middleware: it turns that error
 * into the short reply (or the callback answer, so no button keeps spinning).
 */
import type { Context, MiddlewareFn, StorageAdapter } from "grammy";
import type { Logger } from "../logger.js";

export const STORE_ERROR_TEXT = "Временная ошибка, повторите через минуту.";

export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

export interface StoreHealth {
  /** false from the first failed call until the next successful one */
  readonly healthy: boolean;
}

export interface GuardOptions {
  readonly logger: Logger;
  /** a hung store must not hold a user's queue forever; default 5 s */
  readonly timeoutMs?: number;
}

/**
 * A store whose calls are done when they return (the embedded journal): the guard calls it
 * directly, with no deadline (a synchronous call cannot hang apart from the whole process) and no
 * promise per call (it is on every update's path).
 */
export interface SyncStore<T> {
  readNow(key: string): T | undefined;
  writeNow(key: string, value: T): void;
  deleteNow(key: string): void;
  hasNow(key: string): boolean;
}

function isSyncStore<T>(store: StorageAdapter<T>): store is StorageAdapter<T> & SyncStore<T> {
  const s = store as Partial<SyncStore<T>>;
  return (
    typeof s.readNow === "function" &&
    typeof s.writeNow === "function" &&
    typeof s.deleteNow === "function" &&
    typeof s.hasNow === "function"
  );
}

/**
 * Time limits for store calls without a timer per call: the calls in flight sit in a set, and
 * one timer, running only while some are, fails those past their deadline, rather than a timer
 * and a race per call.
 */
function deadlines(ms: number): <T>(promise: Promise<T>, what: string) => Promise<T> {
  interface Pending {
    readonly at: number;
    readonly what: string;
    readonly reject: (error: Error) => void;
  }
  const pending = new Set<Pending>();
  let timer: NodeJS.Timeout | undefined;
  const check = (): void => {
    const now = Date.now();
    for (const p of pending) {
      if (p.at > now) continue;
      pending.delete(p);
      p.reject(new Error(`${p.what}: нет ответа за ${ms} мс`));
    }
    if (pending.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  return <T>(promise: Promise<T>, what: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const p: Pending = { at: Date.now() + ms, what, reject };
      pending.add(p);
      if (!timer) {
        timer = setInterval(check, Math.max(5, Math.ceil(ms / 10)));
        timer.unref();
      }
      promise.then(
        (value) => {
          pending.delete(p);
          resolve(value);
        },
        (error: unknown) => {
          pending.delete(p);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/** stores guardStorage made: guarding one again would log each outage twice */
const guardedStores = new WeakSet<object>();

export function guardStorage<T>(inner: StorageAdapter<T>, options: GuardOptions): StorageAdapter<T> & StoreHealth {
  if (guardedStores.has(inner)) return inner as StorageAdapter<T> & StoreHealth;
  const timeoutMs = options.timeoutMs ?? 5000;
  // the kinds of call that failed in this outage; it is over when each has gone through again
  // (a file store may still read while it cannot write: a read alone proves nothing)
  const failing = new Set<string>();

  const withDeadline = deadlines(timeoutMs);

  const recovered = (what: string): void => {
    if (failing.delete(what) && failing.size === 0) options.logger.info("хранилище диалогов снова доступно");
  };
  const failed = (what: string, error: unknown): StoreUnavailableError => {
    if (failing.size === 0) {
      options.logger.error({ err: error, op: what }, "хранилище диалогов недоступно: пользователи получают «временная ошибка»");
    }
    failing.add(what);
    return new StoreUnavailableError(`session store ${what} failed`, { cause: error });
  };

  const call = async <R>(what: string, op: () => Promise<R> | R): Promise<R> => {
    try {
      const result = await withDeadline(Promise.resolve().then(op), what);
      recovered(what);
      return result;
    } catch (error) {
      throw failed(what, error);
    }
  };

  // a synchronous store is called directly: nothing to time out, no promise per call
  const now = <R>(what: string, op: () => R): R => {
    let result: R;
    try {
      result = op();
    } catch (error) {
      throw failed(what, error);
    }
    if (failing.size > 0) recovered(what);
    return result;
  };
  const sync = isSyncStore(inner) ? inner : undefined;

  const guarded: StorageAdapter<T> & StoreHealth = {
    get healthy() {
      return failing.size === 0;
    },
    read: (key) => (sync ? now("read", () => sync.readNow(key)) : call("read", () => inner.read(key))),
    write: (key, value) => (sync ? now("write", () => sync.writeNow(key, value)) : call("write", () => inner.write(key, value))),
    delete: (key) => (sync ? now("delete", () => sync.deleteNow(key)) : call("delete", () => inner.delete(key))),
  };
  if (sync) guarded.has = (key) => now("has", () => sync.hasNow(key));
  else if (inner.has) guarded.has = (key) => call("has", () => inner.has!(key));
  guardedStores.add(guarded);
  return guarded;
}

/** The error, or one of its causes (grammY wraps errors in BotError), is the store failing. */
export function isStoreError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof StoreUnavailableError) return true;
  }
  return false;
}

/** In a group, only a command, a mention or a reply to the bot was meant for it. */
function addressedToBot(ctx: Context): boolean {
  const m = ctx.message;
  if (!m?.text) return false;
  if (m.text.startsWith("/")) return true;
  if (m.reply_to_message?.from?.id === ctx.me.id) return true;
  return m.text.toLowerCase().includes(`@${ctx.me.username.toLowerCase()}`);
}

/**
 * Middleware before `session()`: a store failure anywhere below ends this update with the short
 * reply. Telegram errors while replying are swallowed: the store is the news, and the next
 * update tries again.
 */
export function storeErrorReply<C extends Context>(): MiddlewareFn<C> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!isStoreError(error)) throw error;
      if (ctx.callbackQuery) {
        await ctx.answerCallbackQuery({ text: STORE_ERROR_TEXT, show_alert: false }).catch(() => undefined);
      } else if (ctx.inlineQuery) {
        await ctx.answerInlineQuery([], { cache_time: 0 }).catch(() => undefined);
      } else if (ctx.chat && ctx.message?.text !== undefined && (ctx.chat.type === "private" || addressedToBot(ctx))) {
        await ctx.reply(STORE_ERROR_TEXT).catch(() => undefined);
      }
    }
  };
}
