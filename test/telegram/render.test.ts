import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCallback, encodeCallback } from "../../src/telegram/callback-data.js";
import { escapeHtml } from "../../src/telegram/html.js";
import type { Reply } from "../../src/engine/index.js";
import { renderReply } from "../../src/telegram/render.js";
import { MESSAGE_LIMIT, splitText } from "../../src/telegram/split.js";
import { parseTelegramHtml } from "../e2e/telegram-html.js";

const label = (id: string): string | undefined => (id === "fspr-10.4.6" ? "ФСПР 10.4.6 «Фальшренонс»" : undefined);

describe("HTML escaping and rendering", () => {
  it("escapes every piece of text so Telegram parses it back to the same words", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        expect(parseTelegramHtml(escapeHtml(text))).toBe(text);
      }),
    );
  });

  it("adds the citation as a closing line, once, and not when the text already says it", () => {
    const [m] = renderReply(
      { text: "Карта <открытая> & штраф", buttons: [], citations: ["fspr-10.4.6", "fspr-10.4.6"] },
      { owner: 1, citationLabel: label },
    );
    expect(m!.html).toBe("Карта &lt;открытая&gt; &amp; штраф\n\n📖 <i>ФСПР 10.4.6 «Фальшренонс»</i>");
    const [again] = renderReply(
      { text: "ФСПР 10.4.6 «Фальшренонс»\nтекст", buttons: [], citations: ["fspr-10.4.6"] },
      { owner: 1, citationLabel: label },
    );
    expect(again!.html).not.toContain("📖");
  });

  it("tags button data with the owner and adds «Поделиться» as switch_inline_query", () => {
    const [m] = renderReply(
      { text: "Вопрос?", buttons: [[{ label: "Да", data: "ab12:3:a:yes" }], []], citations: [], share: "fspr-10.4.6" },
      { owner: 123456789, citationLabel: label },
    );
    const rows = m!.keyboard!.inline_keyboard;
    expect(rows).toHaveLength(2);
    const data = (rows[0]![0] as { callback_data: string }).callback_data;
    expect(decodeCallback(data)).toEqual({ owner: 123456789, data: "ab12:3:a:yes" });
    expect(rows[1]![0]).toEqual({ text: "Поделиться", switch_inline_query: "fspr-10.4.6" });
  });

  it("splits a long reply at paragraphs into messages Telegram accepts, keyboard on the last", () => {
    const para = (i: number) => `Абзац ${i}: ${"взятка & <снос> ".repeat(40)}`;
    const text = Array.from({ length: 20 }, (_, i) => para(i)).join("\n\n");
    const messages = renderReply(
      { text, buttons: [[{ label: "Новый случай", data: "x:n" }]], citations: ["fspr-10.4.6"] },
      { owner: 5, citationLabel: label },
    );
    expect(messages.length).toBeGreaterThan(1);
    messages.forEach((m, i) => {
      const visible = parseTelegramHtml(m.html);
      expect(visible.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
      expect(m.keyboard === undefined).toBe(i < messages.length - 1);
      // every piece starts at a paragraph
      expect(visible).toMatch(/^Абзац \d+/);
    });
    expect(parseTelegramHtml(messages.at(-1)!.html)).toMatch(/📖 ФСПР 10\.4\.6/);
  });
});

describe("a ruling", () => {
  const ruling: Reply = {
    text: "Решение: вистующий получает штраф в гору на 1 взятку.\nОчки: 1 взятка × 4 (семерная) = 4 в гору",
    details: "Что сказано: «…» & <снос>\nРасхождение: у Зинина иначе.",
    facts: [
      { fact: "offender", value: "defender", label: "Кто допустил ошибку: вистующий", source: "answer" },
      { fact: "game", value: "game", label: "Что играли: игру", source: "text" },
      { fact: "phase", value: "play", label: "Когда это случилось: в розыгрыше", source: "assumed" },
    ],
    buttons: [[{ label: "Новый случай", data: "ab:1:n" }]],
    citations: ["fspr-10.4.6"],
    verdict: { clause: "fspr-10.4.6", case: "x" },
  };

  it("is one message: bold labels, the facts with their sources, the details folded, the citation", () => {
    const [m, more] = renderReply(ruling, { owner: 1, citationLabel: label, answeredBy: ["Вера"] });
    expect(more).toBeUndefined();
    expect(m!.html).toContain("<b>Решение:</b> вистующий");
    expect(m!.html).toContain("<b>Очки:</b> 1 взятка");
    expect(m!.html).toContain("<b>Исходя из:</b> Кто допустил ошибку: вистующий <i>(ответ)</i>; Что играли: игру <i>(из сообщения)</i>");
    expect(m!.html).toContain("<i>(предположение)</i>");
    expect(m!.html).toMatch(/<blockquote expandable>[^]*&amp; &lt;снос&gt;[^]*<\/blockquote>/);
    expect(m!.html).toContain("Отвечал(а) за спросившего: Вера");
    const visible = parseTelegramHtml(m!.html);
    expect(visible).toMatch(/📖 ФСПР 10\.4\.6/);
    expect(visible.indexOf("Исходя из")).toBeLessThan(visible.indexOf("Что сказано"));
  });

  it("cuts the folded details to stay within 4096 characters, the short part whole", () => {
    const long = { ...ruling, details: Array.from({ length: 80 }, (_, i) => `Абзац ${i}: ${"слово & <снос> ".repeat(10)}`).join("\n\n") };
    const [m] = renderReply(long, { owner: 1, citationLabel: label });
    const visible = parseTelegramHtml(m!.html);
    expect(visible.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    expect(visible.length).toBeGreaterThan(MESSAGE_LIMIT - 400);
    expect(visible).toContain("Решение: вистующий получает штраф в гору на 1 взятку.");
    expect(visible).toMatch(/📖 ФСПР 10\.4\.6 «Фальшренонс»$/);
  });
});

describe("splitting", () => {
  it("never loses text and keeps every piece within the limit (paragraphs, lines, words, long words)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("\n\n", "\n", " ", "x".repeat(70))), { maxLength: 60 }),
        fc.integer({ min: 10, max: 80 }),
        (parts, limit) => {
          const text = parts.join("");
          const pieces = splitText(text, limit);
          for (const p of pieces) expect(p.length).toBeLessThanOrEqual(limit);
          expect(pieces.join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
        },
      ),
    );
  });

  it("prefers the paragraph boundary", () => {
    expect(splitText("один два\n\nтри четыре", 12)).toEqual(["один два", "три четыре"]);
  });
});

describe("callback data codec", () => {
  it("round-trips any owner and judge data within 64 bytes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 46 }),
        fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789:_-.".split("")), minLength: 1, maxLength: 40 }),
        (owner, data) => {
          const encoded = encodeCallback(owner, data);
          expect(Buffer.byteLength(encoded)).toBeLessThanOrEqual(64);
          expect(decodeCallback(encoded)).toEqual({ owner, data });
        },
      ),
    );
  });

  it("reads untagged or forged data as having no owner", () => {
    expect(decodeCallback("no tag here")).toEqual({ owner: undefined, data: "no tag here" });
    expect(decodeCallback("0:x")).toEqual({ owner: undefined, data: "0:x" });
    expect(() => encodeCallback(1, "x".repeat(63))).toThrow(RangeError);
  });
});
