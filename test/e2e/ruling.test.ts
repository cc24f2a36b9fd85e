/**
 * A ruling a player reads at the table (issue 14), end to end: the real bot process against the
 * fake Bot API, in a private chat and in a group.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi, type ChatMessage } from "./fake-bot-api.js";
import { AFTER_VERDICT, alice, boris, labels, startBot, tempDir, vera, type RunningBot } from "./harness.js";

const GROUP = -1009876543210;
const REVOKE = "на распасах игрок не положил масть хотя она у него была";

describe("a ruling at the table (real bot process, fake Bot API)", () => {
  const fake = new FakeBotApi();
  const data = tempDir();
  let bot: RunningBot;

  beforeAll(async () => {
    await fake.start();
    fake.chat(GROUP, { type: "supergroup", title: "Пуля по пятницам" }).setMember(GROUP, vera.id, "administrator");
    bot = await startBot(fake, { cwd: data.path, env: { SESSION_STORE: `file:${data.path}/sessions` } });
  });
  afterAll(async () => {
    await bot?.stop();
    await fake.stop();
    data.remove();
  });

  /** Presses `label` on a message and waits for the bot's output. */
  async function pressAndWait(chatId: number, messageId: number, who: typeof alice, label: string): Promise<string> {
    const mark = fake.mark();
    const q = fake.pressLabel(chatId, messageId, who, label);
    await fake.waitForOutput(chatId, mark);
    return q;
  }

  /** Describes the revoke on распасы and answers «Позже»: the ruling, edited into the question's message. */
  async function revokeRuling(chatId: number, who: typeof alice, text: string): Promise<ChatMessage> {
    const mark = fake.mark();
    fake.sendText(chatId, who, text);
    await fake.waitForOutput(chatId, mark);
    const question = fake.lastBotMessage(chatId)!;
    await pressAndWait(chatId, question.message_id, who, "Позже");
    const ruling = fake.message(chatId, question.message_id)!;
    expect(labels(fake, chatId, ruling.message_id)).toContain(AFTER_VERDICT);
    return ruling;
  }

  it("shows the ruling with bold labels and «Исходя из: …», each fact marked by its source", async () => {
    const ruling = await revokeRuling(alice.id, alice, REVOKE);
    expect(ruling.parse_mode).toBe("HTML");
    expect(ruling.source).toMatch(/<b>[^<]+:<\/b>/);
    expect(ruling.source).toContain("<b>Исходя из:</b>");
    expect(ruling.text).toMatch(/Играли: распасы \(из сообщения\)/);
    expect(ruling.text).toMatch(/Заметили: позже, в ходе розыгрыша \(ответ\)/);
    expect(ruling.text.length).toBeLessThanOrEqual(4096);
    // details, where the ruling has any, are folded
    if (ruling.source.includes("<blockquote")) expect(ruling.source).toContain("<blockquote expandable>");
  });

  it("changes a fact with one tap: its question and then the new ruling replace the ruling in place", async () => {
    const ruling = fake.lastBotMessage(alice.id)!;
    const sent = fake.botMessages(alice.id).length;
    await pressAndWait(alice.id, ruling.message_id, alice, "✎ Играли");
    const asked = fake.message(alice.id, ruling.message_id)!;
    expect(asked.text).toMatch(/Изменить: /);
    await pressAndWait(alice.id, ruling.message_id, alice, "Игру");
    // one more question the new fact opens (who revoked): «Сдающий» is not among its answers
    let now = fake.message(alice.id, ruling.message_id)!;
    if (!labels(fake, alice.id, now.message_id).includes(AFTER_VERDICT)) {
      expect(labels(fake, alice.id, now.message_id)).not.toContain("Сдающий");
      await pressAndWait(alice.id, ruling.message_id, alice, "Вистующий");
      now = fake.message(alice.id, ruling.message_id)!;
    }
    expect(now.text).toMatch(/Играли: игру \(ответ\)/);
    expect(labels(fake, alice.id, now.message_id)).toContain(AFTER_VERDICT);
    expect(fake.botMessages(alice.id).length).toBe(sent);
  });

  it("«Изменить ответ» edits the ruling in place", async () => {
    const ruling = fake.lastBotMessage(alice.id)!;
    const sent = fake.botMessages(alice.id).length;
    const before = ruling.text;
    await pressAndWait(alice.id, ruling.message_id, alice, "Изменить ответ");
    const now = fake.message(alice.id, ruling.message_id)!;
    expect(now.text).not.toBe(before);
    expect(now.text).toMatch(/Вопрос \d+:/);
    expect(fake.botMessages(alice.id).length).toBe(sent);
  });

  it("a stale press gets a short pop-up and changes nothing", async () => {
    const question = fake.lastBotMessage(alice.id)!;
    const stale = fake.buttons(alice.id, question.message_id).find((b) => b.callback_data && b.text !== "Текст пункта")!;
    // two steps on: an answer, then a fact to change (a press one step old is taken as a redelivered change)
    await pressAndWait(alice.id, question.message_id, alice, fake.buttons(alice.id, question.message_id)[0]!.text);
    if (!labels(fake, alice.id, question.message_id).includes(AFTER_VERDICT))
      await pressAndWait(alice.id, question.message_id, alice, fake.buttons(alice.id, question.message_id)[0]!.text);
    await pressAndWait(alice.id, question.message_id, alice, "✎");
    const after = fake.message(alice.id, question.message_id)!;
    const snapshot = { text: after.text, edits: after.edits, sent: fake.botMessages(alice.id).length };
    const mark = fake.mark();
    const q = fake.press(alice.id, question.message_id, alice, stale.callback_data!);
    await fake.waitForCall("answerCallbackQuery", (c) => c.params.callback_query_id === q, { since: mark });
    await fake.quiet(300);
    expect(String(fake.callbackAnswer(q)?.text)).toMatch(/закрыт/);
    expect(fake.callsOf("sendMessage", mark)).toHaveLength(0);
    expect(fake.callsOf("editMessageText", mark)).toHaveLength(0);
    const same = fake.message(alice.id, question.message_id)!;
    expect({ text: same.text, edits: same.edits, sent: fake.botMessages(alice.id).length }).toEqual(snapshot);
  });

  it("when a new message takes the dialog over, the old one loses its keyboard", async () => {
    const old = fake.lastBotMessage(alice.id)!;
    expect(fake.buttons(alice.id, old.message_id).length).toBeGreaterThan(0);
    const mark = fake.mark();
    fake.sendText(alice.id, alice, "вистующий положил трефу хотя черви у него были");
    await fake.waitForOutput(alice.id, mark);
    const fresh = fake.lastBotMessage(alice.id)!;
    expect(fresh.message_id).not.toBe(old.message_id);
    expect(fake.buttons(alice.id, fresh.message_id).length).toBeGreaterThan(0);
    expect(fake.buttons(alice.id, old.message_id)).toEqual([]);
  });

  it("a reply to the ruling continues that case", async () => {
    // another player: the flood limit counts a player's updates over the last seconds, and Алиса
    // has pressed a lot in the tests before this one
    const ruling = await revokeRuling(boris.id, boris, REVOKE);
    const mark = fake.mark();
    fake.sendText(boris.id, boris, "а если это была игра семерная, а не распасы?", { replyTo: ruling.message_id });
    await fake.waitForOutput(boris.id, mark);
    const next = fake.lastBotMessage(boris.id)!;
    // the same case goes on: the clause is kept and the next question is about who revoked
    expect(next.text).toMatch(/ФСПР 10\.4\.6/);
    expect(next.text).toMatch(/Кто положил карту не в масть/);
  });

  it("shares the ruling: the inline card carries the facts and the verdict in short with the clause", async () => {
    const ruling = await revokeRuling(alice.id, alice, REVOKE);
    const share = fake.buttons(alice.id, ruling.message_id).find((b) => b.text === "Поделиться")!;
    expect(share.switch_inline_query).toMatch(/^fspr-10\.4\.6 .*game=allpass/);
    const mark = fake.mark();
    const q = fake.inlineQuery(alice, share.switch_inline_query!);
    await fake.waitForCall("answerInlineQuery", (c) => c.params.inline_query_id === q, { since: mark });
    const posted = fake.chooseInlineResult(q, "fspr-10.4.6", -100555);
    expect(posted.text).toContain("Исходя из:");
    expect(posted.text).toMatch(/распасы/);
    expect(posted.text).toMatch(/ФСПР 10\.4\.6/);
    expect(posted.text.split("\n")[0]).toBe(ruling.text.split("\n")[0]);
  });

  it("an empty inline query offers the frequent cases, described by title and first penalty", async () => {
    const mark = fake.mark();
    const q = fake.inlineQuery(alice, "");
    await fake.waitForCall("answerInlineQuery", (c) => c.params.inline_query_id === q, { since: mark });
    const results = fake.inlineResults(q)!;
    expect(results.length).toBeGreaterThan(3);
    expect(results.map((r) => r.id)).toContain("fspr-10.4.6");
    const revoke = results.find((r) => r.id === "fspr-10.4.6")!;
    expect(String(revoke.description)).toMatch(/^Фальшренонс .* — /);
  });

  it("in a group, /help names /judge, the mention and the reply", async () => {
    const mark = fake.mark();
    fake.sendText(GROUP, boris, "/help");
    await fake.waitForOutput(GROUP, mark);
    const help = fake.lastBotMessage(GROUP)!.text;
    expect(help).toContain("/judge");
    expect(help).toContain(`@${fake.bot.username}`);
    expect(help).toMatch(/ответьте на моё сообщение/);
    expect(help).not.toMatch(/своими словами/);
  });

  it("in a group, an admin answers for the asker and the ruling says so; anyone may open «Текст пункта»", async () => {
    let mark = fake.mark();
    fake.sendText(GROUP, alice, `/judge ${REVOKE}`);
    await fake.waitForOutput(GROUP, mark);
    const question = fake.lastBotMessage(GROUP)!;
    await pressAndWait(GROUP, question.message_id, vera, "Позже");
    const ruling = fake.message(GROUP, question.message_id)!;
    expect(labels(fake, GROUP, ruling.message_id)).toContain(AFTER_VERDICT);
    expect(ruling.text).toMatch(/Отвечал\(а\) за спросившего: Вера/);

    // Борис is neither the asker nor an admin: the clause's text opens for him all the same
    mark = fake.mark();
    const read = fake.pressLabel(GROUP, ruling.message_id, boris, "Текст пункта");
    await fake.waitForOutput(GROUP, mark);
    expect(fake.callbackAnswer(read)?.show_alert).toBeUndefined();
    expect(fake.lastBotMessage(GROUP)!.text).toMatch(/Фальшренонс/);
    expect(fake.message(GROUP, ruling.message_id)!.text).toBe(ruling.text);
    // but answering stays the asker's or an admin's
    mark = fake.mark();
    const foreign = fake.pressLabel(GROUP, ruling.message_id, boris, "Изменить ответ");
    await fake.waitForCall("answerCallbackQuery", (c) => c.params.callback_query_id === foreign, { since: mark });
    expect(fake.callbackAnswer(foreign)?.show_alert).toBe(true);
  });

  it("in a group, a reply to the bot's ruling continues the asker's case", async () => {
    const ruling = fake.botMessages(GROUP).find((m) => m.text.includes("Отвечал(а) за спросившего"))!;
    const mark = fake.mark();
    fake.sendText(GROUP, alice, "а если это была игра семерная, а не распасы?", { replyTo: ruling.message_id });
    await fake.waitForOutput(GROUP, mark);
    const next = fake.lastBotMessage(GROUP)!;
    expect(next.reply_to).toBeDefined();
    expect(next.text).toMatch(/ФСПР 10\.4\.6/);
    expect(next.text).toMatch(/Кто положил карту не в масть/);
  });

  it("with the Zinin ruleset, a matter only FSPR covers points to its clause", async () => {
    let mark = fake.mark();
    fake.sendText(GROUP, vera, "/ruleset zinin");
    await fake.waitForOutput(GROUP, mark);
    mark = fake.mark();
    fake.sendText(GROUP, boris, "/judge опоздал на 15 минут");
    await fake.waitForOutput(GROUP, mark);
    expect(fake.lastBotMessage(GROUP)!.text).toMatch(/^В таблице Зинина этого нет; в кодексе ФСПР — 10\.4\.10/);
  });

  it("made no call Telegram would refuse, and answered every press", () => {
    const failed = fake.calls.filter((c) => c.response?.ok === false);
    expect(
      failed.map((c) => `${c.method}: ${(c.response as { description: string }).description} ${JSON.stringify(c.params).slice(0, 300)}`),
    ).toEqual([]);
    for (const c of fake.callsOf("answerCallbackQuery")) expect(c.response?.ok).toBe(true);
  });
});
