/**
 * One member floods a group; another asks. Telegram takes 20 messages a minute in a group and
 * answers the 21st with a 429 whose retry_after holds the whole group for up to a minute (the fake
 * Bot API does the same here). With a per-chat outgoing throttle that shares the group's minute
 * between its members, the flood waits in its own line: the other member's answer comes within
 * seconds, and the bot never runs into the 429.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi } from "./fake-bot-api.js";
import { alice, boris, startBot, tempDir, type RunningBot } from "./harness.js";

const GROUP = -1001234500001;

describe("a flood in a group", () => {
  const fake = new FakeBotApi({ groupLimit: true });
  const data = tempDir();
  let bot: RunningBot;

  beforeAll(async () => {
    await fake.start();
    fake.chat(GROUP, { type: "supergroup", title: "Пуля по пятницам" });
    bot = await startBot(fake, { cwd: data.path, env: { SESSION_STORE: `file:${data.path}/sessions`, OUTGOING_LIMITS: "telegram" } });
  });
  afterAll(async () => {
    // the flood's last replies may still wait for their minute: no need to wait with them
    await bot?.stop("SIGKILL");
    await fake.stop();
    data.remove();
  });

  it("delays only the flooder: another member is answered within seconds, and no 429 comes", async () => {
    const start = fake.mark();
    const sentInGroup = (): number =>
      fake.callsOf("sendMessage", start).filter((c) => Number(c.params.chat_id) === GROUP && c.response?.ok).length;
    // twelve commands (the per-user input limit per 3 s), then eight more: twenty replies due
    for (let i = 0; i < 12; i++) fake.sendText(GROUP, alice, "/rule 10.4.6");
    await new Promise((r) => setTimeout(r, 3200));
    for (let i = 0; i < 8; i++) fake.sendText(GROUP, alice, "/rule 10.4.6");
    const end = Date.now() + 20_000;
    while (sentInGroup() < 10 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));

    const mark = fake.mark();
    const asked = fake.sendText(GROUP, boris, "/rule 10.4.1");
    const reply = await fake.waitForCall(
      "sendMessage",
      (c) => (c.params.reply_parameters as { message_id?: number } | undefined)?.message_id === asked.message_id && c.response?.ok === true,
      { since: mark, timeoutMs: 15_000 },
    );
    const waitedMs = reply.at - fake.calls[mark]!.at;
    const refused = fake.calls.slice(start).filter((c) => c.response?.ok === false && c.response.error_code === 429).length;
    console.log(`group flood: the other member waited ${waitedMs} ms; ${refused} calls met a 429`);
    expect(waitedMs).toBeLessThan(3000);
    expect(refused).toBe(0);
  }, 60_000);
});
