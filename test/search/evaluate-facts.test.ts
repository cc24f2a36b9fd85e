/**
 * The facts evaluation, and floors on the two facts sets (test/search/facts-sets/, written blind
 * from the names of the facts and their values). The lexicon's fact cues were tuned on both sets, so
 * the floors are what they measure now: no more wrong reads, at most one agreeing read fewer.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadKnowledge } from "../../src/knowledge/load.js";
import type { Knowledge } from "../../src/knowledge/types.js";
import { evaluateFacts, parseFactsQueries, type FactsLabelledQuery } from "../../src/search/evaluate-facts.js";
import { createMatcher } from "../../src/search/matcher.js";
import type { Facts, Matcher } from "../../src/search/types.js";

const SETS = resolve(process.cwd(), "test/search/facts-sets");

/** a matcher that reads the facts given for each text */
function reading(byText: Readonly<Record<string, Facts>>): Matcher {
  return {
    match: (text) => ({ candidates: [], facts: byText[text] ?? {}, confidence: "none", byNumber: false, numbers: {} }),
  };
}

let k: Knowledge;
beforeAll(() => {
  k = loadKnowledge();
});

describe("parseFactsQueries", () => {
  it("reads the text and the labels, and ignores the search's fields", () => {
    const line = JSON.stringify({
      text: "сдатчик засветил",
      fspr: ["fspr-10.1.4"],
      zinin: [],
      kind: "incident",
      facts: { offender: "dealer" },
    });
    expect(parseFactsQueries(`${line}\n\n`, k.facts)).toEqual([{ text: "сдатчик засветил", facts: { offender: "dealer" } }]);
  });

  it("names the line of a label knowledge/facts.yaml does not define", () => {
    const ok = JSON.stringify({ text: "a", facts: {} });
    expect(() => parseFactsQueries(`${ok}\n${JSON.stringify({ text: "b", facts: { who: "dealer" } })}`, k.facts)).toThrow(
      /line 2: facts\.who: no such fact/,
    );
    expect(() => parseFactsQueries(JSON.stringify({ text: "b", facts: { offender: "judge" } }), k.facts)).toThrow(
      /line 1: facts\.offender: value "judge" is not defined/,
    );
    expect(() => parseFactsQueries(JSON.stringify({ text: "b", facts: { offender: 1 } }))).toThrow(/line 1: facts\.offender is a value id/);
  });
});

describe("evaluateFacts", () => {
  it("counts agreeing, wrong, unlabelled and unread facts, over the facts the set labels", () => {
    const queries: FactsLabelledQuery[] = [
      { text: "one", facts: { offender: "dealer", phase: "deal" } },
      { text: "two", facts: { offender: "defender" } },
    ];
    const f = evaluateFacts(
      reading({
        one: { offender: "dealer", phase: "play", late: "upto5" },
        two: { offender: "defender", phase: "bidding" },
      }),
      queries,
    );
    expect(f.compared).toEqual(["offender", "phase"]);
    expect({ labelled: f.labelled, read: f.read, agree: f.agree, wrong: f.wrong, unlabelled: f.unlabelled, notRead: f.notRead }).toEqual({
      labelled: 3,
      read: 4,
      agree: 2,
      wrong: 1,
      unlabelled: 1,
      notRead: 0,
    });
    expect(f.wrongReads).toEqual([{ text: "one", fact: "phase", read: "play", label: "deal" }]);
    expect(f.unlabelledReads).toEqual([{ text: "two", fact: "phase", read: "bidding" }]);
    expect(f.byFact.phase).toEqual({ labelled: 1, read: 2, agree: 0, wrong: 1, unlabelled: 1, notRead: 0 });
  });

  it("counts a labelled fact the matcher does not read as not read", () => {
    const f = evaluateFacts(reading({}), [{ text: "x", facts: { noticed: "later" } }]);
    expect(f.notRead).toBe(1);
    expect(f.read).toBe(0);
  });
});

describe("facts read by the bot's matcher on the facts sets", () => {
  const FLOORS = [
    // facts7-a: 154 agree / 4 wrong on 5710999, 154 / 3 after the facts fixes of issue #13 (agree floor kept), 154 / 2 after facts11's kinds
    // «в торговле» alone is where a thing happened, not when it was noticed (audit P, Zinin 4.7): no longer read as
    // «уже в торговле» — 152 / 2 (two right moments now asked, fewer assumed)
    { file: "facts7-a.jsonl", wrong: 2, agree: 153 },
    // facts7-b: 78 / 0 on 5710999, 77 / 0 after issue #13 (a role before «с прошлой пули возмущается» now competes), 79 / 0 after facts10's kinds
    // 81 / 1 after audit AW: «сам спохватился, пока взятку не перевернули» is read as the player's own fix (10.4.6's
    // own case, facts.yaml `refines`), where the writer's label says only «взятка не перевёрнута»
    { file: "facts7-b.jsonl", wrong: 1, agree: 81 },
    // facts8: first measured on ef47193 (292 read, 239 agree, 16 wrong), then tuned on: 245 / 10 after; 244 / 7 after issue #13; 246 / 7 after facts10's kinds;
    // 246 / 5 once «в торговле» is no moment
    { file: "facts8.jsonl", wrong: 5, agree: 246 },
    // facts9: written after those fixes, first measured on 00eeff0 (299 read, 246 agree, 9 wrong); tuned on
    // for issue #13: 286 read, 250 agree, 0 wrong; 294 / 257 / 0 after facts10's kinds
    // 258 / 0 once the teller's own role («я играл семь пик») tells the game (audit X)
    { file: "facts9.jsonl", wrong: 0, agree: 258 },
    // facts10: written after those (02.12), first measured on ad0952f (275 read, 243 agree, 10 wrong, 22 unlabelled);
    // then tuned on (a level's «на шести» is not «на шестой взятке», «заменил карту» is no replacement of a player,
    // «сам спохватился», «перед торговлей», «сдача ещё не закончилась», «в середине розыгрыша»): 271 / 245 / 3
    // 246 / 3 with the teller's role (audit X)
    { file: "facts10.jsonl", wrong: 3, agree: 246 },
    // facts11: written blind on 05.12, first measured on eba13f8 (175 read, 146 agree, 11 wrong, 18 unlabelled); then
    // tuned on (a negated or future bidding is no phase, a role that disputes the ruling is not the offender,
    // «уже сходили дальше»): 170 / 146 / 6; 160 / 144 / 3 once «в торговле» is no moment
    // 162 / 3 with the teller's role: «я играл шесть бубен», «я вистовал» tell the game (audit X)
    { file: "facts11.jsonl", wrong: 3, agree: 162 },
    // facts12: written blind on 05.12 after facts11's fixes, measured once on 543e832 (224 read, 193 agree, 7 wrong,
    // 24 unlabelled); not tuned on
    // 201 / 6 with the teller's role (audit X)
    { file: "facts12.jsonl", wrong: 6, agree: 201 },
    // facts13: written blind on 05.12 (after fresh6–11 joined the training), first measured on e9ca808 (397 read,
    // 348 agree, 12 wrong, 37 unlabelled); then tuned on («раз пятый», «которую сдачу подряд» are many times; «мне
    // можно торговаться?» and «розыгрыш ещё не начался» state no phase; «уже сходил следующую» is later; «тут же
    // сам» a self-fix; the round a прикуп was dealt on is the deal's phase): 391 / 350 / 4
    // 359 / 4 with the teller's role (audit X)
    { file: "facts13.jsonl", wrong: 4, agree: 359 },
  ] as const;
  for (const floor of FLOORS) {
    it(`${floor.file}: at most ${floor.wrong} wrong reads, at least ${floor.agree - 1} agreeing`, () => {
      const f = evaluateFacts(createMatcher(k), parseFactsQueries(readFileSync(resolve(SETS, floor.file), "utf8"), k.facts));
      console.log(
        `${floor.file}: read ${f.read}, agree ${f.agree}, wrong ${f.wrong}, unlabelled ${f.unlabelled}, not read ${f.notRead} of ${f.labelled}`,
      );
      expect(f.wrong).toBeLessThanOrEqual(floor.wrong);
      expect(f.agree).toBeGreaterThanOrEqual(floor.agree - 1);
    });
  }
});
