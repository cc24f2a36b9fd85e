import { beforeAll, describe, expect, it } from "vitest";
import { loadKnowledge } from "../../src/knowledge/load.js";
import { compileLexicon, conceptTerm, stemsOf, analyseTokens, type Lexicon } from "../../src/search/analyze.js";
import { createMatcher } from "../../src/search/matcher.js";
import { tokenize } from "../../src/search/normalize.js";
import { derivedTerms } from "../../src/search/signals.js";
import type { Matcher } from "../../src/search/types.js";

let lex: Lexicon;
let m: Matcher;
beforeAll(() => {
  const k = loadKnowledge();
  lex = compileLexicon(k.lexicon);
  m = createMatcher(k);
});

function derived(text: string): string[] {
  const tokens = tokenize(text);
  const stems = stemsOf(tokens);
  return derivedTerms(lex, tokens, stems, analyseTokens(lex, tokens, stems).terms, {});
}

const AGAINST_RULES = () => conceptTerm("невозможная игра");

describe("derived terms", () => {
  it("reads a contract below the bidding's level as one against the rules, in either order", () => {
    for (const text of [
      "доторговались до восьми, а заказал он семь бубен",
      "заказал 6 треф, хотя в торговле говорил семь",
      "торговался до девяти, а потом объявил мизер",
    ]) {
      expect(derived(text), text).toContain(AGAINST_RULES());
    }
  });

  it("leaves a contract at or above the bidding's level alone, and a мизер nobody bid before", () => {
    for (const text of [
      "торговались до семи, заказал семь пик",
      "в торговле было шесть, заказал восемь червей",
      "сразу объявил мизер, торговли не было",
      "заказал шесть пик и снёс не те карты",
    ]) {
      expect(derived(text), text).not.toContain(AGAINST_RULES());
    }
  });

  it("puts the contract clauses first for a contract below the bidding", () => {
    const r = m.match("доторговались до восьми, а заказал он семь бубен");
    expect(["fspr-10.3.2", "zinin-4.7"]).toContain(r.candidates[0]?.id);
  });
});
