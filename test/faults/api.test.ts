/**
 * Bot API faults against the real bot over HTTP: 429 with retry_after, 500, a dropped
 * connection, a slow answer, and a stretch of refused connections. The bot must retry and the
 * dialog must end at the same ruling as without faults — nothing lost. The one-line-per-outage
 * log is checked on the transformer that provides it (src/telegram/api-log.ts).
 */
import { Bot, MemorySessionStorage } from "grammy";
import { createBot } from "../../src/telegram/bot.js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logApiFaults } from "../../src/telegram/api-log.js";
import { retryApiCalls } from "../../src/telegram/api-retry.js";
import type { SessionData } from "../../src/telegram/context.js";
import { JournalStorage } from "../../src/telegram/journal-storage.js";
import { createMatcher } from "../../src/search/matcher.js";
import { openers } from "../../bench/players.js";
import { FakeBotApi } from "../e2e/fake-bot-api.js";
import { tempDir } from "../e2e/harness.js";
import { Dispatcher, play, type Player } from "../load/players.js";
import { expectedDialog } from "../load/reference.js";
import { captureLogger, judgeAndKnowledge, startBotInProcess, type BotUnderTest } from "./bot-under-test.js";
import { SwitchProxy } from "./switch-proxy.js";
import { BOT_INFO, textUpdate } from "./updates.js";

/** A player whose dialog takes at least two presses, so sends, edits and answers all happen. */
function longDialogPlayer(id: number): Player {
  const { knowledge, judge } = judgeAndKnowledge();
  const texts = openers(createMatcher(knowledge));
  for (let seed = 0; seed < 200; seed++) {
    const opener = texts[seed % texts.length]!;
    const e = expectedDialog(judge, opener, seed);
    if (e.presses >= 2 && e.verdict) return { user: { id, first_name: "Игрок" }, chatId: id, opener, seed };
  }
  throw new Error("no dialog of two presses among the bench openers");
}

function squash(s: string): string {
  return s.replace(/\s+/g, "");
}

describe("Bot API faults", () => {
  const fake = new FakeBotApi();
  const proxy = new SwitchProxy();
  const data = tempDir("sudya-faults-");
  let running: BotUnderTest;

  beforeAll(async () => {
    await fake.start();
    await proxy.on(fake.port);
    running = await startBotInProcess(fake.token, proxy.url, new JournalStorage<SessionData>(data.path, 3600));
  });
  afterEach(() => {
    fake.clearFaults();
  });
  afterAll(async () => {
    await running?.stop();
    await proxy.off();
    await fake.stop();
    data.remove();
  });

  it("retries 429, 500, a dropped connection and a slow answer, and the dialog ends at its ruling", async () => {
    const player = longDialogPlayer(7_100_001);
    const expected = expectedDialog(judgeAndKnowledge().judge, player.opener, player.seed);
    fake.tooManyRequests("sendMessage", 1, 1);
    fake.serverError("editMessageText", 1);
    fake.fault("answerCallbackQuery", { kind: "drop" });
    fake.fault("editMessageText", { kind: "delay", ms: 1500 });
    const since = fake.mark();
    const dispatcher = new Dispatcher(fake);
    const result = await play(fake, dispatcher, player, { quietMs: 400, timeoutMs: 30_000 });
    dispatcher.stop();

    expect(result.presses).toBe(expected.presses);
    expect(squash(result.final.map((m) => m.text).join("")).startsWith(squash(expected.texts[0]!))).toBe(true);
    // the faults really happened and were retried
    const failed = fake.calls
      .slice(since)
      .filter((c) => c.response?.ok === false)
      .map((c) => `${c.method}:${(c.response as { error_code: number }).error_code}`);
    expect(failed).toEqual(expect.arrayContaining(["sendMessage:429", "editMessageText:500", "answerCallbackQuery:0"]));
    // every press was answered in the end (no spinning button)
    const answered = fake.calls.slice(since).filter((c) => c.method === "answerCallbackQuery" && c.response?.ok === true).length;
    expect(answered).toBe(expected.presses);
    expect(running.lines.filter((l) => l.level >= 50)).toEqual([]);
  }, 60_000);

  it("loses no update while connections are refused, and serves again when they are back", async () => {
    const player = longDialogPlayer(7_100_002);
    const expected = expectedDialog(judgeAndKnowledge().judge, player.opener, player.seed);
    await proxy.off();
    const dispatcher = new Dispatcher(fake);
    // the player writes while the bot cannot reach the API; Telegram keeps the update
    const dialog = play(fake, dispatcher, player, { quietMs: 400, timeoutMs: 40_000 });
    await new Promise((r) => setTimeout(r, 1500));
    await proxy.on();
    const result = await dialog;
    dispatcher.stop();
    expect(result.presses).toBe(expected.presses);
    expect(squash(result.final.map((m) => m.text).join("")).startsWith(squash(expected.texts[0]!))).toBe(true);
  }, 60_000);

  it("answers within seconds of the API's return after a long outage, not after a grown backoff", async () => {
    const user = { id: 7_100_003, first_name: "Игрок" };
    await proxy.off();
    const since = fake.mark();
    fake.sendText(user.id, user, "/rule 10.4.6");
    await new Promise((r) => setTimeout(r, 12_000));
    const back = Date.now();
    await proxy.on();
    const [first] = await fake.waitForOutput(user.id, since, { timeoutMs: 40_000 });
    const lateMs = first!.at - back;
    console.log(`after a 12 s outage the reply came ${lateMs} ms after the API was back`);
    expect(lateMs).toBeLessThan(5000);
  }, 60_000);
});

describe("a 429 asking for more than a minute", () => {
  const fake = new FakeBotApi();
  beforeAll(async () => {
    await fake.start();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await fake.stop();
  });

  it("waits it out and sends the reply, instead of dropping it", async () => {
    const { judge } = judgeAndKnowledge();
    const { logger, lines } = captureLogger();
    const storage = new MemorySessionStorage<SessionData>();
    const bot = createBot({
      token: fake.token,
      apiRoot: fake.apiRoot,
      botInfo: BOT_INFO,
      judge,
      storage,
      logger,
      defaultRuleset: "both",
    });
    // the 90 s of the wait pass on a fake clock; the HTTP to the fake Bot API is real
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    fake.tooManyRequests("sendMessage", 90, 1);
    const since = fake.mark();
    let handled = false;
    const handling = bot.handleUpdate(textUpdate(7_100_004, "/rule 10.4.6")).finally(() => (handled = true));
    const refused = (): boolean => fake.callsOf("sendMessage", since).some((c) => c.response?.ok === false);
    for (let i = 0; i < 20_000 && !refused(); i++) await new Promise((r) => setImmediate(r));
    expect(refused(), "the fake answered 429").toBe(true);
    for (let waited = 0; waited < 120 && !handled; waited++) {
      await vi.advanceTimersByTimeAsync(1000);
      for (let i = 0; i < 200 && !handled; i++) await new Promise((r) => setImmediate(r));
    }
    await handling;
    const sent = fake.callsOf("sendMessage", since);
    expect(sent.map((c) => c.response?.ok)).toEqual([false, ...sent.slice(1).map(() => true)]);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(90_000);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  }, 60_000);
});

describe("one log line per Bot API outage (logApiFaults inside the retries)", () => {
  const fake = new FakeBotApi();
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });

  it("warns once for a run of 429s and 500s and says when the API answers again", async () => {
    const { logger, lines } = captureLogger("info");
    const bot = new Bot(fake.token, { client: { apiRoot: fake.apiRoot } });
    bot.api.config.use(logApiFaults(logger));
    bot.api.config.use(retryApiCalls());
    fake.tooManyRequests("sendMessage", 1, 2);
    fake.serverError("sendMessage", 1);
    fake.chat(42, { type: "private" });
    const sent = await bot.api.sendMessage(42, "проверка");
    expect(sent.message_id).toBeGreaterThan(0);
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
    expect(lines.filter((l) => l.level === 30 && /снова отвечает/.test(l.msg))).toHaveLength(1);
    // an ordinary refusal is not an outage
    await expect(bot.api.editMessageText(42, 999_999, "нет такого")).rejects.toThrow();
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
  }, 30_000);
});
