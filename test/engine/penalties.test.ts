/** Points under a named convention, the minutes of lateness, and the words around them. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { levelFacts, minutesLine, num, pointsLine, tricksAcc, tricksGen, tricksWord } from "../../src/engine/penalties.js";
import { real } from "./setup.js";

const { k } = real();

describe("points are a convention, named in every line", () => {
  it("Сочи is the default, and every level a player can answer has a price in each counting convention", () => {
    expect(k.defaultConvention).toBe("sochi");
    expect([...k.conventions.keys()]).toEqual(["sochi", "leningrad", "rostov", "none"]);
    for (const [id, conv] of k.conventions) {
      if (id === "none") expect(conv.prices).toBeUndefined();
      else for (const level of Object.keys(k.facts.get("level")!.values)) expect(conv.prices?.[level], `${id} ${level}`).toBeGreaterThan(0);
    }
  });

  it("shows the arithmetic with its label, only for a penalty the document sends to the гора", () => {
    const gora = { kind: "tricks", tricks: 1, mountain: true, level: "played" } as const;
    expect(pointsLine(k, [gora], { level: "7" }, "sochi")).toBe(
      "По ценам «Сочи»; в документе цен нет: 1 взятка × 4 (семерная) = 4 в гору.",
    );
    expect(pointsLine(k, [{ ...gora, tricks: 0.5 }], { level: "10" }, undefined)).toContain("0,5 взятки × 10 (десятерная) = 5 в гору");
    // «штраф на 1 взятку» with no «в гору», or with no level named: no points
    expect(pointsLine(k, [{ kind: "tricks", tricks: 1, level: "unstated" }], { level: "7" }, "sochi")).toBeNull();
    expect(pointsLine(k, [{ kind: "tricks", tricks: 1, mountain: true, level: "unstated" }], { level: "7" }, "sochi")).toBeNull();
    // a defender's «без двух на висте»: what it costs the documents do not say
    expect(pointsLine(k, [{ kind: "remiz", tricks: 2, on: "whist" }], { level: "7" }, "sochi")).toBeNull();
    expect(pointsLine(k, [{ kind: "redeal" }], { level: "7" }, "sochi")).toBeNull();
  });

  it("prices no ремиз the document does not send «в гору»: where a ремиз is written is the score sheet's rule", () => {
    expect(pointsLine(k, [{ kind: "remiz", tricks: 2 }], { level: "8" }, "sochi")).toBeNull();
    expect(pointsLine(k, [{ kind: "remiz", tricks: "all", level: "reached" }], { level: "6", bid_level: "7" }, "sochi")).toBeNull();
    expect(levelFacts([{ kind: "remiz", tricks: 2 }])).toEqual([]);
  });

  it("counts a ремиз sent «в гору» on the level it names, doubled in Ленинград, and nothing without a convention", () => {
    expect(pointsLine(k, [{ kind: "remiz", tricks: 2, mountain: true }], { level: "8" }, "sochi")).toContain(
      "ремиз без 2 на игре: 2 взятки × 6 (восьмерная) = 12 в гору",
    );
    expect(pointsLine(k, [{ kind: "remiz", tricks: 2, mountain: true }], { level: "8" }, "leningrad")).toContain(
      "2 взятки × 6 (восьмерная) × 2 = 24 в гору",
    );
    expect(pointsLine(k, [{ kind: "remiz", tricks: 2, mountain: true }], { level: "8" }, "leningrad")).toContain(
      "«Ленинград» (ремиз пишется вдвое)",
    );
    // «без всех в той игре, до которой он дошёл в торговле»: the bidding's level, not the contract's
    const all = { kind: "remiz", tricks: "all", level: "reached", mountain: true } as const;
    expect(pointsLine(k, [all], { level: "6", bid_level: "7" }, "sochi")).toContain("7 взяток × 4 (семерная) = 28 в гору");
    expect(pointsLine(k, [{ kind: "remiz", tricks: 2, mountain: true }], { level: "8" }, "none")).toBeNull();
  });

  it("adds the tricks a ремиз adds: a stated number in the total, the play's shortfall as a formula with no total", () => {
    expect(pointsLine(k, [{ kind: "remiz", tricks: 2, plus: 2, mountain: true }], { level: "8" }, "sochi")).toContain(
      "ремиз без 2 и плюс ещё без 2 на игре: 4 взятки × 6 (восьмерная) = 24 в гору",
    );
    const short = { kind: "remiz", tricks: 2, added_to: "взятки, что не досчитался разыгрывающий", mountain: true } as const;
    expect(pointsLine(k, [short], { level: "7" }, "leningrad")).toContain(
      "ремиз на игре: (2 штрафные взятки + взятки, что не досчитался разыгрывающий) × 4 (семерная) × 2 в гору.",
    );
    expect(pointsLine(k, [short], {}, "sochi")).toContain(
      "(2 штрафные взятки + взятки, что не досчитался разыгрывающий) × цена взятки (шестерная 2",
    );
  });

  it("without a level, gives the count and the prices of the convention", () => {
    const line = pointsLine(k, [{ kind: "tricks", tricks: 1, mountain: true, level: "played" }], {}, "sochi");
    expect(line).toContain("1 взятка × цена взятки (шестерная 2, семерная 4");
  });

  it("keeps prices out of the engine's code", () => {
    const code = readFileSync(fileURLToPath(new URL("../../src/engine/penalties.ts", import.meta.url)), "utf8");
    expect(code).not.toMatch(/["']?6["']?\s*:\s*2\b/);
    expect(code).not.toMatch(/Ленинград|Сочи|Ростов/);
  });
});

describe("minutes of lateness: the document's own points", () => {
  it("4 в гору for every full 5 minutes, and says that a part is not defined", () => {
    const per = { kind: "mountain", points: 4, per: "5 минут опоздания" } as const;
    expect(minutesLine([per], 10)).toBe("10 мин.: 2 × 4 = 8 в гору (по 4 за каждые полные 5 минут).");
    // both counts of a part of 5 minutes, neither chosen (audit Q)
    expect(minutesLine([per], 12)).toBe(
      "12 мин.: 2 × 4 = 8 в гору (по 4 за каждые полные 5 минут; если считать и начатые 5 минут — 3 × 4 = 12; как считать неполные, кодекс не говорит).",
    );
    expect(minutesLine([per], undefined)).toBeNull();
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
