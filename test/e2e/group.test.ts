import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi } from "./fake-bot-api.js";
import { alice, boris, labels, startBot, tempDir, vera, type RunningBot } from "./harness.js";

const GROUP = -1001234567890;

describe("the bot in a group (privacy mode: commands, mentions, replies)", () => {
  const fake = new FakeBotApi();
  const data = tempDir();
  let bot: RunningBot;

  beforeAll(async () => {
    await fake.start();
    fake.chat(GROUP, { type: "supergroup", title: "Пуля по средам" }).setMember(GROUP, vera.id, "administrator");
    bot = await startBot(fake, { cwd: data.path, env: { SESSION_STORE: `file:${data.path}/sessions` } });
  });
  afterAll(async () => {
    await bot?.stop();
    await fake.stop();
    data.remove();
  });

  it("keeps each member's dialog to its owner: a foreign press is refused, an admin's accepted", async () => {
    let mark = fake.mark();
    const asked = fake.sendText(GROUP, alice, `/judge@${fake.bot.username} на распасах игрок не положил масть хотя она у него была`);
    const [first] = await fake.waitForOutput(GROUP, mark);
    const question = fake.lastBotMessage(GROUP)!;
    expect(question.reply_to).toBe(asked.message_id);
    expect(first!.method).toBe("sendMessage");
    const before = question.text;

    // Борис is neither the asker nor an admin
    mark = fake.mark();
    const foreign = fake.pressLabel(GROUP, question.message_id, boris, labels(fake, GROUP, question.message_id)[0]!);
    const answer = await fake.waitForCall("answerCallbackQuery", (c) => c.params.callback_query_id === foreign, { since: mark });
    expect(answer.params.show_alert).toBe(true);
    expect(String(answer.params.text)).toMatch(/не ваш/);
    await fake.quiet(200);
    expect(fake.message(GROUP, question.message_id)!.text).toBe(before);
    expect(fake.callsOf("editMessageText", mark)).toHaveLength(0);

    // Вера is an admin: her press moves Алиса's dialog on, in place
    mark = fake.mark();
    const byAdmin = fake.pressLabel(GROUP, question.message_id, vera, labels(fake, GROUP, question.message_id)[0]!);
    await fake.waitForOutput(GROUP, mark);
    expect(fake.callbackAnswer(byAdmin)?.show_alert).toBeUndefined();
    const moved = fake.message(GROUP, question.message_id)!;
    expect(moved.edits).toBe(1);
    expect(moved.text).not.toBe(before);
  });

  it("runs several dialogs at once without mixing them", async () => {
    let mark = fake.mark();
    fake.sendText(GROUP, boris, "/judge сдающий открыл карту при сдаче");
    await fake.waitForOutput(GROUP, mark);
    const borisMsg = fake.lastBotMessage(GROUP)!;
    // Борис's buttons carry his tag; Алиса may not press them
    mark = fake.mark();
    // an answering button («Текст пункта» only shows the clause, and anyone may press it)
    const data = fake.buttons(GROUP, borisMsg.message_id).find((b) => b.callback_data && b.text !== "Текст пункта")?.callback_data;
    expect(data).toBeDefined();
    const q = fake.press(GROUP, borisMsg.message_id, alice, data!);
    await fake.waitForCall("answerCallbackQuery", (c) => c.params.callback_query_id === q, { since: mark });
    expect(fake.callbackAnswer(q)?.show_alert).toBe(true);
  });

  it("answers a mention and a reply to its own message", async () => {
    let mark = fake.mark();
    fake.sendText(GROUP, boris, `@${fake.bot.username} 10.4.6`);
    await fake.waitForOutput(GROUP, mark);
    const card = fake.lastBotMessage(GROUP)!;
    expect(card.text).toMatch(/ФСПР 10\.4\.6/);

    mark = fake.mark();
    fake.sendText(GROUP, boris, "Зинин 4.5", { replyTo: card.message_id });
    await fake.waitForOutput(GROUP, mark);
    expect(fake.lastBotMessage(GROUP)!.text).toMatch(/Зинин 4\.5/);

    // ordinary chatter is none of the judge's business
    mark = fake.mark();
    fake.sendText(GROUP, boris, "кто сдаёт?");
    await fake.quiet(300);
    expect(fake.callsOf("sendMessage", mark)).toHaveLength(0);
  });

  it("lets only chat admins change the ruleset", async () => {
    let mark = fake.mark();
    fake.sendText(GROUP, boris, "/ruleset zinin");
    await fake.waitForOutput(GROUP, mark);
    expect(fake.lastBotMessage(GROUP)!.text).toMatch(/админ/);

    mark = fake.mark();
    fake.sendText(GROUP, vera, "/ruleset zinin");
    await fake.waitForOutput(GROUP, mark);
    expect(fake.lastBotMessage(GROUP)!.text).not.toMatch(/админ/);

    // the chat's ruleset now governs Борис's dialog too: a look-up by FSPR number is outside it
    mark = fake.mark();
    fake.sendText(GROUP, boris, "/rule фальшренонс");
    await fake.waitForOutput(GROUP, mark);
    const reply = fake.lastBotMessage(GROUP)!;
    expect(reply.text).toMatch(/^Зинин 4\.5/);
  });

  it("made no call Telegram would refuse", () => {
    const failed = fake.calls.filter((c) => c.response?.ok === false);
    expect(failed.map((c) => `${c.method}: ${(c.response as { description: string }).description}`)).toEqual([]);
  });
});
