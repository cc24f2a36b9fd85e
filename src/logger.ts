/**
 * pino: human-readable lines in a terminal, JSON lines otherwise (Docker, systemd, log shippers).
 * The bot token is scrubbed from every message and error, because grammY's errors may quote
 * the request URL and a token in a log is a token leaked.
 */
import { createRequire } from "node:module";
import { pino, type Logger, type LoggerOptions } from "pino";
import type PinoPretty from "pino-pretty";
import type { LogLevel } from "./config.js";

export type { Logger };

export interface LoggerSetup {
  readonly level: LogLevel;
  /** strings that must never be written (the bot token) */
  readonly secrets?: readonly string[];
  /** default: pretty when stdout is a terminal */
  readonly pretty?: boolean;
  /** default: stdout */
  readonly destination?: NodeJS.WritableStream;
}

function scrubber(secrets: readonly string[]): (s: string) => string {
  const live = secrets.filter((s) => s.length >= 8);
  return (s) => live.reduce((acc, secret) => acc.split(secret).join("[скрыто]"), s);
}

/** Replaces every secret (of 8 characters or more) in `text` with «[скрыто]». */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return scrubber(secrets)(text);
}

function scrubDeep(value: unknown, scrub: (s: string) => string, depth = 0): unknown {
  if (typeof value === "string") return scrub(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  // an Error's message, name and stack are not enumerable: serialize it first (type, message,
  // stack, causes), or it is written as {}; the formatter below runs before pino's serializers
  if (value instanceof Error) return scrubDeep(pino.stdSerializers.errWithCause(value), scrub, depth + 1);
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, scrub, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrubDeep(v, scrub, depth + 1);
  return out;
}

export function createLogger(setup: LoggerSetup): Logger {
  const scrub = scrubber(setup.secrets ?? []);
  const options: LoggerOptions = {
    level: setup.level,
    base: undefined,
    serializers: {
      err: (err: unknown) => (err instanceof Error ? scrubDeep(err, scrub) : err),
    },
    formatters: {
      log: (object) => scrubDeep(object, scrub) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === "string" ? scrub(a) : a)) as Parameters<typeof method>);
      },
    },
  };
  const destination = setup.destination ?? process.stdout;
  const isTty = "isTTY" in destination && destination.isTTY === true;
  if (setup.pretty ?? isTty) {
    // loaded only for a terminal: the bot in production writes JSON lines and never needs it in memory
    const pretty = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
    return pino(options, pretty({ destination, colorize: isTty, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", sync: true }));
  }
  return pino(options, destination);
}
