/**
 * The polling loop (src/telegram/polling.ts) against the fake Bot API, which forgets an update only
 * once a getUpdates offset passes it, as Telegram does: an update still in work stays unconfirmed
 * while later ones are handled, each update is handled once although Telegram sends it again with
 * every batch, and stop() confirms what was handled.
 */
import { Bot } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BotContext } from "../../src/telegram/context.js";
import { startPolling } from "../../src/telegram/polling.js";
import { FakeBotApi } from "../e2e/fake-bot-api.js";
import { captureLogger } from "../faults/bot-under-test.js";
import { BOT_INFO } from "../faults/updates.js";

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("startPolling", () => {
  const fake = new FakeBotApi();
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });

  it("confirms an update only once handled, handles each once, and does not wait on a slow one", async () => {
    const bot = new Bot<BotContext>(fake.token, { botInfo: BOT_INFO, client: { apiRoot: fake.apiRoot } });
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    const seen: string[] = [];
    bot.on("message:text", async (ctx) => {
      seen.push(ctx.message.text);
      if (ctx.message.text === "медленно") await held;
    });
    const { logger } = captureLogger();
    const transport = await startPolling(bot, logger, { pollSeconds: 1 });
    try {
      const user = { id: 4242, first_name: "Игрок" };
      fake.sendText(user.id, user, "медленно");
      for (let i = 0; i < 5; i++) fake.sendText(user.id + 1 + i, { id: user.id + 1 + i, first_name: "Другой" }, `быстро ${i}`);
      await until(() => seen.length === 6);
      await new Promise((r) => setTimeout(r, 1500));
      // the slow one is still unconfirmed (Telegram would send it again to a restarted bot)
      expect(fake.pendingUpdates).toBeGreaterThanOrEqual(1);
      expect(seen.filter((t) => t === "медленно")).toHaveLength(1);
      release();
      await until(() => fake.pendingUpdates === 0, 5000);
      expect(seen).toHaveLength(6);
      fake.sendText(user.id, user, "последнее");
      await until(() => seen.length === 7);
    } finally {
      await transport.stop();
    }
    // stop() confirmed the last one: nothing would come again
    expect(fake.pendingUpdates).toBe(0);
  }, 30_000);

  it("lets new updates in when a whole batch of 100 waits behind one held up, and says so", async () => {
    const bot = new Bot<BotContext>(fake.token, { botInfo: BOT_INFO, client: { apiRoot: fake.apiRoot } });
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    let handled = 0;
    bot.on("message:text", async (ctx) => {
      handled++;
      if (ctx.message.text === "медленно") await held;
    });
    const { logger, lines } = captureLogger();
    const transport = await startPolling(bot, logger, { pollSeconds: 1 });
    try {
      fake.sendText(5151, { id: 5151, first_name: "Игрок" }, "медленно");
      for (let i = 0; i < 130; i++) fake.sendText(6000 + i, { id: 6000 + i, first_name: "Другой" }, `быстро ${i}`);
      await until(() => handled === 131);
      expect(lines.filter((l) => /100 обновлений ждут одного/.test(l.msg))).toHaveLength(1);
    } finally {
      release();
      await transport.stop();
    }
  }, 30_000);
});
