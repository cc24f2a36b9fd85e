import { beforeAll, describe, expect, it } from "vitest";
import { loadKnowledge } from "../../src/knowledge/load.js";
import { analyse, compileLexicon, conceptTerm, type Lexicon } from "../../src/search/analyze.js";

let lex: Lexicon;
beforeAll(() => {
  lex = compileLexicon(loadKnowledge().lexicon);
});

describe("analyse", () => {
  it("takes the longer of a synonym and a stopword phrase at one place", () => {
    const bidWord = conceptTerm("ненормативный");
    // «дальше» said in the bidding instead of «пас» is a non-normative bid…
    expect(analyse(lex, "в торговле он вместо паса говорит дальше").terms).toContain(bidWord);
    // …«дальше что?» after the story is the player's question
    expect(analyse(lex, "объявил мизер вне очереди, дальше что").terms).not.toContain(bidWord);
    expect(analyse(lex, "сдатчик уронил карту, что дальше?").terms).not.toContain(bidWord);
  });
});
