import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi, postJson } from "./fake-bot-api.js";
import { alice, startBot, tempDir, type RunningBot } from "./harness.js";
import { freePort } from "./ports.js";

describe("webhook mode", () => {
  const fake = new FakeBotApi();
  const data = tempDir();
  const secret = "s3cret-Token_for-tests";
  let bot: RunningBot;
  let url: string;
  let port: number;

  beforeAll(async () => {
    await fake.start();
    port = await freePort();
    url = `http://127.0.0.1:${port}/telegram/hook`;
    bot = await startBot(fake, {
      cwd: data.path,
      env: {
        BOT_MODE: "webhook",
        WEBHOOK_URL: url,
        WEBHOOK_SECRET: secret,
        PORT: String(port),
        SESSION_STORE: `file:${data.path}/sessions`,
      },
      ready: (f, since) => f.waitForCall("setWebhook", () => true, { since, timeoutMs: 30_000 }),
    });
  });
  afterAll(async () => {
    await bot?.stop();
    await fake.stop();
    data.remove();
  });

  it("registers the webhook with its secret and answers /health", async () => {
    expect(fake.webhook).toEqual({ url, secret });
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect(res.status).toBe(200);
  });

  it("refuses an update with a wrong or missing secret", async () => {
    const mark = fake.mark();
    const update = {
      update_id: 999_001,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: alice.id, type: "private", first_name: "Алиса" },
        from: { id: alice.id, is_bot: false, first_name: "Алиса" },
        text: "/help",
      },
    };
    expect(await postJson(url, update, "wrong")).toBe(401);
    expect(await postJson(url, update)).toBe(401);
    await fake.quiet(300);
    expect(fake.callsOf("sendMessage", mark)).toHaveLength(0);
  });

  it("handles updates Telegram delivers with the right secret", async () => {
    const mark = fake.mark();
    fake.sendText(alice.id, alice, "/rule 10.4.6");
    await fake.waitForOutput(alice.id, mark);
    expect(fake.lastBotMessage(alice.id)!.text).toMatch(/ФСПР 10\.4\.6/);
    expect(fake.webhookDeliveries.at(-1)!.status).toBe(200);
  });

  it("stops cleanly on SIGTERM", async () => {
    expect(await bot.stop("SIGTERM")).toBe(0);
  });
});
