/**
 * Floods. floodLimit (src/telegram/rate-limit.ts) drops a user's updates over the limit, says so
 * politely once per window for texts, always answers a flooded button press, and is per user.
 * With the real bot: one user's flood leaves another user's dialog untouched — every update of
 * the second user is handled and the dialog ends at its ruling.
 */
import { Bot, MemorySessionStorage } from "grammy";
import { describe, expect, it } from "vitest";
import { choose } from "../../bench/policy.js";
import { createBot } from "../../src/telegram/bot.js";
import type { SessionData } from "../../src/telegram/context.js";
import { FLOOD_ALERT, FLOOD_TEXT, floodLimit } from "../../src/telegram/rate-limit.js";
import { captureLogger, judgeAndKnowledge } from "../faults/bot-under-test.js";
import { answerInProcess } from "../faults/in-process-api.js";
import { BOT_INFO, TEST_TOKEN, pressUpdate, textUpdate } from "../faults/updates.js";

describe("floodLimit", () => {
  it("passes the first N, tells a flooding user once per window, answers every flooded press", async () => {
    const bot = new Bot(TEST_TOKEN, { botInfo: BOT_INFO });
    const dropped: number[] = [];
    bot.use(floodLimit({ limit: 5, windowMs: 60_000, onDrop: (id) => dropped.push(id) }));
    let handled = 0;
    bot.on("message", () => {
      handled++;
    });
    bot.on("callback_query", (ctx) => ctx.answerCallbackQuery());
    const api = answerInProcess(bot);

    for (let i = 0; i < 20; i++) await bot.handleUpdate(textUpdate(31, `сообщение ${i}`));
    expect(handled).toBe(5);
    expect(api.texts(0).filter((t) => t === FLOOD_TEXT)).toHaveLength(1);
    expect(dropped).toHaveLength(15);

    const since = api.calls.length;
    for (let i = 0; i < 5; i++) await bot.handleUpdate(pressUpdate(31, "0:0:n", 5));
    const answers = api.after(since).filter((c) => c.method === "answerCallbackQuery");
    expect(answers).toHaveLength(5);
    expect(answers.every((c) => c.payload.text === FLOOD_ALERT)).toBe(true);

    // another user is not limited by the first one's flood
    await bot.handleUpdate(textUpdate(32, "привет"));
    expect(handled).toBe(6);
  });

  it("keeps silent in a group unless the message was a command", async () => {
    const bot = new Bot(TEST_TOKEN, { botInfo: BOT_INFO });
    bot.use(floodLimit({ limit: 1, windowMs: 60_000 }));
    bot.on("message", () => undefined);
    const api = answerInProcess(bot);
    for (let i = 0; i < 5; i++) await bot.handleUpdate(textUpdate(41, "болтовня", "group"));
    expect(api.texts(0)).toEqual([]);
  });
});

describe("the real bot under one user's flood", () => {
  it("serves another user's dialog in full while the flood is dropped", async () => {
    const { judge } = judgeAndKnowledge();
    const { logger } = captureLogger("warn");
    const bot = createBot({
      token: TEST_TOKEN,
      botInfo: BOT_INFO,
      judge,
      storage: new MemorySessionStorage<SessionData>(),
      logger,
      defaultRuleset: "both",
    });
    const api = answerInProcess(bot);
    const flooder = 51;
    const player = 52;

    const flood = Promise.all(Array.from({ length: 200 }, (_, i) => bot.handleUpdate(textUpdate(flooder, `спам ${i}`))));
    const presses = Array.from({ length: 30 }, () => pressUpdate(flooder, "0:0:n", 1));
    const floodPresses = Promise.all(presses.map((u) => bot.handleUpdate(u)));

    // the other player's dialog, step by step, concurrently with the flood
    let since = api.calls.length;
    await bot.handleUpdate(textUpdate(player, "на распасах игрок не положил масть хотя она у него была"));
    let steps = 0;
    for (let step = 0; step < 6; step++) {
      const shown = api.calls.slice(since).filter((c) => Number(c.payload.chat_id) === player);
      expect(shown.length, `update ${step} of the player was answered`).toBeGreaterThan(0);
      const keyboard = [...shown].reverse().find((c) => c.payload.reply_markup);
      const buttons = (
        (keyboard?.payload.reply_markup as { inline_keyboard?: { text: string; callback_data?: string }[][] } | undefined)
          ?.inline_keyboard ?? []
      ).flat();
      const choice = choose(
        buttons.map((b) => ({ text: b.text, data: b.callback_data })),
        3,
        step,
      );
      if (choice.kind !== "press") break;
      const messageId =
        keyboard!.method === "editMessageText"
          ? Number(keyboard!.payload.message_id)
          : Number((keyboard!.result as { message_id: number }).message_id);
      since = api.calls.length;
      await bot.handleUpdate(pressUpdate(player, choice.button.data!, messageId));
      steps++;
    }
    await Promise.all([flood, floodPresses]);

    expect(steps).toBeGreaterThan(0);
    const playerTexts = api.calls.filter(
      (c) => Number(c.payload.chat_id) === player && (c.method === "sendMessage" || c.method === "editMessageText"),
    );
    expect(playerTexts.some((c) => JSON.stringify(c.payload.reply_markup ?? {}).includes("Новый случай"))).toBe(true);
    // the flood was cut: far fewer of the flooder's texts reached the judge than were sent
    const flooderReplies = api.calls.filter((c) => Number(c.payload.chat_id) === flooder && c.method === "sendMessage").length;
    expect(flooderReplies).toBeLessThan(50);
    // every flooded press was answered (none left spinning), each exactly once
    const answered = api.calls.filter((c) => c.method === "answerCallbackQuery").map((c) => String(c.payload.callback_query_id));
    for (const u of presses)
      expect(
        answered.filter((id) => id === u.callback_query!.id),
        `press ${u.callback_query!.id}`,
      ).toHaveLength(1);
    // every press of the player was answered
    expect(
      api.calls.filter((c) => c.method === "answerCallbackQuery" && String(c.payload.callback_query_id).length > 0).length,
    ).toBeGreaterThanOrEqual(steps);
  });
});
