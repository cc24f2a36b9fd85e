/**
 * What every reply of the judge must satisfy whatever it was sent: an answer (never nothing,
 * never the internal-error apology), short ASCII button data that fits Telegram once the owner
 * tag is added, and text that the Telegram adapter renders into messages Telegram accepts.
 */
import { expect } from "vitest";
import type { Reply } from "../../src/engine/types.js";
import { INTERNAL_ERROR } from "../../src/engine/judge.js";
import { encodeCallback } from "../../src/telegram/callback-data.js";
import { renderReply } from "../../src/telegram/render.js";
import { telegramWouldRefuse } from "../faults/limits.js";

// the largest user id the owner tag can carry: the worst case for the 64-byte budget
const BIG_OWNER = 2 ** 52;

export function expectSoundReplies(replies: readonly Reply[], citationLabel: (id: string) => string | undefined): void {
  expect(replies.length).toBeGreaterThan(0);
  for (const reply of replies) {
    expect(typeof reply.text).toBe("string");
    expect(reply.text.trim().length + reply.citations.length).toBeGreaterThan(0);
    expect(reply.text).not.toBe(INTERNAL_ERROR);
    for (const row of reply.buttons) {
      for (const b of row) {
        expect(b.label.trim().length).toBeGreaterThan(0);
        expect(b.data).toMatch(/^[\x21-\x7e]{1,40}$/);
        expect(Buffer.byteLength(encodeCallback(BIG_OWNER, b.data))).toBeLessThanOrEqual(64);
      }
    }
    for (const m of renderReply(reply, { owner: BIG_OWNER, citationLabel })) {
      const call = { method: "sendMessage", payload: { chat_id: 1, text: m.html, parse_mode: "HTML", reply_markup: m.keyboard } };
      expect(telegramWouldRefuse(call)).toEqual([]);
    }
  }
}
