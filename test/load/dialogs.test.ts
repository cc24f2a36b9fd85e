/**
 * Load: 200 simulated players in parallel dialogs through the real bot (grammY's HTTP client,
 * long polling by the runner, sessions in the default file store) against the fake Bot API —
 * 150 in private chats, 50 in five group chats of ten. Each takes its dialog to a ruling by
 * pressing the buttons shown. Every dialog must end at its own right ruling — the one the pure
 * judge gives for the same text and the same presses — so nothing is lost and nothing is mixed
 * between players. The rate and the p99 reply time are printed, not asserted (a benchmark's job).
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bot } from "grammy";
import { createJudge } from "../../src/engine/judge.js";
import type { Judge } from "../../src/engine/types.js";
import { loadKnowledge } from "../../src/knowledge/load.js";
import type { Knowledge } from "../../src/knowledge/types.js";
import { createLogger } from "../../src/logger.js";
import { createMatcher } from "../../src/search/matcher.js";
import { createBot } from "../../src/telegram/bot.js";
import type { BotContext, SessionData } from "../../src/telegram/context.js";
import { JournalStorage } from "../../src/telegram/journal-storage.js";
import { TELEGRAM_LIMITS } from "../../src/telegram/outgoing-throttle.js";
import { startPolling, type Transport } from "../../src/telegram/polling.js";
import { decodeCallback } from "../../src/telegram/callback-data.js";
import { openers } from "../../bench/players.js";
import { percentile, sortedCopy } from "../../bench/stats.js";
import { FakeBotApi } from "../e2e/fake-bot-api.js";
import { tempDir } from "../e2e/harness.js";
import { Dispatcher, play, type Player } from "./players.js";
import { expectedDialog } from "./reference.js";

/** `parts` appear in `text` in this order, the first at its start; whitespace aside (splitting trims it). */
function containsInOrder(text: string, parts: readonly string[]): boolean {
  const squash = (s: string): string => s.replace(/\s+/g, "");
  const all = squash(text);
  let at = 0;
  for (const [i, part] of parts.entries()) {
    const found = all.indexOf(squash(part), at);
    if (found < 0 || (i === 0 && found !== 0)) return false;
    at = found + squash(part).length;
  }
  return true;
}

const PRIVATE = 150;
const GROUPS = 5;
const PER_GROUP = 10;

describe("200 players in parallel dialogs", () => {
  const fake = new FakeBotApi();
  const data = tempDir("sudya-load-");
  const logs: string[] = [];
  let knowledge: Knowledge;
  let judge: Judge;
  let bot: Bot<BotContext>;
  let transport: Transport;

  beforeAll(async () => {
    await fake.start();
    knowledge = loadKnowledge();
    judge = createJudge(knowledge, createMatcher(knowledge));
    const logger = createLogger({
      level: "warn",
      pretty: false,
      destination: new Writable({
        write: (chunk, _e, cb) => {
          logs.push(String(chunk));
          cb();
        },
      }),
    });
    bot = createBot({
      token: fake.token,
      apiRoot: fake.apiRoot,
      judge,
      storage: new JournalStorage<SessionData>(data.path, 3600),
      logger,
      defaultRuleset: "both",
      // Telegram's limits (a message a second per chat, 20 a minute per group: ten players in a group
      // share them) would stretch these dialogs over minutes: this measures the bot, and the limits
      // are checked in test/e2e/group-flood and test/telegram/outgoing-throttle
      outgoingLimits: {
        ...TELEGRAM_LIMITS,
        chatBurst: 100_000,
        chatIntervalMs: 1,
        groupPerMinute: 100_000,
        senderPerMinuteInGroup: 100_000,
        globalPerSecond: 100_000,
      },
    });
    await bot.init();
    transport = await startPolling(bot, logger);
  });

  afterAll(async () => {
    await transport?.stop();
    await fake.stop();
    data.remove();
  });

  it("takes every dialog to its own right ruling, private and group", async () => {
    const texts = openers(createMatcher(knowledge));
    const players: Player[] = [];
    for (let i = 0; i < PRIVATE; i++) {
      const id = 5_000_000 + i;
      players.push({ user: { id, first_name: `Игрок ${i}` }, chatId: id, opener: texts[i % texts.length]!, seed: i });
    }
    for (let g = 0; g < GROUPS; g++) {
      const chatId = -100_777_000 - g;
      fake.chat(chatId, { type: "supergroup", title: `Турнир ${g}` });
      for (let j = 0; j < PER_GROUP; j++) {
        const i = PRIVATE + g * PER_GROUP + j;
        players.push({ user: { id: 6_000_000 + i, first_name: `Судья ${i}` }, chatId, opener: texts[(i * 7) % texts.length]!, seed: i });
      }
    }

    const dispatcher = new Dispatcher(fake);
    const started = Date.now();
    const results = await Promise.all(players.map((p) => play(fake, dispatcher, p)));
    const seconds = (Date.now() - started) / 1000;
    dispatcher.stop();

    const replyMs = sortedCopy(results.flatMap((r) => r.replyMs));
    const updates = results.reduce((n, r) => n + 1 + r.presses, 0);
    const rulings = results.filter((r) =>
      r.final.some((m) => m.reply_markup?.inline_keyboard.flat().some((b) => b.text === "Новый случай")),
    ).length;
    console.log(
      `load: ${players.length} players, ${updates} updates in ${seconds.toFixed(1)} s — ${(updates / seconds).toFixed(0)} updates/s, ` +
        `${(players.length / seconds).toFixed(1)} dialogs/s; reply time p50 ${percentile(replyMs, 50)} ms, p99 ${percentile(replyMs, 99)} ms; ${rulings} rulings`,
    );

    let mismatches = 0;
    for (const r of results) {
      const expected = expectedDialog(judge, r.player.opener, r.player.seed);
      expect(r.presses, `player ${r.player.user.id}: presses`).toBe(expected.presses);
      // the bot's last answer is the judge's last answer: its replies in order (a long one split
      // into several messages at paragraphs), each followed by the citation line the adapter adds
      const got = r.final.map((m) => m.text);
      const same = containsInOrder(got.join("\n"), expected.texts);
      if (!same) mismatches++;
      expect(
        same,
        `player ${r.player.user.id}: got ${JSON.stringify(got.map((t) => t.slice(0, 80)))}, expected ${JSON.stringify(expected.texts.map((t) => t.slice(0, 80)))}`,
      ).toBe(true);
      // nothing mixed: every button this player was shown belongs to this player's dialog
      for (const id of r.messages) {
        for (const b of fake.buttons(r.player.chatId, id)) {
          if (b.callback_data && r.player.chatId < 0) expect(decodeCallback(b.callback_data).owner).toBe(r.player.user.id);
        }
      }
    }
    expect(mismatches).toBe(0);
    // most dialogs reach a ruling (the rest end on a question the policy does not answer)
    expect(rulings).toBeGreaterThan(players.length / 2);
    expect(logs.filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
  }, 60_000);
});
