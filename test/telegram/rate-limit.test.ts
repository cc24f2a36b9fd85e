/**
 * floodLimit's bound on a user's updates in work (src/telegram/rate-limit.ts): while his replies
 * are held up, more of his updates are dropped (a press still answered), so his backlog stays
 * bounded; other users are not affected, and he is served again once his backlog clears.
 */
import { Bot } from "grammy";
import { describe, expect, it } from "vitest";
import { FLOOD_ALERT, floodLimit } from "../../src/telegram/rate-limit.js";
import { answerInProcess } from "../faults/in-process-api.js";
import { BOT_INFO, TEST_TOKEN, pressUpdate, textUpdate } from "../faults/updates.js";

describe("floodLimit: updates in work", () => {
  it("drops a user's updates past maxInWork until his backlog clears", async () => {
    const bot = new Bot(TEST_TOKEN, { botInfo: BOT_INFO });
    const dropped: number[] = [];
    bot.use(floodLimit({ limit: 100, windowMs: 60_000, maxInWork: 2, onDrop: (id) => dropped.push(id) }));
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    const handled: number[] = [];
    bot.on("message", async (ctx) => {
      handled.push(ctx.from.id);
      if (ctx.from.id === 51) await held;
    });
    bot.on("callback_query", (ctx) => ctx.answerCallbackQuery());
    const api = answerInProcess(bot);

    const backlog = [1, 2, 3, 4].map((i) => bot.handleUpdate(textUpdate(51, `сообщение ${i}`)));
    await bot.handleUpdate(pressUpdate(51, "0:0:n", 5));
    await bot.handleUpdate(textUpdate(52, "другой игрок"));
    expect(handled).toEqual([51, 51, 52]);
    expect(dropped).toEqual([51, 51, 51]);
    // dropped silently (his replies are late already), but a press is still answered
    expect(api.calls.filter((c) => c.method === "sendMessage")).toEqual([]);
    expect(api.calls.filter((c) => c.method === "answerCallbackQuery").map((c) => c.payload.text)).toEqual([FLOOD_ALERT]);

    release();
    await Promise.all(backlog);
    await bot.handleUpdate(textUpdate(51, "снова"));
    expect(handled).toEqual([51, 51, 52, 51]);
  });
});
