import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi } from "./fake-bot-api.js";
import { AFTER_VERDICT, alice, labels, startBot, tempDir, type RunningBot } from "./harness.js";

describe("the bot in a private chat (real bot process, fake Bot API)", () => {
  const fake = new FakeBotApi();
  const data = tempDir();
  let bot: RunningBot;

  beforeAll(async () => {
    await fake.start();
    bot = await startBot(fake, { cwd: data.path, env: { SESSION_STORE: `file:${data.path}/sessions` } });
  });
  afterAll(async () => {
    await bot?.stop();
    await fake.stop();
    data.remove();
  });

  it("registers Russian command menus for private chats and groups", async () => {
    // the menus are sent beside the first poll, not before it: wait for the group's, the second
    const scope = (c: { params: unknown }): string | undefined => (c.params as { scope?: { type?: string } } | null)?.scope?.type;
    await fake.waitForCall("setMyCommands", (c) => scope(c) === "all_group_chats");
    const priv = fake.commands("all_private_chats")!.map((c) => c.command);
    expect(priv).toEqual(expect.arrayContaining(["start", "help", "rule", "list", "ruleset", "new"]));
    expect(fake.commands("all_group_chats")!.map((c) => c.command)).toEqual(expect.arrayContaining(["judge", "rule", "ruleset"]));
    for (const c of [...fake.commands("all_private_chats")!, ...fake.commands("all_group_chats")!])
      expect(String(c.description)).toMatch(/[а-яё]/i);
  });

  it("leads a described case by button presses to a verdict, editing the question in place", async () => {
    let mark = fake.mark();
    fake.sendText(alice.id, alice, "на распасах игрок не положил масть хотя она у него была");
    await fake.waitForOutput(alice.id, mark);
    const question = fake.lastBotMessage(alice.id)!;
    expect(question.reply_markup).toBeDefined();
    const sentBefore = fake.botMessages(alice.id).length;

    let current = question;
    for (let i = 0; i < 5 && !labels(fake, alice.id, current.message_id).includes(AFTER_VERDICT); i++) {
      const first = fake
        .buttons(alice.id, current.message_id)
        .find((b) => b.callback_data && b.text !== "Не знаю" && b.text !== "Ничего не подходит")!;
      mark = fake.mark();
      const q = fake.press(alice.id, current.message_id, alice, first.callback_data!);
      await fake.waitForOutput(alice.id, mark);
      expect(fake.callbackAnswer(q)).toBeDefined();
      current = fake.lastBotMessage(alice.id)!;
    }
    // the verdict replaced the question: no new message was stacked under it
    expect(current.message_id).toBe(question.message_id);
    expect(current.edits).toBeGreaterThan(0);
    expect(fake.botMessages(alice.id).length).toBe(sentBefore);
    expect(current.text).toMatch(/10\.4\.6/);
    expect(labels(fake, alice.id, current.message_id)).toEqual(
      expect.arrayContaining(["Текст пункта", "Изменить ответ", AFTER_VERDICT, "Поделиться"]),
    );
    const share = fake.buttons(alice.id, current.message_id).find((b) => b.text === "Поделиться")!;
    expect(share.switch_inline_query).toMatch(/fspr-10\.4\.6/);

    // «Текст пункта» under the verdict posts the card as a new message: the ruling stays on screen
    mark = fake.mark();
    fake.pressLabel(alice.id, current.message_id, alice, "Текст пункта");
    await fake.waitForOutput(alice.id, mark);
    expect(fake.message(alice.id, current.message_id)!.text).toBe(current.text);
    expect(fake.lastBotMessage(alice.id)!.message_id).toBeGreaterThan(current.message_id);
    expect(fake.lastBotMessage(alice.id)!.text).toMatch(/Фальшренонс/);
  });

  it("shows a clause by /rule with its citation", async () => {
    const mark = fake.mark();
    fake.sendText(alice.id, alice, "/rule 10.4.6");
    await fake.waitForOutput(alice.id, mark);
    const card = fake.lastBotMessage(alice.id)!;
    expect(card.text).toMatch(/ФСПР 10\.4\.6/);
    expect(card.parse_mode).toBe("HTML");
  });

  it("opens a clause from a deep link (/start fspr-10_4_6)", async () => {
    const mark = fake.mark();
    fake.sendText(alice.id, alice, "/start zinin-4_5");
    await fake.waitForOutput(alice.id, mark);
    expect(fake.lastBotMessage(alice.id)!.text).toMatch(/Зинин 4\.5/);
  });

  it("lists matching clauses for an inline query; choosing one posts the card with its citation", async () => {
    const mark = fake.mark();
    const q = fake.inlineQuery(alice, "фальшренонс");
    await fake.waitForCall("answerInlineQuery", (c) => c.params.inline_query_id === q, { since: mark });
    const results = fake.inlineResults(q)!;
    expect(results.length).toBeGreaterThan(0);
    expect(results.map((r) => r.id)).toContain("fspr-10.4.6");
    const posted = fake.chooseInlineResult(q, "fspr-10.4.6", -100777);
    expect(posted.via_bot).toBe(true);
    expect(posted.text).toMatch(/ФСПР 10\.4\.6/);
    expect(posted.reply_markup!.inline_keyboard[0]![0]!.url).toBe(`https://t.me/${fake.bot.username}?start=fspr-10_4_6`);
  });

  it("answers every callback query and sends only HTML Telegram accepts", () => {
    const failed = fake.calls.filter((c) => c.response?.ok === false);
    expect(failed.map((c) => `${c.method}: ${(c.response as { description: string }).description}`)).toEqual([]);
    for (const c of fake.callsOf("answerCallbackQuery")) expect(c.response?.ok).toBe(true);
  });
});
