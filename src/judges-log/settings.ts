/**
 * Where the log lives, how long it keeps entries and whose clock it keeps: LOG_STORE (a file
 * path, sqlite:path, postgres://… or off), LOG_RETENTION_DAYS and LOG_TIME_ZONE. Read by config.ts for the bot and directly by the
 * console, which has no BOT_TOKEN and so no Config.
 */
import { z } from "zod";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "./time-zone.js";

export type LogStoreSetting =
  { readonly kind: "sqlite"; readonly path: string } | { readonly kind: "postgres"; readonly url: string } | { readonly kind: "off" };

export interface LogSettings {
  readonly store: LogStoreSetting;
  readonly retentionDays: number;
}

/** The store's settings and the log's clock, which only the adapters need (they give the store the chat's day). */
export interface LogConfig extends LogSettings {
  /** the IANA zone of the chat's day and of the times the log shows */
  readonly timeZone: string;
}

export const DEFAULT_LOG_FILE = "./data/judges-log.sqlite";
export const DEFAULT_RETENTION_DAYS = 365;

export class LogSettingsError extends Error {
  override name = "LogSettingsError";
}

const Days = z.coerce.number().int().positive();

export function parseLogSettings(env: Readonly<Record<string, string | undefined>>): LogConfig {
  const raw = env.LOG_STORE?.trim() || DEFAULT_LOG_FILE;
  let store: LogStoreSetting;
  if (/^postgres(ql)?:\/\/.+/.test(raw)) store = { kind: "postgres", url: raw };
  else if (raw === "off") store = { kind: "off" };
  else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw))
    throw new LogSettingsError("LOG_STORE: путь к файлу журнала (по умолчанию ./data/judges-log.sqlite), postgres://… или off");
  else store = { kind: "sqlite", path: raw.startsWith("sqlite:") ? raw.slice("sqlite:".length) : raw };
  const days = env.LOG_RETENTION_DAYS?.trim();
  const parsed = days ? Days.safeParse(days) : { success: true as const, data: DEFAULT_RETENTION_DAYS };
  if (!parsed.success) throw new LogSettingsError("LOG_RETENTION_DAYS: нужно целое число дней больше нуля");
  const zone = env.LOG_TIME_ZONE?.trim() || DEFAULT_TIME_ZONE;
  const timeZone = canonicalTimeZone(zone);
  if (!timeZone)
    throw new LogSettingsError(
      `LOG_TIME_ZONE: неизвестный часовой пояс «${zone}»; нужно имя IANA, например Europe/Moscow или Asia/Novosibirsk`,
    );
  return { store, retentionDays: parsed.data, timeZone };
}
