/**
 * The bot, assembled: per-update logger, bounded retries of API calls, sequentialised sessions, the features, and an
 * error boundary. `createBot` takes everything it needs, so tests and main.ts build it the same way.
 */
import { Bot, session, type StorageAdapter } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { sequentialize } from "@grammyjs/runner";
import type { Judge } from "../engine/index.js";
import type { Logger } from "../logger.js";
import type { Ruleset } from "../search/types.js";
import type { BotContext, SessionData } from "./context.js";
import type { FeatureDeps } from "./deps.js";
import { logApiFaults } from "./api-log.js";
import { retryApiCalls, type RetryOptions } from "./api-retry.js";
import { outgoingThrottle, senderTransformer, TELEGRAM_LIMITS, type OutgoingLimits } from "./outgoing-throttle.js";
import { answerEveryPress } from "./press-answer.js";
import type { JudgesLog } from "../judges-log/open.js";
import { DEFAULT_TIME_ZONE } from "../judges-log/time-zone.js";
import { buttons } from "./features/buttons.js";
import { earlierCasesInChat, judgesLogFeature, judgesLogDeps, rulingRecorder } from "./features/judges-log.js";
import { groupChats } from "./features/group.js";
import { inline } from "./features/inline.js";
import { privateChats } from "./features/private.js";
import { floodLimit } from "./rate-limit.js";
import { sessionKey } from "./session-key.js";
import { migratingStorage } from "./session-migration.js";
import { guardStorage, isStoreError, storeErrorReply } from "./store-guard.js";

export interface BotOptions {
  readonly token: string;
  readonly apiRoot?: string | undefined;
  /** skip getMe at start (tests) */
  readonly botInfo?: UserFromGetMe;
  readonly judge: Judge;
  readonly storage: StorageAdapter<SessionData>;
  readonly logger: Logger;
  readonly defaultRuleset: Ruleset;
  /** what the bot may send per chat, group and second; default Telegram's */
  readonly outgoingLimits?: OutgoingLimits;
  /** how failed Bot API calls are retried; default see api-retry.ts */
  readonly retry?: RetryOptions;
  /** the judges' log of group rulings; none: rulings are not recorded */
  readonly judgesLog?: JudgesLog;
  /** the IANA zone of the log's days and times (LOG_TIME_ZONE); default Europe/Moscow */
  readonly logTimeZone?: string;
}

export const ALLOWED_UPDATES = ["message", "callback_query", "inline_query"] as const;

const FAILED = "Не получилось — попробуйте ещё раз.";

export function createBot(options: BotOptions): Bot<BotContext> {
  const bot = new Bot<BotContext>(options.token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    // a call on a connection that went dead without a reset is given up after a minute (grammY's
    // default is 500 s), so the retries and the polling loop see the outage; a long poll lasts 30 s
    client: { timeoutSeconds: 60, ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}) },
  });
  // installed first, so it wraps the innermost call and sees every attempt: one line per outage
  bot.api.config.use(logApiFaults(options.logger));
  // inside the retries, so each attempt waits its turn and a 429 holds its chat's queue
  bot.api.config.use(outgoingThrottle(options.outgoingLimits ?? TELEGRAM_LIMITS).transformer);
  // 429 as long as told, network failures and 5xx with short pauses: rather late than lost
  bot.api.config.use(retryApiCalls(options.retry));

  // every store call time-limited; a failure becomes StoreUnavailableError, logged once an outage;
  // sessions stored under older field names read as the current shape
  const storage = migratingStorage(guardStorage(options.storage, { logger: options.logger }));

  const logDeps = options.judgesLog && judgesLogDeps(options.judgesLog, options.judge, options.logTimeZone ?? DEFAULT_TIME_ZONE);
  const deps: FeatureDeps = {
    ...(logDeps ? { onRuling: rulingRecorder(logDeps), earlierCases: earlierCasesInChat(logDeps) } : {}),
    judge: options.judge,
    storage,
    defaultRuleset: options.defaultRuleset,
    citationLabel: (id) => options.judge.citationLabel(id),
    persist: async (ctx) => {
      const key = sessionKey(ctx);
      if (key !== undefined) await storage.write(key, ctx.session);
    },
  };

  bot.use(async (ctx, next) => {
    ctx.log = options.logger.child({ update: ctx.update.update_id });
    const started = Date.now();
    ctx.log.debug({ type: Object.keys(ctx.update).find((k) => k !== "update_id"), chat: ctx.chat?.id }, "обновление");
    // the outgoing throttle shares a group's minute by the user whose update this is
    if (ctx.from) ctx.api.config.use(senderTransformer(ctx.from.id));
    await next();
    ctx.log.debug({ ms: Date.now() - started }, "обработано");
  });
  // one answer per press, given after its handling, so a failure can still be told in it
  bot.use(answerEveryPress<BotContext>());
  // a flood from one user must not starve the others; every flooded press is still answered
  bot.use(floodLimit<BotContext>({ limit: 12, windowMs: 3000 }));
  // a store failure anywhere below ends the update with «временная ошибка», not silence
  bot.use(storeErrorReply<BotContext>());
  // one update at a time per dialog, before the session is read, so two presses cannot race
  bot.use(sequentialize(sessionKey));
  bot.use(session<SessionData, BotContext>({ initial: () => ({}), storage, getSessionKey: sessionKey }));

  const features = bot.errorBoundary((error) => {
    // a store failure inside a feature goes up to storeErrorReply and its «временная ошибка»
    if (isStoreError(error.error)) throw error.error;
    error.ctx.log.error({ err: error.error }, "ошибка при обработке обновления");
    // a press must never keep spinning, even when its handling failed
    if (error.ctx.callbackQuery)
      return error.ctx.answerCallbackQuery({ text: FAILED }).then(
        () => undefined,
        () => undefined,
      );
  });
  // Each update goes straight to the feature for its kind: grammY builds a middleware per update
  // for every filter an update passes, and a private text used to pass all of the buttons' first.
  if (logDeps) features.use(judgesLogFeature(logDeps));
  const press = buttons(deps).middleware();
  const query = inline(deps).middleware();
  const own = privateChats(deps).middleware();
  const group = groupChats(deps).middleware();
  features.use((ctx, next) =>
    (ctx.callbackQuery ? press : ctx.inlineQuery ? query : ctx.chat?.type === "private" ? own : group)(ctx, next),
  );

  bot.catch((error) => {
    options.logger.error({ err: error.error, update: error.ctx.update.update_id }, "ошибка вне обработчиков");
  });
  return bot;
}
