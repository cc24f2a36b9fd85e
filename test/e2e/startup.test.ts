/**
 * Start-up failures end with one line on stderr and exit 1, never a hang and never the token:
 * the Bot API unreachable (the process gives up after START_TIMEOUT_SECONDS instead of retrying
 * for ever), and a Bot API error whose text quotes the token.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi } from "./fake-bot-api.js";
import { startBot, tempDir } from "./harness.js";
import { freePort } from "./ports.js";

/** Starts the bot, expecting it to exit before it is ready; resolves with its output and how long it ran. */
async function failedStart(fake: FakeBotApi, env: Record<string, string>, cwd: string): Promise<{ output: string; ms: number }> {
  const started = Date.now();
  try {
    const bot = await startBot(fake, { cwd, env, ready: () => new Promise(() => undefined) });
    await bot.stop("SIGKILL");
  } catch (error) {
    const output = String((error as Error).message).replace(/^the bot exited \(1\) before it was ready:\n/, "");
    expect(String((error as Error).message)).toMatch(/^the bot exited \(1\)/);
    return { output, ms: Date.now() - started };
  }
  throw new Error("the bot started");
}

describe("start-up failures", () => {
  const fake = new FakeBotApi();
  const data = tempDir();
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
    data.remove();
  });

  it("gives up on an unreachable Bot API after START_TIMEOUT_SECONDS with one line", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const { output, ms } = await failedStart(fake, { BOT_API_ROOT: closed, START_TIMEOUT_SECONDS: "2" }, data.path);
    const lines = output.trim().split("\n");
    expect(lines.at(-1)).toMatch(/^Telegram недоступен \(http:\/\/127\.0\.0\.1:\d+\): нет ответа за 2 с/);
    expect(lines.filter((l) => !l.startsWith("{"))).toHaveLength(1);
    expect(ms).toBeLessThan(15_000);
  }, 30_000);

  it("never prints the token, even when an error quotes it", async () => {
    fake.fault("getMe", {
      kind: "error",
      error: { error_code: 400, description: `Bad Request: bad request to https://api.telegram.org/bot${fake.token}/getMe` },
    });
    const { output } = await failedStart(fake, {}, data.path);
    expect(output).toMatch(/Telegram отказал при запуске/);
    expect(output).not.toContain(fake.token);
    expect(output).not.toContain(fake.token.split(":")[1]!);
  }, 30_000);
});
