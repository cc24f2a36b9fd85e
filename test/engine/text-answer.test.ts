/** A typed answer to a question with buttons: the label, its head, its first words, a number, «не знаю». */
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../src/engine/state.js";
import { textAnswer } from "../../src/engine/text-answer.js";
import { real } from "./setup.js";

const { k } = real();
const trick = { fact: "trick_seen", values: ["last", "earlier"] };

describe("a typed answer", () => {
  it("is the whole label, its head before a bracket, or «не знаю»", () => {
    expect(textAnswer(k, trick, "Последнюю закрытую")).toBe("last");
    expect(textAnswer(k, trick, "не последнюю")).toBe("earlier");
    expect(textAnswer(k, trick, "Не знаю")).toBe(UNKNOWN);
  });

  it("is the label's first words when no other label starts with them", () => {
    expect(textAnswer(k, trick, "Последнюю")).toBe("last");
    expect(textAnswer(k, { fact: "level", values: ["6", "7", "misere"] }, "7")).toBe("7");
  });

  it("is the typed head when a comma follows it with the reason («нет, не доказали»)", () => {
    const proven = { fact: "proven", values: ["yes", "no"] };
    expect(textAnswer(k, proven, "нет, не доказали")).toBe("no");
    expect(textAnswer(k, proven, "Да, доказано")).toBe("yes");
  });

  it("is no answer when the words start two labels or none", () => {
    const bidForm = { fact: "contract_issue", values: ["against_rules", "refused"] };
    // both labels start «Контракт против правил»
    expect(textAnswer(k, bidForm, "Контракт против правил")).toBeNull();
    expect(textAnswer(k, trick, "последнюю взятку соседа посмотрели")).toBeNull();
  });
});
