/** Points in the гора and the words around them. */
import { describe, expect, it } from "vitest";
import { actionLine, num, pointsLine, TRICK_PRICE, tricksAcc, tricksGen, tricksWord } from "../../src/engine/penalties.js";
import { real } from "./setup.js";

const { k } = real();

describe("the price of a trick", () => {
  it("is 6 = 2, 7 = 4, 8 = 6, 9 = 8, 10 = 10, мизер = 10", () => {
    expect(TRICK_PRICE).toEqual({ "6": 2, "7": 4, "8": 6, "9": 8, "10": 10, misere: 10 });
    // every level a player can answer has a price
    for (const level of Object.keys(k.facts.get("level")!.values)) expect(TRICK_PRICE[level]).toBeGreaterThan(0);
  });

  it("shows the arithmetic", () => {
    expect(pointsLine(k, { kind: "tricks", tricks: 1 }, "7")).toBe("1 взятка × 4 (семерная) = 4 в гору.");
    expect(pointsLine(k, { kind: "tricks", tricks: 0.5 }, "10")).toBe("0,5 взятки × 10 (десятерная) = 5 в гору.");
    expect(pointsLine(k, { kind: "tricks", tricks: 2 }, "misere")).toBe("2 взятки × 10 (мизер) = 20 в гору.");
    expect(pointsLine(k, { kind: "remiz", tricks: 2 }, "8")).toContain("ремиз без 2: 2 взятки × 6 (восьмерная) = 12 в гору");
    expect(pointsLine(k, { kind: "remiz", tricks: "all" }, "7")).toContain("ремиз без всех: 7 взяток × 4 (семерная) = 28 в гору");
  });

  it("without a level, gives the count and leaves the price to the list", () => {
    expect(pointsLine(k, { kind: "tricks", tricks: 1 }, undefined)).toBe("1 взятка × цена взятки по уровню игры.");
    expect(pointsLine(k, { kind: "redeal" }, "7")).toBeNull();
  });
});

describe("Russian number agreement", () => {
  it("взятка / взятки / взяток", () => {
    expect([1, 2, 4, 5, 11, 12, 21, 22, 25, 0.5].map(tricksWord)).toEqual([
      "взятка",
      "взятки",
      "взятки",
      "взяток",
      "взяток",
      "взяток",
      "взятка",
      "взятки",
      "взяток",
      "взятки",
    ]);
    expect([1, 2, 5, 0.5].map(tricksAcc)).toEqual(["взятку", "взятки", "взяток", "взятки"]);
    expect([1, 2, 5, 0.5].map(tricksGen)).toEqual(["взятки", "взяток", "взяток", "взятки"]);
    expect(num(0.5)).toBe("0,5");
  });
});

describe("what to do at the table", () => {
  it("one line per kind of penalty, naming the offender", () => {
    expect(actionLine({ kind: "redeal" }, "Сдающий")).toBe("Пересдать.");
    expect(actionLine({ kind: "mountain", points: 2 }, "Сдающий")).toBe("Сдающий записывает себе 2 в гору.");
    expect(actionLine({ kind: "mountain", points: 4, per: "5 минут опоздания" }, "Нарушитель", 12)).toContain("2 × 4 = 8");
    expect(actionLine({ kind: "tricks", tricks: 1 }, "Вистующий")).toContain("штраф в гору на 1 взятку");
    expect(actionLine({ kind: "open_card" }, "Нарушитель")).toContain("Карта становится открытой");
    expect(actionLine({ kind: "whists", share: 0.5 }, "Нарушитель")).toContain("50%");
    expect(actionLine({ kind: "takes_tricks", tricks: "remaining" }, "Нарушитель")).toContain("Все оставшиеся взятки");
  });
});
