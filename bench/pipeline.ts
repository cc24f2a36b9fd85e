/**
 * Whole-pipeline throughput: the real bot (createBot: logger, flood limit, store guard,
 * sequentialize, sessions, features) over `handleUpdate`, with the Bot API answered in-process by
 * a transformer (no network), sessions in the default store (the journal, in a temporary folder).
 * Simulated players run concurrently, as the runner would feed them: private dialogs by text and
 * button presses, group /judge and /rule commands, inline queries. Each player reads the bot's
 * answer in its own private chat (the chat id is the player's) and presses one of the buttons
 * shown. No AsyncLocalStorage: it turns on promise hooks for every promise in the process
 * (measured: ~9% of the pipeline's CPU and more in wall time), a cost of the harness that the bot
 * in production does not pay.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";
import { MemorySessionStorage } from "grammy";
import type { Update } from "grammy/types";
import { createJudge } from "../src/engine/judge.js";
import type { Knowledge } from "../src/knowledge/types.js";
import { createLogger } from "../src/logger.js";
import { createMatcher } from "../src/search/matcher.js";
import { createBot } from "../src/telegram/bot.js";
import type { SessionData } from "../src/telegram/context.js";
import { openSessionStorage } from "../src/telegram/session-store.js";
import { BOT_INFO, TEST_TOKEN, fakeResult, inlineUpdate, pressUpdate, textUpdate } from "../test/faults/updates.js";
import { choose, type ShownButton } from "./policy.js";
import { openers } from "./players.js";
import { percentile, sortedCopy } from "./stats.js";

export interface PipelineFigures {
  readonly updates: number;
  readonly mix: string;
  readonly updatesPerS: number;
  readonly p99Ms: number;
  /** CPU time (user + system) of the process per update: less swayed by a busy machine than the rate */
  readonly cpuMsPerUpdate: number;
  /** updates that met no Bot API call at all (a silent drop, e.g. by the flood limit) */
  readonly unanswered: number;
}

interface Shown {
  readonly messageId: number;
  readonly buttons: ShownButton[];
}

const GROUP_ID = -1001234567;
const RULE_QUERIES = ["10.4.6", "снос", "Зинин 4.5", "прикуп", "10.1.1"];
const INLINE_QUERIES = ["фальшренонс", "10.4.6", "снос", "опоздал", "засветил карту", "мизер"];

export type StoreKind = "file" | "memory";

/**
 * `store`: "file" is the bot's default (SESSION_STORE=file:…, the journal store), opened as the
 * bot opens it; "memory" (grammY's MemorySessionStorage) shows the ceiling without a disk.
 */
export async function measurePipeline(
  knowledge: Knowledge,
  updates: number,
  store: StoreKind = "file",
  players = 32,
): Promise<PipelineFigures | string> {
  const matcher = createMatcher(knowledge);
  const judge = createJudge(knowledge, matcher);
  const texts = openers(matcher);
  if (texts.length === 0) return "no bench description matches any clause";
  const dir = mkdtempSync(join(tmpdir(), "sudya-bench-sessions-"));
  const sink = new Writable({ write: (_c, _e, cb) => cb() });
  const logger = createLogger({ level: "info", destination: sink, pretty: false });
  // the default store exactly as the bot opens it (SESSION_STORE unset: file:./data/sessions)
  const sessions = store === "file" ? await openSessionStorage<SessionData>({ kind: "file", dir }, 3600, logger) : undefined;
  const bot = createBot({
    token: TEST_TOKEN,
    botInfo: BOT_INFO,
    judge,
    storage: sessions?.storage ?? new MemorySessionStorage<SessionData>(3600_000),
    logger,
    defaultRuleset: "both",
  });

  // what the bot last showed each player in private, by chat id (= the player's user id)
  const lastShown = new Map<number, Shown>();
  let calls = 0;
  bot.api.config.use(async (_prev, method, payload) => {
    calls++;
    const p = payload as Record<string, unknown>;
    const result = fakeResult(method, p) as { message_id?: number };
    const chat = Number(p.chat_id);
    if (chat > 0 && (method === "sendMessage" || method === "editMessageText")) {
      const rows = (
        (p.reply_markup as { inline_keyboard?: { text: string; callback_data?: string }[][] } | undefined)?.inline_keyboard ?? []
      ).flat();
      const messageId = method === "editMessageText" ? Number(p.message_id) : result.message_id!;
      lastShown.set(chat, { messageId, buttons: rows.map((b) => ({ text: b.text, data: b.callback_data })) });
    }
    // grammY's transformer type is generic in the method; the fake result stands in for any
    return { ok: true, result } as never;
  });
  await bot.init();

  const latencies: number[] = [];
  const counts = { text: 0, press: 0, group: 0, inline: 0 };
  let sent = 0;
  let unanswered = 0;

  const send = async (update: Update): Promise<void> => {
    const t0 = performance.now();
    const before = calls;
    await bot.handleUpdate(update);
    if (calls === before) unanswered++;
    latencies.push(performance.now() - t0);
    sent++;
  };

  // A slot plays one user after another: each user has one short visit (a dialog to its end, a
  // group command or an inline query), as real users do, so no one trips the per-user flood limit.
  const play = async (slot: number): Promise<void> => {
    for (let round = 0; sent < updates; round++) {
      const player = slot + round * players;
      const userId = 100_000 + player;
      const roll = player % 10;
      if (roll === 0) {
        counts.inline++;
        await send(inlineUpdate(userId, INLINE_QUERIES[player % INLINE_QUERIES.length]!));
        continue;
      }
      if (roll === 1) {
        counts.group++;
        const text = player % 20 === 1 ? `/rule ${RULE_QUERIES[player % RULE_QUERIES.length]}` : `/judge ${texts[player % texts.length]}`;
        await send(textUpdate(userId, text, "group", GROUP_ID));
        continue;
      }
      counts.text++;
      await send(textUpdate(userId, texts[(player * 7) % texts.length]!));
      for (let step = 0; step < 6 && sent < updates; step++) {
        const shown = lastShown.get(userId);
        const choice = shown ? choose(shown.buttons, player, step) : ({ kind: "stuck" } as const);
        if (choice.kind !== "press") break;
        counts.press++;
        await send(pressUpdate(userId, choice.button.data!, shown!.messageId));
      }
      lastShown.delete(userId);
    }
  };

  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: players }, (_, i) => play(i)));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await sessions?.close();
  rmSync(dir, { recursive: true, force: true });

  const sorted = sortedCopy(latencies);
  const share = (n: number): string => `${Math.round((n / sent) * 100)}%`;
  return {
    updates: sent,
    mix: `${share(counts.text)} texts, ${share(counts.press)} presses, ${share(counts.group)} group commands, ${share(counts.inline)} inline; ${players} at a time`,
    updatesPerS: (sent / wall) * 1000,
    p99Ms: percentile(sorted, 99),
    cpuMsPerUpdate: (cpu.user + cpu.system) / 1000 / sent,
    unanswered,
  };
}
