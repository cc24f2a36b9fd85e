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
import { NO_LIMITS } from "./telegram/outgoing-throttle.js";
import { KnowledgeError, loadKnowledge } from "./knowledge/load.js";
import { createLogger, scrubSecrets, type Logger } from "./logger.js";
import { createMatcher } from "./search/matcher.js";
import { createBot } from "./telegram/bot.js";
import { registerCommands } from "./telegram/commands.js";
import type { SessionData } from "./telegram/context.js";
import { heartbeat, HEARTBEAT_FILE } from "./telegram/heartbeat.js";
import { apiSignal, startPolling, type Transport } from "./telegram/polling.js";
import { openSessionStorage } from "./telegram/session-store.js";
import { guardStorage } from "./telegram/store-guard.js";
import { startWebhook } from "./telegram/webhook.js";

/** strings no line may show (the token); filled in as soon as the environment is read */
const secrets: string[] = [];

/** One line on stderr and exit 1. Every fatal line goes through here, scrubbed of the token. */
function fail(line: string): never {
  process.stderr.write(`${scrubSecrets(line, secrets)}\n`);
  process.exit(1);
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function main(): Promise<void> {
  dotenv.config({ quiet: true });
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  secrets.push(config.token);
  const logger = createLogger({ level: config.logLevel, secrets });

  let knowledge;
  try {
    knowledge = loadKnowledge();
  } catch (error) {
    if (error instanceof KnowledgeError) fail(`Ошибка в базе правил: ${error.message}`);
    throw error;
  }
  const judge = createJudge(knowledge, createMatcher(knowledge));

  const sessions = await openSessionStorage<SessionData>(config.sessionStore, config.sessionTtlSeconds, logger).catch((error: unknown) =>
    fail(`SESSION_STORE: хранилище диалогов недоступно (${messageOf(error)})`),
  );
  // guarded here (createBot keeps a guarded store as it is), so the webhook's /health can ask it
  const storage = guardStorage(sessions.storage, { logger });
  const log = judgesLog(config.judgesLog, logger);
  void log.use(); // migrated now; a store that is down says so at start, not at the first ruling
  const bot = createBot({
    judgesLog: log,
    logTimeZone: config.judgesLog.timeZone,
    ...(config.outgoingLimits === "off" ? { outgoingLimits: NO_LIMITS } : {}),
    token: config.token,
    apiRoot: config.apiRoot,
    judge,
    storage,
    logger,
    defaultRuleset: config.defaultRuleset,
  });

  // getMe with a deadline: the API calls retry network failures, and a start must not wait for ever
  const startDeadline = AbortSignal.timeout(config.startTimeoutSeconds * 1000);
  try {
    bot.botInfo = await bot.api.getMe(apiSignal(startDeadline));
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 401)
      fail("BOT_TOKEN отклонён Telegram: проверьте токен у @BotFather (/mybots → API Token)");
    if (error instanceof HttpError || startDeadline.aborted)
      fail(
        `Telegram недоступен (${config.apiRoot ?? "api.telegram.org"}): нет ответа за ${config.startTimeoutSeconds} с (${messageOf(error)})`,
      );
    if (error instanceof GrammyError) fail(`Telegram отказал при запуске: ${error.message}`);
    throw error;
  }
  // the command menu is a convenience: serving does not wait for it
  void registerCommands(bot.api).catch((error: unknown) => logger.warn({ err: error }, "не удалось зарегистрировать команды"));

  const transport: Transport = config.webhook
    ? await startWebhook(bot, config.webhook, logger, { storeHealthy: () => storage.healthy && sessions.healthy() })
    : await startPolling(bot, logger, { onPolled: heartbeat(HEARTBEAT_FILE, logger) });
  installShutdown(transport, () => sessions.close().then(() => log.close()), logger);
  await transport.done.catch((error: unknown) => {
    if (error instanceof GrammyError && error.error_code === 401) fail("BOT_TOKEN отозван: Telegram больше не принимает этот токен");
    throw error;
  });
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
  // the token may not be parsed yet when this runs: the raw variable is scrubbed too
  if (process.env.BOT_TOKEN) secrets.push(process.env.BOT_TOKEN);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
