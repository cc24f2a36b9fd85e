import { Api, GrammyError } from "grammy";
import { autoRetry } from "@grammyjs/auto-retry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi } from "./fake-bot-api.js";
import { alice } from "./harness.js";

describe("the fake Bot API behaves like Telegram for grammY's real client", () => {
  const fake = new FakeBotApi();
  let api: Api;
  const refused = async (p: Promise<unknown>): Promise<GrammyError> => {
    const e = await p.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(e).toBeInstanceOf(GrammyError);
    return e as GrammyError;
  };

  beforeAll(async () => {
    await fake.start();
    api = new Api(fake.token, { apiRoot: fake.apiRoot });
  });
  afterAll(() => fake.stop());

  it("refuses a wrong token with 401", async () => {
    const e = await refused(new Api("1:wrong", { apiRoot: fake.apiRoot }).getMe());
    expect(e.error_code).toBe(401);
  });

  it("long-polls: a held getUpdates returns as soon as an update comes; offset confirms", async () => {
    const poll = api.getUpdates({ timeout: 20 });
    setTimeout(() => fake.sendText(alice.id, alice, "привет"), 50);
    const updates = await poll;
    expect(updates).toHaveLength(1);
    expect(updates[0]!.message?.text).toBe("привет");
    expect(await api.getUpdates({ offset: updates[0]!.update_id, timeout: 0 })).toHaveLength(1);
    expect(await api.getUpdates({ offset: updates[0]!.update_id + 1, timeout: 0 })).toHaveLength(0);
    expect(fake.pendingUpdates).toBe(0);
  });

  it("checks Telegram's limits: HTML that parses, 4096 characters, callback_data bytes", async () => {
    expect((await refused(api.sendMessage(alice.id, "<b>жирный", { parse_mode: "HTML" }))).description).toMatch(/Can't find end tag/);
    expect((await refused(api.sendMessage(alice.id, "<h1>x</h1>", { parse_mode: "HTML" }))).description).toMatch(
      /Unsupported start tag "h1"/,
    );
    expect((await refused(api.sendMessage(alice.id, "a & b", { parse_mode: "HTML" }))).description).toMatch(/entity/);
    expect((await refused(api.sendMessage(alice.id, "я".repeat(4097)))).description).toMatch(/too long/);
    await api.sendMessage(alice.id, `<b>${"&amp;".repeat(4096)}</b>`, { parse_mode: "HTML" }); // 4096 visible: fine
    const keyboard = (data: string) => ({ reply_markup: { inline_keyboard: [[{ text: "кнопка", callback_data: data }]] } });
    expect((await refused(api.sendMessage(alice.id, "x", keyboard("я".repeat(33))))).description).toMatch(/BUTTON_DATA_INVALID/);
    expect((await refused(api.sendMessage(alice.id, "x", keyboard("")))).description).toMatch(/BUTTON_DATA_INVALID/);
    await api.sendMessage(alice.id, "x", keyboard("я".repeat(32)));
  });

  it("edits in place, and says so when nothing changed", async () => {
    const m = await api.sendMessage(alice.id, "вопрос");
    await api.editMessageText(alice.id, m.message_id, "ответ");
    expect(fake.message(alice.id, m.message_id)).toMatchObject({ text: "ответ", edits: 1 });
    expect((await refused(api.editMessageText(alice.id, m.message_id, "ответ"))).description).toMatch(/message is not modified/);
    expect((await refused(api.editMessageText(alice.id, 9999, "x"))).description).toMatch(/message to edit not found/);
  });

  it("accepts one answer per callback query", async () => {
    const m = await api.sendMessage(alice.id, "x", { reply_markup: { inline_keyboard: [[{ text: "да", callback_data: "y" }]] } });
    const q = fake.press(alice.id, m.message_id, alice, "y");
    await api.answerCallbackQuery(q);
    expect((await refused(api.answerCallbackQuery(q))).description).toMatch(/query is too old/);
  });

  it("injects faults: 429 with retry_after and 5xx (auto-retry gets through), dropped connections", async () => {
    const retrying = new Api(fake.token, { apiRoot: fake.apiRoot });
    retrying.config.use(autoRetry({ maxRetryAttempts: 3 }));
    fake.tooManyRequests("sendMessage", 1).serverError("sendMessage", 1, 502);
    const mark = fake.mark();
    await retrying.sendMessage(alice.id, "дошло");
    const attempts = fake.callsOf("sendMessage", mark);
    expect(attempts.map((c) => (c.response?.ok ? "ok" : (c.response as { error_code: number }).error_code))).toEqual([429, 502, "ok"]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900); // it waited retry_after

    fake.tooManyRequests("getMe", 7);
    const e = await refused(api.getMe());
    expect(e.error_code).toBe(429);
    expect(e.parameters.retry_after).toBe(7);

    fake.fault("getMe", { kind: "drop" });
    await expect(api.getMe()).rejects.toThrow();
    await api.getMe();
  });

  it("stores setMyCommands by scope and validates them", async () => {
    await api.setMyCommands([{ command: "rule", description: "Пункт" }], { scope: { type: "all_group_chats" } });
    expect(fake.commands("all_group_chats")).toEqual([{ command: "rule", description: "Пункт" }]);
    expect((await refused(api.setMyCommands([{ command: "Правило", description: "x" }]))).description).toMatch(/BOT_COMMAND_INVALID/);
  });
});
