/**
 * A repeat offence asked about a judges' log's earlier cases: the judge's own question flags
 * itself (`asksRepeat`); given the log's case numbers it becomes «Это тот же игрок, что в случае
 * №N?», whose «да» rules the repeat and «нет» the first offence, each fact naming the case; with
 * no earlier case the judge asks as before.
 */
import { describe, expect, it } from "vitest";
import { decode } from "../../src/engine/buttons.js";
import { createJudge } from "../../src/engine/judge.js";
import type { Reply } from "../../src/engine/types.js";
import { find, last, press, say, type Turn } from "./drive.js";
import { describeAs, factMatcher } from "./fact-matcher.js";
import { real } from "./setup.js";

const { k } = real();
const judge = createJudge(k, factMatcher);
const CLAUSE = "fspr-10.3.1"; // a non-normative bid: its one question left is whether the offence is a repeat

const asked = (): Turn => say(judge, judge.initial(), describeAs(CLAUSE, { bid_form: "non_normative" }));
const withEarlier = (turn: Turn, cases: readonly number[]): Turn => judge.step(turn.state, { kind: "earlierCases", clause: CLAUSE, cases });
const labels = (reply: Reply): string[] => reply.buttons.flat().map((b) => b.label);
const byLabel = (reply: Reply, label: string): string => reply.buttons.flat().find((b) => b.label === label)!.data;
const repeatFact = (reply: Reply) => reply.facts?.find((f) => f.fact === "repeat");

describe("the repeat question and a judges' log's earlier cases", () => {
  it("the knowledge has the fact and the values the log's question answers with", () => {
    expect(Object.keys(k.facts.get("repeat")?.values ?? {})).toEqual(expect.arrayContaining(["first", "repeated"]));
  });

  it("the judge's own question says it is the repeat one, for an adapter's log", () => {
    const question = last(asked());
    expect(question.asksRepeat).toBe(CLAUSE);
    expect(question.text).toMatch(/впервые\?/);
    expect(labels(question)).toContain("Повторно");
  });

  it("with earlier cases it asks about them, newest first, and «да» rules the repeat of the case pressed", () => {
    const before = asked();
    const turn = withEarlier(before, [7, 4]);
    const question = last(turn);
    expect(question.text).toContain("Это тот же игрок, что в случае №7? Раньше в турнире по этому пункту также: №4.");
    expect(question.asksRepeat).toBeUndefined();
    expect(labels(question)).toEqual(["Да, как в №7", "Да, как в №4", "Нет, другой игрок", "Не знаю"]);
    // the same version: the question is the same one, only worded about the log
    expect(decode(byLabel(question, "Не знаю"))!.t).toBe(decode(find(last(before), "u")!)!.t);

    const ruling = last(press(judge, turn.state, byLabel(question, "Да, как в №4")));
    expect(ruling.verdict).toEqual({ clause: CLAUSE, case: "repeated" });
    expect(repeatFact(ruling)).toMatchObject({ value: "repeated", source: "answer", sameAsCase: 4 });
    expect(repeatFact(ruling)!.label).toMatch(/повторно — тот же игрок, что в случае №4$/);
  });

  it("«нет» rules the first offence, the fact naming the cases it is not", () => {
    const question = last(withEarlier(asked(), [7, 4]));
    const ruling = last(press(judge, withEarlier(asked(), [7, 4]).state, byLabel(question, "Нет, другой игрок")));
    expect(ruling.verdict).toEqual({ clause: CLAUSE, case: "first" });
    expect(repeatFact(ruling)).toMatchObject({ value: "first", source: "answer" });
    expect(repeatFact(ruling)!.sameAsCase).toBeUndefined();
    expect(repeatFact(ruling)!.label).toMatch(/впервые — не тот игрок, что в случаях №7, №4$/);
  });

  it("takes a typed «да» (the newest case) or «нет»", () => {
    const turn = withEarlier(asked(), [9]);
    expect(repeatFact(last(say(judge, turn.state, "да")))).toMatchObject({ value: "repeated", sameAsCase: 9 });
    expect(last(say(judge, turn.state, "нет, другой")).verdict?.case).toBe("first");
  });

  it("asks the log's question again when the fact is changed from the ruling", () => {
    const turn = withEarlier(asked(), [3]);
    const ruling = press(judge, turn.state, byLabel(last(turn), "Нет, другой игрок"));
    const change = last(press(judge, ruling.state, find(last(ruling), "f", "repeat")!));
    expect(change.text).toContain("Это тот же игрок, что в случае №3?");
    expect(last(press(judge, ruling.state, find(last(ruling), "f", "repeat")!)).asksRepeat).toBeUndefined();
  });

  it("with no earlier case asks as before; cases for another question change nothing", () => {
    const turn = asked();
    expect(last(withEarlier(turn, []))).toMatchObject({ asksRepeat: CLAUSE, text: last(turn).text });
    expect(last(withEarlier(turn, [0, -1, 1.5]))).toMatchObject({ asksRepeat: CLAUSE });
    const other = judge.step(turn.state, { kind: "earlierCases", clause: "fspr-10.4.6", cases: [2] });
    expect(last(other).popup).toBe(true);
    expect(other.state).toEqual(turn.state);
    // a ruling without the question is not asked about
    const idle = judge.step(judge.initial(), { kind: "earlierCases", clause: CLAUSE, cases: [2] });
    expect(last(idle).popup).toBe(true);
  });

  it("keeps «Многократно» where the clause rules it apart (fspr-10.4.13), and only there", () => {
    const start = say(judge, judge.initial(), describeAs("fspr-10.4.13", { intent: "no" }));
    expect(last(start).asksRepeat).toBe("fspr-10.4.13");
    const question = last(judge.step(start.state, { kind: "earlierCases", clause: "fspr-10.4.13", cases: [6] }));
    expect(labels(question)).toEqual(["Да, как в №6", "Нет, другой игрок", "Многократно", "Не знаю"]);
    const turn = judge.step(start.state, { kind: "earlierCases", clause: "fspr-10.4.13", cases: [6] });
    expect(last(press(judge, turn.state, byLabel(question, "Многократно"))).verdict).toEqual({ clause: "fspr-10.4.13", case: "many" });
    expect(labels(last(withEarlier(asked(), [6])))).not.toContain("Многократно");
  });

  it("a new case forgets the earlier cases", () => {
    const turn = withEarlier(asked(), [5]);
    const fresh = say(judge, turn.state, describeAs(CLAUSE, { bid_form: "non_normative" }));
    expect(last(fresh).asksRepeat).toBe(CLAUSE);
  });
});
