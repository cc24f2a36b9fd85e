/**
 * The outgoing throttle (src/telegram/outgoing-throttle.ts) on a fake clock: a chat gets a burst
 * and then one message a second, a group at most 20 a minute with no sender taking more than his
 * share, all chats together at most 30 a second, and a 429 holds its chat for its retry_after.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { outgoingThrottle, senderTransformer, TELEGRAM_LIMITS } from "../../src/telegram/outgoing-throttle.js";

type Prev = Parameters<ReturnType<typeof outgoingThrottle>["transformer"]>[0];

function harness(answer: (method: string, payload: Record<string, unknown>) => unknown = () => ({ ok: true, result: true })) {
  const { transformer } = outgoingThrottle(TELEGRAM_LIMITS);
  const sent: { at: number; chat: unknown; text: unknown }[] = [];
  const prev = (async (method: string, payload: Record<string, unknown>) => {
    sent.push({ at: Date.now(), chat: payload.chat_id, text: payload.text });
    return answer(method, payload);
  }) as unknown as Prev;
  const send = (chat_id: number, text = "x", sender?: number): Promise<unknown> =>
    senderTransformer(sender)((m, p, s) => transformer(prev, m, p, s), "sendMessage", { chat_id, text });
  return { sent, send, transformer, prev };
}

describe("outgoingThrottle", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets a burst of 5 into a chat, then one message a second, in order", async () => {
    const { sent, send } = harness();
    const all = Array.from({ length: 8 }, (_, i) => send(42, `m${i}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(3000);
    await Promise.all(all);
    expect(sent.map((s) => s.text)).toEqual(["m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7"]);
    expect(sent.slice(5).map((s) => s.at - sent[0]!.at)).toEqual([1000, 2000, 3000]);
  });

  it("sends at most 30 a second over all chats", async () => {
    const { sent, send } = harness();
    const all = Array.from({ length: 45 }, (_, i) => send(1000 + i));
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(30);
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(all);
    expect(sent).toHaveLength(45);
  });

  it("keeps a group to 20 a minute, and a flooder to his share while another member goes first", async () => {
    const { sent, send } = harness();
    const flood = Array.from({ length: 15 }, (_, i) => send(-100, `flood${i}`, 1));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent).toHaveLength(10); // the flooder's share of the minute
    const other = send(-100, "other", 2);
    await vi.advanceTimersByTimeAsync(1000);
    await other;
    expect(sent.at(-1)!.text).toBe("other");
    await vi.advanceTimersByTimeAsync(120_000);
    await Promise.all(flood);
    const times = sent.map((s) => s.at);
    for (let i = 20; i < times.length; i++) expect(times[i]! - times[i - 20]!).toBeGreaterThanOrEqual(60_000);
    for (let i = 10; i < sent.length; i++) {
      const own = sent.slice(0, i + 1).filter((s) => String(s.text).startsWith("flood"));
      const lastMinute = own.filter((s) => s.at > sent[i]!.at - 60_000);
      expect(lastMinute.length).toBeLessThanOrEqual(10);
    }
  });

  it("holds a chat for the retry_after of a 429, and leaves the answers to presses alone", async () => {
    let refuse = true;
    const { sent, send, transformer, prev } = harness(() =>
      refuse
        ? { ok: false, error_code: 429, description: "Too Many Requests", parameters: { retry_after: 30 } }
        : { ok: true, result: true },
    );
    await send(7);
    refuse = false;
    const next = send(7);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(sent).toHaveLength(1);
    await transformer(prev, "answerCallbackQuery", { callback_query_id: "q" });
    expect(sent).toHaveLength(2); // not held
    await vi.advanceTimersByTimeAsync(1000);
    await next;
    expect(sent).toHaveLength(3);
  });
});
