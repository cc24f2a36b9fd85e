/**
 * The environment, validated once at start-up. Every fault stops the bot with one line that names
 * the variable (never its value: a token must not reach a log or a terminal scroll-back).
 */
import { z } from "zod";
import { LogSettingsError, parseLogSettings, type LogConfig } from "./judges-log/settings.js";
import { RULESETS, type Ruleset } from "./search/types.js";

export type BotMode = "polling" | "webhook";

/** the webhook server's port when PORT is not set (the image's HEALTHCHECK asks the same one) */
export const DEFAULT_WEBHOOK_PORT = 8080;

export type SessionStore = { readonly kind: "file"; readonly dir: string } | { readonly kind: "redis"; readonly url: string };

export interface WebhookConfig {
  readonly url: string;
  readonly secret: string;
  /** the address to listen on; default 0.0.0.0 (every IPv4 interface: what a container needs) */
  readonly host: string;
  readonly port: number;
}

export interface Config {
  readonly token: string;
  /** a self-hosted Bot API server (or the tests' fake); undefined = api.telegram.org */
  readonly apiRoot: string | undefined;
  readonly mode: BotMode;
  /** set exactly when mode is "webhook" */
  readonly webhook: WebhookConfig | undefined;
  readonly sessionStore: SessionStore;
  /** dialogs untouched for this long are forgotten */
  readonly sessionTtlSeconds: number;
  readonly logLevel: LogLevel;
  readonly defaultRuleset: Ruleset;
  /** how long start-up waits for the Bot API before it gives up with one line */
  readonly startTimeoutSeconds: number;
  /** telegram: the bot keeps to Telegram's outgoing limits itself; off: a Bot API stand-in that has none (tests) */
  readonly outgoingLimits: "telegram" | "off";
  /** the judges' log (LOG_STORE, LOG_RETENTION_DAYS, LOG_TIME_ZONE) */
  readonly judgesLog: LogConfig;
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  override name = "ConfigError";
}

const MISSING_TOKEN =
  "BOT_TOKEN не задан: создайте бота у @BotFather (/newbot), скопируйте токен и положите его в .env строкой BOT_TOKEN=… (образец — .env.example). Без токена судья работает в терминале: npm run chat";

const blankToUndefined = (v: unknown): unknown => (typeof v === "string" && v.trim() === "" ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const EnvSchema = z.object({
  BOT_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string({ error: MISSING_TOKEN })
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "BOT_TOKEN выглядит неверно: нужен токен от @BotFather вида 123456789:AAE…"),
  ),
  BOT_API_ROOT: opt(z.url({ protocol: /^https?$/, error: "BOT_API_ROOT: нужен адрес http(s)://… сервера Bot API" })),
  BOT_MODE: opt(z.enum(["polling", "webhook"], { error: "BOT_MODE: polling или webhook" })),
  WEBHOOK_URL: opt(
    z.url({ protocol: /^https?$/, error: "WEBHOOK_URL: нужен адрес https://…, на который Telegram будет слать обновления" }),
  ),
  WEBHOOK_SECRET: opt(z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, "WEBHOOK_SECRET: от 1 до 256 символов A-Z, a-z, 0-9, _ и -")),
  PORT: opt(
    z.coerce
      .number({ error: "PORT: нужен номер порта" })
      .int("PORT: нужен номер порта")
      .min(1, "PORT: от 1 до 65535")
      .max(65535, "PORT: от 1 до 65535"),
  ),
  HOST: opt(z.string().regex(/^[A-Za-z0-9.:_-]{1,253}$/, "HOST: адрес для прослушивания, например 0.0.0.0, 127.0.0.1 или ::")),
  OUTGOING_LIMITS: opt(z.enum(["telegram", "off"], { error: "OUTGOING_LIMITS: telegram или off" })),
  START_TIMEOUT_SECONDS: opt(
    z.coerce.number({ error: "START_TIMEOUT_SECONDS: нужно число секунд" }).positive("START_TIMEOUT_SECONDS: больше нуля"),
  ),
  SESSION_STORE: opt(
    z
      .string()
      .regex(/^(rediss?:\/\/.+|file:.+)$/, "SESSION_STORE: redis://хост:порт или file:путь/к/папке (по умолчанию file:./data/sessions)"),
  ),
  SESSION_TTL_DAYS: opt(z.coerce.number({ error: "SESSION_TTL_DAYS: нужно число дней" }).positive("SESSION_TTL_DAYS: больше нуля")),
  LOG_LEVEL: opt(z.enum(LOG_LEVELS, { error: `LOG_LEVEL: одно из ${LOG_LEVELS.join(", ")}` })),
  DEFAULT_RULESET: opt(z.enum(RULESETS as [Ruleset, ...Ruleset[]], { error: "DEFAULT_RULESET: fspr, zinin или both" })),
});

/** Reads the environment (already merged with .env by the caller) into a Config; throws ConfigError. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "окружение");
    const message = issue?.message ?? "неверное значение";
    // zod's own messages do not name the variable; ours do.
    throw new ConfigError(message.startsWith(name) ? message : `${name}: ${message}`);
  }
  const e = parsed.data;
  const mode: BotMode = e.BOT_MODE ?? "polling";
  let webhook: WebhookConfig | undefined;
  if (mode === "webhook") {
    if (!e.WEBHOOK_URL) throw new ConfigError("WEBHOOK_URL: в режиме BOT_MODE=webhook нужен публичный адрес https://…/путь");
    if (!e.WEBHOOK_SECRET) throw new ConfigError("WEBHOOK_SECRET: в режиме BOT_MODE=webhook нужен секрет (A-Z, a-z, 0-9, _ и -)");
    webhook = { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET, host: e.HOST ?? "0.0.0.0", port: e.PORT ?? DEFAULT_WEBHOOK_PORT };
  }
  const store = e.SESSION_STORE ?? "file:./data/sessions";
  const sessionStore: SessionStore = store.startsWith("file:")
    ? { kind: "file", dir: store.slice("file:".length) }
    : { kind: "redis", url: store };
  let judgesLog: LogConfig;
  try {
    judgesLog = parseLogSettings(env);
  } catch (error) {
    throw error instanceof LogSettingsError ? new ConfigError(error.message) : error;
  }
  return {
    judgesLog,
    token: e.BOT_TOKEN,
    apiRoot: e.BOT_API_ROOT?.replace(/\/+$/, ""),
    mode,
    webhook,
    sessionStore,
    sessionTtlSeconds: Math.round((e.SESSION_TTL_DAYS ?? 14) * 86_400),
    logLevel: e.LOG_LEVEL ?? "info",
    defaultRuleset: e.DEFAULT_RULESET ?? "both",
    startTimeoutSeconds: e.START_TIMEOUT_SECONDS ?? 30,
    outgoingLimits: e.OUTGOING_LIMITS ?? "telegram",
  };
}
