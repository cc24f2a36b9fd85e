import { describe, expect, it } from "vitest";
import { impliedValues, toldBy } from "../../src/knowledge/fact-rules.js";
import { loadKnowledge } from "../../src/knowledge/load.js";

const { facts } = loadKnowledge();

describe("what knowledge/facts.yaml says a value settles", () => {
  it("tells: a level of six to ten is a game, a мизер the мизер level and back; a value that tells nothing, nothing", () => {
    expect(toldBy(facts, "level", "7")).toEqual({ game: "game" });
    expect(toldBy(facts, "game", "misere")).toEqual({ level: "misere" });
    expect(toldBy(facts, "level", "misere")).toEqual({ game: "misere" });
    expect(toldBy(facts, "game", "allpass")).toEqual({});
    expect(toldBy(facts, "no_such_fact", "x")).toEqual({});
  });

  it("implies: a declarer plays a game or a мизер, never распасы; of a dealer it says nothing", () => {
    expect(impliedValues(facts, "offender", "declarer", "game")).toEqual(["game", "misere"]);
    expect(impliedValues(facts, "offender", "dealer", "game")).toBeUndefined();
  });
});
