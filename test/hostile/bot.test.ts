/**
 * Hostile and odd updates at the bot level (the real createBot through handleUpdate, Bot API
 * answered in-process): edited messages, channel posts, stickers, photos, voice, service
 * messages, unknown commands, hostile texts in private and group chats, forged and oversize
 * callback data, presses on inline-mode messages. Never a crash; a short reply or a deliberate
 * silence; never a call Telegram would refuse; every button press answered.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "../../src/telegram/bot.js";
import type { BotContext, SessionData } from "../../src/telegram/context.js";
import { JournalStorage } from "../../src/telegram/journal-storage.js";
import { captureLogger, judgeAndKnowledge, type LogLine } from "../faults/bot-under-test.js";
import { answerInProcess, type RecordedApi } from "../faults/in-process-api.js";
import { telegramWouldRefuse } from "../faults/limits.js";
import { BOT_INFO, TEST_TOKEN, oddUpdates, pressUpdate, textUpdate } from "../faults/updates.js";
import { forgedData, hostileText, unknownCommand } from "./inputs.js";

let bot: Bot<BotContext>;
let api: RecordedApi;
let lines: LogLine[];
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sudya-hostile-"));
  const { judge } = judgeAndKnowledge();
  const captured = captureLogger("warn");
  lines = captured.lines;
  bot = createBot({
    token: TEST_TOKEN,
    botInfo: BOT_INFO,
    judge,
    storage: new JournalStorage<SessionData>(dir, 3600),
    logger: captured.logger,
    defaultRuleset: "both",
  });
  api = answerInProcess(bot);
  await bot.init();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Handles one update; returns the calls it caused, each checked against Telegram's limits. */
async function handle(update: Update): Promise<RecordedApi["calls"]> {
  const since = api.calls.length;
  await bot.handleUpdate(update); // a throw here is a crash: the test fails with it
  const calls = api.after(since);
  for (const call of calls) expect(telegramWouldRefuse(call), `${call.method} ${JSON.stringify(call.payload).slice(0, 200)}`).toEqual([]);
  return calls;
}

const outputs = (calls: RecordedApi["calls"]) => calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText");

describe("odd update types", () => {
  it("meets each with a short reply or silence", async () => {
    for (const [kind, update] of Object.entries(oddUpdates(4_400_001))) {
      const out = outputs(await handle(update));
      expect(out.length, kind).toBeLessThanOrEqual(1);
      for (const c of out) expect(String(c.payload.text).length, kind).toBeLessThanOrEqual(300);
    }
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe("hostile texts and commands", () => {
  it("answers or ignores them within Telegram's limits, private and group", async () => {
    let user = 4_500_000;
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileText, unknownCommand), fc.constantFrom("private" as const, "group" as const), async (text, kind) => {
        if (text.length === 0) return; // Telegram delivers no empty message
        const groupText = kind === "group" && !text.startsWith("/") ? `/judge ${text}` : text;
        const calls = await handle(textUpdate(++user, kind === "private" ? text : groupText, kind, -100_900));
        if (kind === "private") expect(outputs(calls).length).toBeGreaterThan(0);
      }),
      { numRuns: 120 },
    );
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  }, 60_000);
});

describe("forged, stale and oversize button data", () => {
  it("answers every press, changes nothing it should not, and never crashes", async () => {
    let user = 4_600_000;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(forgedData, fc.string({ minLength: 65, maxLength: 300 })),
        fc.constantFrom("private" as const, "group" as const),
        async (data, kind) => {
          const calls = await handle(pressUpdate(++user, data, 777, kind, -100_901));
          expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
          expect(outputs(calls).length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 150 },
    );
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  }, 60_000);

  it("answers a press on a message posted in inline mode (no chat, no session)", async () => {
    const update = {
      update_id: 9_999_001,
      callback_query: {
        id: "cq-inline",
        from: { id: 4_700_001, is_bot: false, first_name: "И" },
        chat_instance: "x",
        inline_message_id: "AAA",
        data: "1:0:a:b",
      },
    } as Update;
    const calls = await handle(update);
    expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
  });
});
