/**
 * The real bot (createBot, our long polling loop, file sessions) in this process, pointed
 * at a Bot API root, with its log lines captured for the assertions.
 */
import { Writable } from "node:stream";
import type { Bot, StorageAdapter } from "grammy";
import { createJudge } from "../../src/engine/judge.js";
import type { Judge } from "../../src/engine/types.js";
import { loadKnowledge } from "../../src/knowledge/load.js";
import type { Knowledge } from "../../src/knowledge/types.js";
import { createLogger, type Logger } from "../../src/logger.js";
import { createMatcher } from "../../src/search/matcher.js";
import { createBot } from "../../src/telegram/bot.js";
import type { BotContext, SessionData } from "../../src/telegram/context.js";
import { startPolling, type Transport } from "../../src/telegram/polling.js";

let shared: { knowledge: Knowledge; judge: Judge } | undefined;
export function judgeAndKnowledge(): { knowledge: Knowledge; judge: Judge } {
  if (!shared) {
    const knowledge = loadKnowledge();
    shared = { knowledge, judge: createJudge(knowledge, createMatcher(knowledge)) };
  }
  return shared;
}

export interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly [key: string]: unknown;
}

export function captureLogger(level: "debug" | "info" | "warn" = "info"): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = createLogger({
    level,
    pretty: false,
    destination: new Writable({
      write: (chunk, _e, cb) => {
        for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l) as LogLine);
        cb();
      },
    }),
  });
  return { logger, lines };
}

export interface BotUnderTest {
  readonly bot: Bot<BotContext>;
  readonly lines: LogLine[];
  stop(): Promise<void>;
}

export async function startBotInProcess(
  token: string,
  apiRoot: string,
  storage: StorageAdapter<SessionData>,
  setup?: (bot: Bot<BotContext>, logger: Logger) => void,
): Promise<BotUnderTest> {
  const { judge } = judgeAndKnowledge();
  const { logger, lines } = captureLogger();
  const bot = createBot({ token, apiRoot, judge, storage, logger, defaultRuleset: "both" });
  setup?.(bot, logger);
  await bot.init();
  const transport: Transport = await startPolling(bot, logger);
  return { bot, lines, stop: () => transport.stop() };
}
