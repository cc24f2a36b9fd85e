/**
 * Over every clause of the loaded knowledge (all 62): every clause reaches a verdict, every case
 * is reachable through the dialog, no question is asked twice, at most 3 questions once the
 * clause is chosen, and every button fits its byte budget.
 */
import { describe, expect, it } from "vitest";
import { MAX_DATA_BYTES } from "../../src/engine/buttons.js";
import { compatible, signature } from "../../src/engine/cases.js";
import { MAX_QUESTIONS } from "../../src/engine/dialog.js";
import { createJudge } from "../../src/engine/judge.js";
import type { Reply } from "../../src/engine/types.js";
import type { Case, Clause } from "../../src/knowledge/types.js";
import { answerTowards, say, walkTo } from "./drive.js";
import { describeAs, factMatcher } from "./fact-matcher.js";
import { real } from "./setup.js";

const { k, judge } = real();
const all: [string, Clause, Case][] = k.clauses.flatMap((c) =>
  c.cases.map((cs) => [`${c.id} / ${cs.id}`, c, cs] as [string, Clause, Case]),
);

function sameVerdict(clause: Clause, got: string, want: Case): boolean {
  const c = clause.cases.find((x) => x.id === got);
  return !!c && signature(c) === signature(want);
}

/** The clause that rules a case: another clause of the document where this one yields it (`yields`). */
function rulingClause(clause: Clause, target: Case): string {
  return clause.yields.find((y) => y.cases.includes(target.id))?.to ?? clause.id;
}

function checkButtons(replies: readonly Reply[]): void {
  for (const r of replies) {
    for (const b of r.buttons.flat()) {
      expect(Buffer.byteLength(b.data, "utf8")).toBeLessThanOrEqual(MAX_DATA_BYTES);
      expect(b.data).toMatch(/^[\x21-\x7e]+$/);
      expect(b.label.trim()).not.toBe("");
    }
  }
}

describe("every clause and case, through «Применить к случаю» and the buttons", () => {
  it("covers the whole knowledge base", () => {
    expect(k.clauses.length).toBeGreaterThanOrEqual(62);
  });

  // a narrow exception (`told_only`) is never asked for: the description states it (below)
  it.each(all.filter(([, , c]) => !c.told_only))("%s", (_name, clause, target) => {
    const walk = walkTo(judge, k, clause, target);
    const v = walk.verdict.verdict;
    const rules = rulingClause(clause, target);
    expect(v?.clause).toBe(rules);
    expect(walk.verdict.citations).toContain(rules);
    expect(walk.verdict.share?.split(" ")[0]).toBe(rules);
    expect(new Set(walk.asked).size).toBe(walk.asked.length);
    // a yielded case is asked by two clauses, each within its own budget
    expect(walk.asked.length).toBeLessThanOrEqual(rules === clause.id ? MAX_QUESTIONS : 2 * MAX_QUESTIONS);
    // The judge plans its questions: every case gets a plain verdict within the limit.
    expect(v?.cases).toBeUndefined();
    if (rules === clause.id) expect(sameVerdict(clause, v!.case, target)).toBe(true);
    checkButtons(walk.seen);
  });
});

describe("every case, when the description states what the questions cannot reach", () => {
  // The description's facts come through a matcher that reads them as data; the real
  // matcher's reading of Russian is tested in test/search.
  const scripted = createJudge(k, factMatcher);

  it.each(all)("%s", (_name, clause, target) => {
    // State all but the last three of the case's conditions, as a player's description would (all of a narrow exception's).
    const facts: Record<string, string> = {};
    const conditions = Object.entries(target.when);
    for (const [f, values] of conditions.slice(0, target.told_only ? conditions.length : Math.max(0, conditions.length - MAX_QUESTIONS))) {
      facts[f] = values.find((v) => compatible(facts, f, v, k)) ?? values[0]!;
    }
    const start = say(scripted, scripted.initial("both"), describeAs(clause.id, facts));
    const walk = answerTowards(scripted, k, start, target);
    const v = walk.verdict.verdict;
    const rules = rulingClause(clause, target);
    expect(v?.clause).toBe(rules);
    expect(v?.cases).toBeUndefined();
    if (rules === clause.id) expect(sameVerdict(clause, v!.case, target)).toBe(true);
    // never asks what the description said, never asks twice, never more than three
    for (const f of Object.keys(facts)) expect(walk.asked).not.toContain(f);
    expect(new Set(walk.asked).size).toBe(walk.asked.length);
    // a yielded case is asked by two clauses, each within its own budget
    expect(walk.asked.length).toBeLessThanOrEqual(rules === clause.id ? MAX_QUESTIONS : 2 * MAX_QUESTIONS);
  });
});

describe("the level for points", () => {
  it("is asked only for trick penalties, and then the verdict shows the arithmetic", () => {
    let withLevel = 0;
    for (const [, clause, target] of all.filter(([, , c]) => !c.told_only)) {
      const walk = walkTo(judge, k, clause, target);
      if (!walk.asked.includes("level")) continue;
      withLevel++;
      expect(target.penalties.some((p) => p.kind === "tricks" || p.kind === "remiz")).toBe(true);
      // a total, or (tricks the play decides added: 10.3.2, Zinin 3.1, 10.4.2 proven) the formula without one
      expect(walk.verdict.text).toMatch(/× \d+ \([а-я]+\) (= [\d,]+ )?в гору/);
    }
    expect(withLevel).toBeGreaterThan(0);
  });
});
