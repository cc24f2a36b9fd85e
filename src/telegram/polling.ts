/**
 * Long polling with @grammyjs/runner: updates are fetched while earlier ones are still handled
 * (sequentialize in the bot keeps each dialog in order). stop() ends the poll and waits for the
 * updates in flight.
 */
import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Bot } from "grammy";
import type { Logger } from "../logger.js";
import type { BotContext } from "./context.js";
import { ALLOWED_UPDATES } from "./bot.js";

export interface Transport {
  stop(): Promise<void>;
  /** resolves when the transport ends on its own (a crash) */
  readonly done: Promise<void>;
}

export async function startPolling(bot: Bot<BotContext>, logger: Logger): Promise<Transport> {
  // a webhook left from an earlier deployment would make getUpdates fail with 409
  await bot.api.deleteWebhook();
  // silent: a failed fetch is not logged by the runner on every retry; logApiFaults (in the bot's
  // API transformers) writes one line per outage and one on recovery
  const handle: RunnerHandle = run(bot, { runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES] }, silent: true } });
  logger.info({ username: bot.botInfo.username }, "бот запущен: long polling");
  return {
    // runner's stop() ends the fetching loop, but updates already handed to its concurrent sink
    // may still run (measured: stop resolved while a sendMessage was in flight); wait them out
    stop: async () => {
      await handle.stop();
      while (handle.size() > 0) await new Promise((r) => setTimeout(r, 25));
    },
    done: handle.task() ?? Promise.resolve(),
  };
}
