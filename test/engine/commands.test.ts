/**
 * The judge's other ways in: commands, a clause number as a message, the list, the ruleset,
 * «Изменить ответ», stale presses, a broken state, inline mode.
 */
import { describe, expect, it } from "vitest";
import { decode } from "../../src/engine/buttons.js";
import { pendingQuestion } from "../../src/engine/dialog.js";
import { parseState } from "../../src/engine/state.js";
import { T } from "../../src/engine/texts.js";
import { answers, buttons, command, find, last, press, say } from "./drive.js";
import { createJudge } from "../../src/engine/judge.js";
import { factMatcher } from "./fact-matcher.js";
import { real } from "./setup.js";

const { k, judge } = real();

describe("a clause number as a message", () => {
  it("shows the clause card with a button to apply it", () => {
    for (const text of ["10.4.6", "п. 10.4.6", "Зинин 4.5", "что в 10.4.15?"]) {
      const r = last(say(judge, judge.initial(), text));
      expect(r.citations.length).toBe(1);
      expect(r.text).toContain(k.byId.get(r.citations[0]!)!.title);
      expect(r.share).toBe(r.citations[0]);
      expect(r.verdict).toBeUndefined();
      expect(find(r, "p", r.citations[0])).toBeDefined();
    }
  });

  it("an unknown number says so and offers the nearby ones", () => {
    const r = last(say(judge, judge.initial(), "10.4.40"));
    expect(r.text).toContain("Пункта 10.4.40 нет");
    expect(r.buttons.length).toBeGreaterThan(0);
    for (const b of buttons(r)) expect(decode(b.data)?.action).toBe("k");
  });

  it("with the case told beside the number, «Применить к случаю» starts from what it told; a bare number asks everything", () => {
    const told = say(judge, judge.initial(), "10.4.6: на распасах сфальшивил, заметили через две взятки");
    const applied = last(press(judge, told.state, find(last(told), "p", "fspr-10.4.6")!));
    // the moment and the game are told: nothing is left to ask, the ruling is the established revoke on распасы
    expect(applied.verdict).toMatchObject({ clause: "fspr-10.4.6", case: "allpass_established" });
    expect(applied.facts?.find((f) => f.fact === "game")).toMatchObject({ value: "allpass", source: "text" });
    const bare = say(judge, judge.initial(), "10.4.6");
    const asked = last(press(judge, bare.state, find(last(bare), "p", "fspr-10.4.6")!));
    expect(asked.verdict).toBeUndefined();
    // a card opened afterwards by a bare number does not inherit the earlier message's facts
    const again = say(judge, told.state, "10.4.6");
    expect(last(press(judge, again.state, find(last(again), "p", "fspr-10.4.6")!)).verdict).toBeUndefined();
  });

  it("is exact: 10.4.1 is never 10.4.16", () => {
    expect(last(say(judge, judge.initial(), "10.4.1")).citations).toEqual(["fspr-10.4.1"]);
  });
});

describe("commands", () => {
  it("/start with a deep-link payload opens that clause; without one, greets", () => {
    expect(last(command(judge, judge.initial(), "start", "fspr-10.4.6")).citations).toEqual(["fspr-10.4.6"]);
    expect(last(command(judge, judge.initial(), "start", "zinin-3.2")).citations).toEqual(["zinin-3.2"]);
    const hello = last(command(judge, judge.initial(), "start"));
    expect(hello.text).toContain("/list");
    expect(last(command(judge, judge.initial(), "start", "garbage")).text).toBe(hello.text);
  });

  it("/help explains how to ask and how to look up by number", () => {
    const r = last(command(judge, judge.initial(), "help"));
    expect(r.text).toContain("10.4.6");
    expect(r.text).toContain("/rule");
  });

  it("/list: documents → sections → clauses → card → back to the section", () => {
    let turn = command(judge, judge.initial("both"), "list");
    expect(buttons(last(turn)).map((b) => b.label)).toEqual(["Кодекс ФСПР", "Таблица Зинина"]);
    turn = press(judge, turn.state, find(last(turn), "l", "fspr")!);
    expect(buttons(last(turn)).map((b) => b.label)).toEqual(expect.arrayContaining(["10.4 Розыгрыш"]));
    turn = press(judge, turn.state, buttons(last(turn)).find((b) => b.label.startsWith("10.4 "))!.data);
    const clauseButtons = buttons(last(turn)).filter((b) => decode(b.data)?.action === "k");
    expect(clauseButtons.length).toBe(k.clauses.filter((c) => c.section.number === "10.4").length);
    turn = press(judge, turn.state, find(last(turn), "k", "fspr-10.4.6")!);
    expect(last(turn).citations).toEqual(["fspr-10.4.6"]);
    const back = press(judge, turn.state, find(last(turn), "l")!);
    expect(buttons(last(back)).some((b) => decode(b.data)?.args[0] === "fspr-10.4.6")).toBe(true);
  });

  it("/list under one ruleset goes straight to its sections", () => {
    const r = last(command(judge, judge.initial("zinin"), "list"));
    expect(buttons(r).every((b) => decode(b.data)?.args[0] === "zinin")).toBe(true);
  });

  it("/rule by number or by words", () => {
    expect(last(command(judge, judge.initial(), "rule", "10.4.15")).citations).toEqual(["fspr-10.4.15"]);
    const words = last(command(judge, judge.initial(), "rule", "фальшренонс"));
    const shown = words.citations.length ? words.citations : buttons(words).map((b) => decode(b.data)!.args[0]);
    expect(shown).toContain("fspr-10.4.6");
    expect(last(command(judge, judge.initial(), "rule")).text).toBe(T.ruleAsk);
  });

  it("/ruleset sets it, or offers buttons", () => {
    const set = command(judge, judge.initial(), "ruleset", "zinin");
    expect(parseState(set.state)?.ruleset).toBe("zinin");
    const menu = command(judge, set.state, "ruleset");
    expect(buttons(last(menu)).map((b) => decode(b.data)?.args[0])).toEqual(["fspr", "zinin", "both"]);
    const chosen = press(judge, menu.state, find(last(menu), "r", "fspr")!);
    expect(parseState(chosen.state)?.ruleset).toBe("fspr");
  });

  it("/new forgets the case in hand: its buttons are closed", () => {
    const q = press(
      judge,
      command(judge, judge.initial(), "rule", "10.4.6").state,
      find(last(command(judge, judge.initial(), "rule", "10.4.6")), "p")!,
    );
    const fresh = command(judge, q.state, "new");
    const stale = press(judge, fresh.state, [...answers(last(q)).values()][0]!);
    expect(last(stale).text).toBe(T.closed);
  });
});

describe("the dialog", () => {
  it("several candidates: «Что из этого произошло?» with at most 4, one per matter, and «Ничего не подходит»", () => {
    const j = createJudge(k, factMatcher);
    const turn = say(j, j.initial("both"), "случай zinin_4_5,fspr_10_4_6,fspr_10_4_1,fspr_10_4_4,fspr_10_4_5,fspr_10_4_7");
    const r = last(turn);
    expect(r.text).toBe(T.pick);
    // FSPR 10.4.6 stands for its linked row Зинин 4.5; five matters, four offered
    expect(parseState(turn.state)?.picks).toEqual(["fspr-10.4.6", "fspr-10.4.1", "fspr-10.4.4", "fspr-10.4.5"]);
    expect(
      buttons(r)
        .map((b) => b.label)
        .at(-1),
    ).toBe(T.noneFits);
    const chosen = press(j, turn.state, find(r, "c", "1")!);
    expect(parseState(chosen.state)?.clause).toBe("fspr-10.4.1");
    // «Назад» from the first question returns to the choice
    const back = press(j, chosen.state, find(last(chosen), "b")!);
    expect(last(back).text).toBe(T.pick);
    const none = press(j, turn.state, find(r, "x")!);
    expect(last(none).text).toBe(T.describeAgain);
    expect(buttons(last(none)).every((b) => decode(b.data)?.action === "l")).toBe(true);
  });

  it("in ruleset zinin, the same candidates keep only the club table", () => {
    const j = createJudge(k, factMatcher);
    const turn = say(j, j.initial("zinin"), "случай zinin_4_5,fspr_10_4_6,zinin_4_4");
    expect(parseState(turn.state)?.picks).toEqual(["zinin-4.5", "zinin-4.4"]);
  });

  it("nothing fits: says so with examples", () => {
    const r = last(say(judge, judge.initial(), "какая сегодня погода в Москве"));
    expect(r.text).toContain(T.nothing);
    expect(r.text).toContain("10.4.6");
    expect(r.citations).toEqual([]);
  });

  it("a preferans question that is no irregularity: says so, with /list and an example, and cites nothing", () => {
    const r = last(say(judge, judge.initial(), "с чего лучше ходить на мизере, с трефы или с бубны?"));
    expect(r.text).toBe(T.notIrregularity);
    expect(r.text).toMatch(/^Это не нарушение — я разбираю ошибки по кодексу ФСПР и таблице Зинина/);
    expect(r.text).toContain("/list");
    expect(r.text).toContain("Пример");
    expect(r.citations).toEqual([]);
  });

  it("«Изменить ответ» goes back one question and asks it again", () => {
    let turn = command(judge, judge.initial(), "start", "fspr-10.4.15");
    turn = press(judge, turn.state, find(last(turn), "p")!);
    const first = pendingQuestion(k, turn.state)!;
    turn = press(judge, turn.state, answers(last(turn)).get("looked")!);
    const second = pendingQuestion(k, turn.state)!;
    turn = press(judge, turn.state, answers(last(turn)).get("declarer")!);
    const third = pendingQuestion(k, turn.state)!;
    turn = press(judge, turn.state, answers(last(turn)).get("after_first_move")!);
    expect(last(turn).verdict?.case).toBe("declarer_after");
    const back = press(judge, turn.state, find(last(turn), "b")!);
    expect(pendingQuestion(k, back.state)).toEqual(third);
    const back2 = press(judge, back.state, find(last(back), "b")!);
    expect(pendingQuestion(k, back2.state)).toEqual(second);
    const back3 = press(judge, back2.state, find(last(back2), "b")!);
    expect(pendingQuestion(k, back3.state)).toEqual(first);
    // and the verdict's «Изменить ответ» is stale now
    expect(last(press(judge, back3.state, find(last(turn), "b")!)).text).toBe(T.closed);
  });

  it("«Текст пункта» after a verdict shows the card and keeps the verdict's buttons live", () => {
    let turn = command(judge, judge.initial(), "start", "fspr-10.4.3");
    turn = press(judge, turn.state, find(last(turn), "p")!);
    turn = press(judge, turn.state, answers(last(turn)).get("declarer")!);
    turn = press(judge, turn.state, answers(last(turn)).get("before_first_move")!);
    const verdict = last(turn);
    expect(verdict.verdict).toEqual({ clause: "fspr-10.4.3", case: "before_first_move" });
    const card = press(judge, turn.state, find(verdict, "k")!);
    expect(last(card).citations).toEqual(["fspr-10.4.3"]);
    expect(last(press(judge, card.state, find(verdict, "b")!)).text).not.toBe(T.closed);
    const fresh = press(judge, card.state, find(verdict, "n")!);
    expect(last(fresh).text).toBe(T.newPrompt);
  });

  it("a typed answer counts like the button", () => {
    let turn = command(judge, judge.initial(), "start", "fspr-10.4.3");
    turn = press(judge, turn.state, find(last(turn), "p")!);
    turn = say(judge, turn.state, "разыгрывающий");
    turn = say(judge, turn.state, "после первого хода");
    expect(last(turn).verdict).toEqual({ clause: "fspr-10.4.3", case: "after_first_move" });
    // «штраф на 1 взятку» without «в гору»: no level asked, no points
    expect(last(turn).text.split("\n")[0]).toBe("Разыгрывающему — штраф на 1 взятку. — ФСПР 10.4.3");
    expect(last(turn).text).not.toMatch(/в гору:|= \d/);
  });

  it("a clause without text says the code is silent and to call the judge", () => {
    let turn = command(judge, judge.initial(), "start", "fspr-10.4.14");
    turn = press(judge, turn.state, find(last(turn), "p")!);
    expect(last(turn).text).toContain(T.noText);
    expect(last(turn).verdict?.clause).toBe("fspr-10.4.14");
  });

  it("a corrupt or old state starts afresh and keeps the chosen ruleset", () => {
    for (const state of [
      null,
      undefined,
      7,
      "x",
      { v: 0, ruleset: "zinin" },
      { v: 1, ruleset: "zinin", d: "0", t: 1, stage: "ask", clause: "fspr-10.9.9" },
    ]) {
      const r = judge.step(state, { kind: "text", text: "10.4.6" });
      expect(parseState(r.state)).not.toBeNull();
      expect(last(r).citations).toEqual(["fspr-10.4.6"]);
    }
    expect(parseState(judge.step({ v: 0, ruleset: "zinin" }, { kind: "command", name: "help" }).state)?.ruleset).toBe("zinin");
  });

  it("a foreign press (another dialog's id) is closed", () => {
    let turn = command(judge, judge.initial(), "start", "fspr-10.4.6");
    turn = press(judge, turn.state, find(last(turn), "p")!);
    const data = [...answers(last(turn)).values()][0]!;
    const [, t, ...rest] = data.split(":");
    const forged = ["zzzz", t, ...rest].join(":");
    expect(last(press(judge, turn.state, forged)).text).toBe(T.closed);
  });
});

describe("inline mode", () => {
  it("a number finds exactly that clause, with its card", () => {
    const r = judge.inline("10.4.6");
    expect(r.map((x) => x.id)).toEqual(["fspr-10.4.6"]);
    expect(r[0]!.card.citations).toEqual(["fspr-10.4.6"]);
    expect(r[0]!.card.share).toBe("fspr-10.4.6");
    expect(r[0]!.description.length).toBeLessThanOrEqual(120);
  });

  it("a share text re-finds its clause", () => {
    for (const c of k.clauses) expect(judge.inline(c.id)[0]?.id).toBe(c.id);
  });

  it("words find clauses in the ruleset, at most `limit`", () => {
    const r = judge.inline("снос", "zinin", 2);
    expect(r.length).toBeLessThanOrEqual(2);
    expect(r.every((x) => x.id.startsWith("zinin-"))).toBe(true);
  });

  it("an empty query offers the frequent cases, in knowledge/frequent.yaml's order", () => {
    expect(judge.inline("").map((x) => x.id)).toEqual(k.frequent.slice(0, 10));
    expect(judge.inline("", "zinin")).toEqual([]);
  });

  it("a description is the clause's title and its first penalty", () => {
    const [r] = judge.inline("10.4.6");
    expect(r!.description.startsWith(k.byId.get("fspr-10.4.6")!.title)).toBe(true);
    expect(r!.description).toMatch(/ — /);
  });
});
