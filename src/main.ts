/**
 * `npm start`: the Telegram bot. Reads the environment (and .env), loads the rules, opens the
 * session store, registers the command menus, then polls or serves the webhook until SIGINT or
 * SIGTERM, when it stops taking updates, finishes the ones in flight and closes the store.
 */
import dotenv from "dotenv";
import { GrammyError, HttpError } from "grammy";
import { ConfigError, parseConfig, type Config } from "./config.js";
import { createJudge } from "./engine/judge.js";
import { judgesLog } from "./judges-log/open.js";
import { KnowledgeError, loadKnowledge } from "./knowledge/load.js";
import { createLogger, type Logger } from "./logger.js";
import { createMatcher } from "./search/matcher.js";
import { createBot } from "./telegram/bot.js";
import { registerCommands } from "./telegram/commands.js";
import type { SessionData } from "./telegram/context.js";
import { startPolling, type Transport } from "./telegram/polling.js";
import { openSessionStorage } from "./telegram/session-store.js";
import { startWebhook } from "./telegram/webhook.js";

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  dotenv.config({ quiet: true });
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, secrets: [config.token] });

  let knowledge;
  try {
    knowledge = loadKnowledge();
  } catch (error) {
    if (error instanceof KnowledgeError) fail(`Ошибка в базе правил: ${error.message}`);
    throw error;
  }
  const judge = createJudge(knowledge, createMatcher(knowledge));

  const sessions = await openSessionStorage<SessionData>(config.sessionStore, config.sessionTtlSeconds, logger).catch((error: unknown) =>
    fail(`SESSION_STORE: хранилище диалогов недоступно (${error instanceof Error ? error.message : String(error)})`),
  );
  const log = judgesLog(config.judgesLog, logger);
  void log.use(); // migrated now; a store that is down says so at start, not at the first ruling
  const bot = createBot({
    judgesLog: log,
    token: config.token,
    apiRoot: config.apiRoot,
    judge,
    knowledge,
    storage: sessions.storage,
    logger,
    defaultRuleset: config.defaultRuleset,
  });

  try {
    await bot.init();
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 401)
      fail("BOT_TOKEN отклонён Telegram: проверьте токен у @BotFather (/mybots → API Token)");
    if (error instanceof HttpError) fail(`Telegram недоступен (${config.apiRoot ?? "api.telegram.org"}): ${error.message}`);
    throw error;
  }
  await registerCommands(bot.api).catch((error: unknown) => logger.warn({ err: error }, "не удалось зарегистрировать команды"));

  const transport: Transport = config.webhook ? await startWebhook(bot, config.webhook, logger) : await startPolling(bot, logger);
  installShutdown(transport, () => sessions.close().then(() => log.close()), logger);
  await transport.done;
}

function installShutdown(transport: Transport, closeStore: () => Promise<void>, logger: Logger): void {
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "останавливаюсь: дожидаюсь обновлений в работе");
    // a hung update must not keep the process forever: the orchestrator would kill it anyway
    setTimeout(() => {
      logger.warn("не дождался обновлений, выхожу");
      process.exit(1);
    }, 20_000).unref();
    transport
      .stop()
      .then(closeStore)
      .then(
        () => {
          logger.info("остановлен");
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, "ошибка при остановке");
          process.exit(1);
        },
      );
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
