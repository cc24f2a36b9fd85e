/**
 * The session store failing: the disk under the embedded journal store refuses writes (its append
 * syscall answers ENOSPC, as a full disk does; root ignores permissions, so a read-only folder
 * would prove nothing), a store that hangs, and recovery.
 * guardStorage logs the outage once and the recovery once; storeErrorReply gives the user
 * «временная ошибка, повторите»; when the store is back the same dialog goes on.
 */
import { mkdtempSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sequentialize } from "@grammyjs/runner";
import { Bot, session, type StorageAdapter } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBot } from "../../src/telegram/bot.js";
import type { BotContext, SessionData } from "../../src/telegram/context.js";
import { JournalStorage } from "../../src/telegram/journal-storage.js";
import { sessionKey } from "../../src/telegram/session-key.js";
import { STORE_ERROR_TEXT, StoreUnavailableError, guardStorage, storeErrorReply } from "../../src/telegram/store-guard.js";
import { answerInProcess } from "./in-process-api.js";
import { captureLogger, judgeAndKnowledge } from "./bot-under-test.js";
import { BOT_INFO, TEST_TOKEN, pressUpdate, textUpdate } from "./updates.js";

const INCIDENT = "сдающий открыл карту при сдаче, все видели";
// a description the judge answers with a question, so there is a dialog in the middle to keep
const ASKS = "на распасах игрок не положил масть хотя она у него была";

describe("guardStorage", () => {
  it("logs the first failure of an outage and the recovery, once each", async () => {
    const { logger, lines } = captureLogger();
    let broken = true;
    const inner: StorageAdapter<number> = {
      read: async () => {
        if (broken) throw new Error("EIO");
        return 1;
      },
      write: async () => {
        if (broken) throw new Error("EIO");
      },
      delete: async () => undefined,
    };
    const store = guardStorage(inner, { logger });
    for (let i = 0; i < 3; i++) await expect(store.read("k")).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.write("k", 2)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(store.healthy).toBe(false);
    broken = false;
    expect(await store.read("k")).toBe(1);
    await store.write("k", 2);
    expect(store.healthy).toBe(true);
    expect(lines.filter((l) => l.level === 50)).toHaveLength(1);
    expect(lines.filter((l) => l.level === 50)[0]!.msg).toMatch(/хранилище диалогов недоступно/);
    expect(lines.filter((l) => /снова доступно/.test(l.msg))).toHaveLength(1);
  });

  it("gives up on a store that hangs instead of holding the user's queue", async () => {
    const { logger } = captureLogger();
    const hung: StorageAdapter<number> = {
      read: () => new Promise(() => undefined),
      write: async () => undefined,
      delete: async () => undefined,
    };
    const store = guardStorage(hung, { logger, timeoutMs: 100 });
    await expect(store.read("k")).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

describe("the disk under the embedded store refuses writes", () => {
  let dir: string;
  let sessions: string;
  let full = false;
  // the append syscall as a full disk answers it: a part of the line, then ENOSPC
  const disk = (fd: number, data: string): number => {
    if (!full) return writeSync(fd, data);
    writeSync(fd, data.slice(0, 7));
    throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
  };
  const breakStore = (): void => {
    full = true;
  };
  const mendStore = (): void => {
    full = false;
  };
  const journal = (): JournalStorage<SessionData> => new JournalStorage<SessionData>(sessions, 3600, { writeSync: disk });

  beforeEach(() => {
    full = false;
    dir = mkdtempSync(join(tmpdir(), "sudya-store-"));
    sessions = join(dir, "sessions");
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** The judge's bot middleware order (store reply → sequentialize → session → dialog), minimal. */
  function guardedBot() {
    const { judge } = judgeAndKnowledge();
    const { logger, lines } = captureLogger();
    const storage = guardStorage(journal(), { logger });
    const bot = new Bot<BotContext>(TEST_TOKEN, { botInfo: BOT_INFO });
    bot.use(storeErrorReply());
    bot.use(sequentialize(sessionKey));
    bot.use(session<SessionData, BotContext>({ initial: () => ({}), storage, getSessionKey: sessionKey }));
    bot.on("message:text", async (ctx) => {
      const { state, replies } = judge.step(ctx.session.dialog ?? judge.initial(), { kind: "text", text: ctx.message.text });
      ctx.session.dialog = state;
      await ctx.reply(replies.map((r) => r.text).join("\n"));
    });
    const api = answerInProcess(bot);
    return { bot, api, lines, storage };
  }

  it("tells the user «временная ошибка», logs once, and serves the same dialog when the store is back", async () => {
    const { bot, api, lines, storage } = guardedBot();
    await bot.handleUpdate(textUpdate(9001, INCIDENT));
    const before = JSON.stringify((await storage.read("9001:9001"))?.dialog);

    breakStore();
    for (let i = 0; i < 3; i++) {
      const since = api.calls.length;
      await bot.handleUpdate(textUpdate(9001, "вистующий"));
      expect(api.texts(since)).toContain(STORE_ERROR_TEXT);
      // the first update of the outage was answered before its write failed; later ones are not
      if (i > 0) expect(api.texts(since)).toEqual([STORE_ERROR_TEXT]);
    }
    expect(lines.filter((l) => l.level === 50)).toHaveLength(1);

    mendStore();
    const since = api.calls.length;
    await bot.handleUpdate(textUpdate(9001, INCIDENT));
    expect(api.texts(since)).not.toContain(STORE_ERROR_TEXT);
    expect(lines.filter((l) => /снова доступно/.test(l.msg))).toHaveLength(1);
    // the dialog saved before the outage was still there to go on from
    expect(before).not.toBe("undefined");
  });

  it("the real bot with the guarded store: no crash, one clear log line, and the dialog goes on after", async () => {
    const { judge } = judgeAndKnowledge();
    const { logger, lines } = captureLogger();
    // createBot guards a bare store itself (main.ts guards it first, for the webhook's /health)
    const storage = journal();
    const bot = createBot({ token: TEST_TOKEN, botInfo: BOT_INFO, judge, storage, logger, defaultRuleset: "both" });
    const api = answerInProcess(bot);
    // as the runner does: an error out of handleUpdate goes to the bot's error handler
    const handle = async (u: Parameters<typeof bot.handleUpdate>[0]): Promise<void> => {
      await bot.handleUpdate(u).catch((e: unknown) => bot.errorHandler(e as never));
    };

    await handle(textUpdate(9002, ASKS));
    const question = api.calls.filter((c) => c.method === "sendMessage").at(-1)!;
    const buttons = (
      (question.payload.reply_markup as { inline_keyboard: { text: string; callback_data?: string }[][] } | undefined)?.inline_keyboard ??
      []
    ).flat();
    const answer = buttons.find((b) => b.callback_data && b.text !== "Ничего не подходит");
    expect(answer, "the judge asked a question with answer buttons").toBeDefined();

    breakStore();
    for (const [i, text] of ["ещё вопрос", "и ещё", "и ещё раз"].entries()) {
      const since = api.calls.length;
      await handle(textUpdate(9002, text));
      // the notice; after the first refused write, the notice alone: no step that cannot be kept
      expect(api.texts(since)).toContain(STORE_ERROR_TEXT);
      if (i > 0) expect(api.texts(since)).toEqual([STORE_ERROR_TEXT]);
    }
    const pressedDuring = pressUpdate(9002, answer!.callback_data!, 5000);
    let since = api.calls.length;
    await handle(pressedDuring);
    // a press during the outage is answered with the notice, so it does not keep spinning
    expect(
      api
        .after(since)
        .filter((c) => c.method === "answerCallbackQuery")
        .map((c) => c.payload.text),
    ).toEqual([STORE_ERROR_TEXT]);
    expect(lines.filter((l) => /хранилище диалогов недоступно/.test(l.msg))).toHaveLength(1);

    mendStore();
    since = api.calls.length;
    await handle(pressUpdate(9002, answer!.callback_data!, 5000));
    // the press on the question asked before the outage is understood, not «уже закрыт»
    expect(api.texts(since).length).toBeGreaterThan(0);
    expect(api.texts(since).join("\n")).not.toMatch(/закрыт/);
    expect(lines.filter((l) => /снова доступно/.test(l.msg))).toHaveLength(1);
  });

  it("a press whose step cannot be saved gets the notice as its one answer (Telegram takes no second)", async () => {
    const { judge } = judgeAndKnowledge();
    const { logger } = captureLogger();
    const bot = createBot({ token: TEST_TOKEN, botInfo: BOT_INFO, judge, storage: journal(), logger, defaultRuleset: "both" });
    const api = answerInProcess(bot);
    const handle = async (u: Parameters<typeof bot.handleUpdate>[0]): Promise<void> => {
      await bot.handleUpdate(u).catch((e: unknown) => bot.errorHandler(e as never));
    };
    await handle(textUpdate(9003, ASKS));
    const question = api.lastKeyboard();
    const answer = question?.buttons.find((b) => b.callback_data && b.text !== "Ничего не подходит");
    expect(answer, "the judge asked a question with answer buttons").toBeDefined();

    // the disk fills up just now: the press reads its dialog, takes its step, and cannot save it
    breakStore();
    const since = api.calls.length;
    await handle(pressUpdate(9003, answer!.callback_data!, question!.messageId));
    const answers = api.after(since).filter((c) => c.method === "answerCallbackQuery");
    expect(answers.map((c) => c.payload.text)).toEqual([STORE_ERROR_TEXT]);
  });
});
