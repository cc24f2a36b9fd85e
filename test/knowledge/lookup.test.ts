import { describe, expect, it } from "vitest";
import { loadKnowledge } from "../../src/knowledge/load.js";
import { lookupClause, parseClauseRef } from "../../src/knowledge/lookup.js";

const k = loadKnowledge();
const found = (q: string): string | undefined => {
  const r = lookupClause(k, q);
  return r?.kind === "found" ? r.clause.id : undefined;
};

describe("look-up by number", () => {
  it.each([
    ["fspr-10.4.6", "fspr-10.4.6"],
    ["10.4.6", "fspr-10.4.6"],
    ["п. 10.4.6", "fspr-10.4.6"],
    ["пункт 10.4.6", "fspr-10.4.6"],
    ["что в 10.4.6?", "fspr-10.4.6"],
    ["пункт 6 раздела 10.4", "fspr-10.4.6"],
    ["Зинин 4.5", "zinin-4.5"],
    ["4.5 по Зинину", "zinin-4.5"],
    ["таблица Зинина 1.12", "zinin-1.12"],
    ["zinin-1.6", "zinin-1.6"],
    ["ФСПР 4.6", "fspr-10.4.6"],
    ["10.1.1", "fspr-10.1.1"],
  ])("%s -> %s", (query, id) => {
    expect(found(query)).toBe(id);
  });

  it("is exact: 10.4.1 is never 10.4.16, 1.1 never 1.12", () => {
    expect(found("10.4.1")).toBe("fspr-10.4.1");
    expect(found("10.4.16")).toBe("fspr-10.4.16");
    expect(found("Зинин 1.1")).toBe("zinin-1.1");
    expect(found("Зинин 1.12")).toBe("zinin-1.12");
  });

  it("says which numbers exist near an unknown one", () => {
    const r = lookupClause(k, "10.4.30");
    expect(r?.kind).toBe("unknown");
    if (r?.kind !== "unknown") return;
    expect(r.near.length).toBeGreaterThan(0);
    expect(r.near.every((c) => c.number.startsWith("10.4."))).toBe(true);
    const z = lookupClause(k, "Зинин 5.1");
    expect(z?.kind).toBe("unknown");
  });

  it("finds no number in a plain description", () => {
    expect(parseClauseRef("сдатчик засветил карту, что делать")).toBeNull();
    expect(parseClauseRef("опоздал на 15 минут")).toBeNull();
  });
});
