/**
 * Long polling that confirms an update only once it has been handled.
 *
 * Telegram forgets every update below the `offset` of a getUpdates call, so the offset is the
 * confirmation. A loop that asks for the next batch as soon as one arrives (as @grammyjs/runner
 * does) confirms updates still in the handlers, and a crash, an OOM kill or a SIGKILL loses them.
 * Here the offset never passes the oldest update still being handled: Telegram sends the ones in
 * work again with each batch, and they are skipped. After a crash it sends them to the next
 * process, which handles them (a dialog may see one step twice; the judge tolerates a repeated press).
 *
 * Updates are handled concurrently (up to `concurrency` at once; the bot's sequentialize keeps
 * each dialog in order, as updates are handed over in the order Telegram numbered them). When a
 * batch brings nothing new, the next poll waits until an update is done (or a second has passed),
 * so the loop does not spin on the same batch. Only if a whole batch of 100 is taken up by
 * updates in work — one update held up behind a hundred newer ones — is the offset moved past
 * them, so that new updates can come in at all; that is logged.
 *
 * A failed poll is retried with pauses of at most a few seconds: replies resume within seconds
 * of the API's return. A 401 (token revoked) ends the loop with an error.
 */
import { GrammyError, HttpError, type Api, type Bot } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "../logger.js";
import type { BotContext } from "./context.js";
import { ALLOWED_UPDATES } from "./bot.js";

export interface Transport {
  stop(): Promise<void>;
  /** resolves when the transport ends on its own, rejects when it ends with a fatal error */
  readonly done: Promise<void>;
}

export interface PollingOptions {
  /** updates handled at once; default 500 */
  readonly concurrency?: number;
  /** seconds a poll is held open by Telegram; default 30 */
  readonly pollSeconds?: number;
  /** called after each getUpdates that Telegram answered (the heartbeat of polling mode) */
  readonly onPolled?: () => void;
}

const BATCH = 100;
const MAX_PAUSE_MS = 3000;
/** a poll that brought nothing new: wait at least this long, at most a second, for an update to be done */
const REPOLL_MIN_MS = 50;
const REPOLL_MAX_MS = 1000;

/** grammY types its signals after the abort-controller polyfill; Node's own is the same at run time */
export type ApiSignal = NonNullable<Parameters<Api["getMe"]>[0]>;
export const apiSignal = (signal: AbortSignal): ApiSignal => signal as unknown as ApiSignal;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function startPolling(bot: Bot<BotContext>, logger: Logger, options: PollingOptions = {}): Promise<Transport> {
  const concurrency = options.concurrency ?? 500;
  const pollSeconds = options.pollSeconds ?? 30;
  // a webhook left from an earlier deployment would make getUpdates fail with 409
  await bot.api.deleteWebhook();
  options.onPolled?.();

  /** handed to the bot, not yet done */
  const inWork = new Set<number>();
  /** done but not yet confirmed: Telegram may send them again until the offset passes them */
  const handled = new Set<number>();
  /** one past the highest update id seen */
  let next = 0;
  /** the offset never goes below this (raised only when a full batch is all in work) */
  let floor = 0;
  let stopping = false;
  let poll = new AbortController();
  /** when the early confirmation was last logged: once a minute is enough to tell it happens */
  let earlyLoggedAt = 0;
  let onSettled: (() => void) | undefined;

  const offset = (): number => {
    let lowest = next;
    for (const id of inWork) if (id < lowest) lowest = id;
    return Math.max(lowest, floor);
  };

  const settled = (): void => {
    const wake = onSettled;
    onSettled = undefined;
    wake?.();
  };
  /** until an update is done, or `maxMs` */
  const settle = (maxMs: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      onSettled = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const handle = (update: Update): void => {
    inWork.add(update.update_id);
    bot
      .handleUpdate(update)
      .catch((error: unknown) => bot.errorHandler(error as Parameters<typeof bot.errorHandler>[0]))
      .catch((error: unknown) => logger.error({ err: error, update: update.update_id }, "ошибка в обработчике ошибок"))
      .finally(() => {
        inWork.delete(update.update_id);
        handled.add(update.update_id);
        settled();
      });
  };

  const loop = async (): Promise<void> => {
    let failures = 0;
    while (!stopping) {
      if (inWork.size >= concurrency) {
        await settle(REPOLL_MAX_MS);
        continue;
      }
      const from = offset();
      for (const id of handled) if (id < from) handled.delete(id);
      let updates: Update[];
      try {
        updates = await bot.api.getUpdates(
          { offset: from, limit: BATCH, timeout: pollSeconds, allowed_updates: [...ALLOWED_UPDATES] },
          apiSignal(poll.signal),
        );
        failures = 0;
        options.onPolled?.();
      } catch (error) {
        if (stopping) break;
        if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) throw error;
        // network failures and 5xx are logged once per outage by logApiFaults (in the API transformers)
        const retryAfter = error instanceof GrammyError ? error.parameters.retry_after : undefined;
        if (error instanceof GrammyError && error.error_code === 409 && failures === 0)
          logger.warn({ err: error }, "getUpdates: конфликт — работает ли второй экземпляр бота или вебхук?");
        else if (!(error instanceof HttpError) && !(error instanceof GrammyError)) logger.warn({ err: error }, "getUpdates не удался");
        failures++;
        await sleep(retryAfter !== undefined ? retryAfter * 1000 : Math.min(250 * 2 ** (failures - 1), MAX_PAUSE_MS));
        continue;
      }
      let fresh = 0;
      for (const update of updates) {
        const id = update.update_id;
        if (id < from || inWork.has(id) || handled.has(id)) continue;
        if (id >= next) next = id + 1;
        fresh++;
        handle(update);
      }
      if (fresh > 0 || updates.length === 0) continue;
      if (updates.length >= BATCH) {
        // a whole batch in work: nothing newer can come in until the offset moves past it
        if (Date.now() - earlyLoggedAt > 60_000) {
          earlyLoggedAt = Date.now();
          logger.warn({ inWork: inWork.size, from }, "100 обновлений ждут одного: подтверждаю те, что в работе, не дождавшись");
        }
        floor = next;
        continue;
      }
      await sleep(REPOLL_MIN_MS);
      if (inWork.size > 0) await settle(REPOLL_MAX_MS - REPOLL_MIN_MS);
    }
  };

  const done = loop();
  // a loop that ended on its own stops nothing more; stop() still waits for the updates in work
  done.catch(() => undefined);
  logger.info({ username: bot.botInfo.username }, "бот запущен: long polling");

  return {
    done,
    stop: async () => {
      stopping = true;
      poll.abort();
      await done.catch(() => undefined);
      while (inWork.size > 0) await settle(REPOLL_MAX_MS);
      // confirm what was handled, or the next start would get it again
      poll = new AbortController();
      const timer = setTimeout(() => poll.abort(), 5000);
      await bot.api
        .getUpdates({ offset: offset(), limit: 1, timeout: 0 }, apiSignal(poll.signal))
        .catch((error: unknown) => logger.warn({ err: error }, "не удалось подтвердить последние обновления: придут ещё раз"))
        .finally(() => clearTimeout(timer));
    },
  };
}
