/**
 * Bot API calls retried within bounds. A reply that could not go out is a reply lost, so a call
 * is tried again after a network failure, a 5xx or a 429; but never for ever, and never with a
 * pause that grows past a few seconds, so replies go out within seconds of the API's return.
 *
 * - network failure or 5xx: pauses of 0.25 s doubling to at most `maxPauseMs`, until
 *   `giveUpAfterMs` have passed since the first attempt;
 * - 429: wait `retry_after` as told, however long, up to `maxRetryAfterSeconds` (Telegram asks
 *   for more only of a bot it has flagged), at most `max429Attempts` times.
 *
 * getUpdates is left alone: the polling loop has its own pauses and must see an outage at once.
 */
import { HttpError, type Transformer } from "grammy";

export interface RetryOptions {
  /** network failures and 5xx: no new attempt once this long has passed since the first; default 5 min */
  readonly giveUpAfterMs?: number;
  /** the longest pause between attempts after a network failure or a 5xx; default 3 s */
  readonly maxPauseMs?: number;
  /** a 429 asking for a longer wait than this is returned as it is; default 1 hour */
  readonly maxRetryAfterSeconds?: number;
  /** how many 429s in a row one call waits out; default 10 */
  readonly max429Attempts?: number;
}

const FIRST_PAUSE_MS = 250;
const NOT_RETRIED = new Set(["getUpdates"]);

/** the part of an AbortSignal a pause needs (grammY's is typed after the abort-controller polyfill) */
interface Abortable {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

function pause(ms: number, signal: Abortable | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error("request aborted"));
    const abort = (): void => {
      clearTimeout(timer);
      reject(new Error("request aborted while waiting to retry"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", abort, { once: true });
  });
}

export function retryApiCalls(options: RetryOptions = {}): Transformer {
  const giveUpAfterMs = options.giveUpAfterMs ?? 5 * 60_000;
  const maxPauseMs = options.maxPauseMs ?? 3000;
  const maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 3600;
  const max429Attempts = options.max429Attempts ?? 10;

  return async (prev, method, payload, signal) => {
    if (NOT_RETRIED.has(method)) return prev(method, payload, signal);
    const started = Date.now();
    let pauseMs = FIRST_PAUSE_MS;
    let waited429 = 0;
    const mayPause = (): boolean => signal?.aborted !== true && Date.now() - started + pauseMs <= giveUpAfterMs;
    const backOff = async (): Promise<void> => {
      await pause(pauseMs, signal);
      pauseMs = Math.min(pauseMs * 2, maxPauseMs);
    };
    const attempt = () => prev(method, payload, signal);
    for (;;) {
      let result: Awaited<ReturnType<typeof attempt>>;
      try {
        result = await attempt();
      } catch (error) {
        if (!(error instanceof HttpError) || !mayPause()) throw error;
        await backOff();
        continue;
      }
      if (result.ok) return result;
      const retryAfter = result.parameters?.retry_after;
      if (typeof retryAfter === "number") {
        if (retryAfter > maxRetryAfterSeconds || waited429 >= max429Attempts) return result;
        waited429++;
        await pause(retryAfter * 1000, signal);
        continue;
      }
      if (result.error_code >= 500 && mayPause()) {
        await backOff();
        continue;
      }
      return result;
    }
  };
}
