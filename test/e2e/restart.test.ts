import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi } from "./fake-bot-api.js";
import { AFTER_VERDICT, alice, labels, startBot, tempDir } from "./harness.js";

describe("sessions survive a restart (embedded file store)", () => {
  const fake = new FakeBotApi();
  const data = tempDir();

  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
    data.remove();
  });

  it("continues a dialog after the bot is stopped mid-question and started again", async () => {
    const env = { SESSION_STORE: `file:${data.path}/sessions` };
    const first = await startBot(fake, { cwd: data.path, env });
    let mark = fake.mark();
    fake.sendText(alice.id, alice, "на распасах игрок не положил масть хотя она у него была");
    await fake.waitForOutput(alice.id, mark);
    const question = fake.lastBotMessage(alice.id)!;
    const answer = labels(fake, alice.id, question.message_id).find((l) => l !== "Не знаю")!;
    // SIGTERM: the runner stops, the update in flight finishes, the process exits cleanly
    expect(await first.stop("SIGTERM")).toBe(0);
    expect(first.output()).toMatch(/останов/);

    const second = await startBot(fake, { cwd: data.path, env });
    try {
      mark = fake.mark();
      const q = fake.pressLabel(alice.id, question.message_id, alice, answer);
      await fake.waitForOutput(alice.id, mark);
      expect(fake.callbackAnswer(q)).toBeDefined();
      const after = fake.message(alice.id, question.message_id)!;
      expect(after.edits).toBe(1);
      // the answer was understood: a verdict or the next question, not "этот вопрос уже закрыт"
      expect(after.text).not.toMatch(/закрыт/);
      expect(labels(fake, alice.id, question.message_id).some((l) => l === AFTER_VERDICT || l !== answer)).toBe(true);
    } finally {
      expect(await second.stop("SIGINT")).toBe(0);
    }
  });

  it("finishes an update in flight before exiting on SIGTERM", async () => {
    const bot = await startBot(fake, { cwd: data.path, env: { SESSION_STORE: `file:${data.path}/sessions` } });
    fake.fault("sendMessage", { kind: "delay", ms: 1500 });
    const mark = fake.mark();
    fake.sendText(alice.id, alice, "/rule 10.4.6");
    await fake.waitForCall("sendMessage", () => true, { since: mark, received: true });
    const code = await bot.stop("SIGTERM");
    // the reply (the card may take more than one message) went out in full before the exit
    const sent = fake.callsOf("sendMessage", mark);
    expect(sent.length).toBeGreaterThan(0);
    for (const call of sent) expect(call.response?.ok).toBe(true);
    expect(fake.lastBotMessage(alice.id)!.text).toMatch(/📖|10\.4\.6/);
    expect(code).toBe(0);
  });
});
