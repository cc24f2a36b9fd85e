/**
 * A ruling lists the facts it rests on, each with its source, and each can be changed from the
 * ruling itself; stale presses change nothing; a reply to the ruling continues the case; a
 * ruleset without the matter points to the other document.
 */
import { describe, expect, it } from "vitest";
import { decode } from "../../src/engine/buttons.js";
import { pendingQuestion } from "../../src/engine/dialog.js";
import { createJudge } from "../../src/engine/judge.js";
import { T } from "../../src/engine/texts.js";
import type { Reply } from "../../src/engine/types.js";
import { answers, find, last, press, say, type Turn } from "./drive.js";
import { describeAs, factMatcher } from "./fact-matcher.js";
import { real } from "./setup.js";

const { k, judge } = real();
const dataJudge = createJudge(k, factMatcher);

/** Answers every question with the first offered value, up to the ruling. */
function toVerdict(turn: Turn): Turn {
  for (let i = 0; i < 6 && !last(turn).verdict; i++) {
    const first = [...answers(last(turn)).values()][0];
    if (!first) break;
    turn = press(dataJudge, turn.state, first);
  }
  return turn;
}

function facts(reply: Reply): Record<string, string> {
  return Object.fromEntries((reply.facts ?? []).map((f) => [f.fact, `${f.value}/${f.source}`]));
}

describe("«Исходя из: …»", () => {
  it("lists every fact a ruling rests on, marked as said, answered or assumed", () => {
    const turn = toVerdict(say(dataJudge, dataJudge.initial(), describeAs("fspr-10.4.6", { game: "game" })));
    const ruling = last(turn);
    expect(ruling.verdict?.clause).toBe("fspr-10.4.6");
    const listed = facts(ruling);
    expect(listed.game).toBe("game/text");
    expect(Object.values(listed).some((v) => v.endsWith("/answer"))).toBe(true);
    // the clause is about play: the phase is the judge's assumption
    expect(listed.phase).toBe("play/assumed");
    // which phase is the clause's own: listed, but not offered for a change
    expect(find(ruling, "f", "phase")).toBeUndefined();
    expect(find(ruling, "f", "game")).toBeDefined();
    for (const f of ruling.facts!) expect(f.label).toMatch(/^[А-ЯЁ].*: \S/);
    expect(ruling.live).toBe(true);
  });

  it("each fact is one tap from its question; the new answer recomputes the ruling", () => {
    const first = toVerdict(
      say(dataJudge, dataJudge.initial(), describeAs("fspr-10.4.6", { game: "game", offender: "defender", noticed: "later" })),
    );
    const change = find(last(first), "f", "game")!;
    expect(change).toBeDefined();
    const asked = press(dataJudge, first.state, change);
    expect(last(asked).text).toContain(T.change);
    expect(pendingQuestion(k, asked.state)?.fact).toBe("game");
    const allpass = answers(last(asked)).get("allpass")!;
    const again = toVerdict(press(dataJudge, asked.state, allpass));
    const ruling = last(again);
    expect(facts(ruling).game).toBe("allpass/answer");
    expect(ruling.verdict?.case).not.toBe(last(first).verdict?.case);
    // back from the change: the ruling as it was
    const back = press(dataJudge, asked.state, find(last(asked), "b")!);
    expect(last(back).verdict).toEqual(last(first).verdict);
  });

  it("shares the ruling: the inline card of the share text carries the verdict and its facts", () => {
    const turn = toVerdict(say(dataJudge, dataJudge.initial(), describeAs("fspr-10.4.6", { game: "allpass" })));
    const ruling = last(turn);
    expect(ruling.share).toMatch(/^fspr-10\.4\.6 .*game=allpass/);
    const [result] = dataJudge.inline(ruling.share!);
    expect(result!.card.verdict).toEqual(ruling.verdict);
    expect(result!.card.facts?.map((f) => f.fact)).toEqual(ruling.facts!.map((f) => f.fact));
    expect(result!.card.buttons).toEqual([]);
  });
});

describe("stale presses", () => {
  it("a press on anything but the live question is a pop-up notice and changes nothing", () => {
    const asked = say(dataJudge, dataJudge.initial(), describeAs("fspr-10.4.6", {}));
    const old = [...answers(last(asked)).values()][0]!;
    const once = toVerdict(press(dataJudge, asked.state, old));
    const moved = press(dataJudge, once.state, find(last(once), "f")!);
    const stale = press(dataJudge, moved.state, old.replace(/:a:/, ":u:"));
    expect(stale.state).toEqual(moved.state);
    expect(stale.replies).toHaveLength(1);
    expect(last(stale).popup).toBe(true);
    expect(last(stale).text).toBe(T.closed);
  });
});

describe("questions", () => {
  it("never offers «Сдающий» as the one who revoked", () => {
    const turn = say(dataJudge, dataJudge.initial(), describeAs("fspr-10.4.6", { game: "game", noticed: "later" }));
    const q = pendingQuestion(k, turn.state);
    if (q?.fact === "offender") expect(q.values).not.toContain("dealer");
    for (const data of answers(last(turn)).values()) expect(decode(data)?.args[0]).not.toBe("dealer");
  });

  it("does not ask the contract's level, the game or how the bidding ended of what was noticed before it ended", () => {
    expect(k.facts.get("level")?.unknown_while?.noticed).toContain("during_bidding");
    // every clause, noticed during the bidding: the level is never the question
    for (const c of k.clauses) {
      let turn = say(dataJudge, dataJudge.initial(), describeAs(c.id, { noticed: "during_bidding" }));
      for (let i = 0; i < 4; i++) {
        const q = pendingQuestion(k, turn.state);
        if (!q) break;
        if (q.fact === "level") expect(q.wording, c.id).toBe(T.levelBidding);
        expect(q.fact, c.id).not.toBe("game");
        expect(q.fact, c.id).not.toBe("bid_outcome");
        turn = press(dataJudge, turn.state, [...answers(last(turn)).values()][0]!);
      }
    }
  });
});

describe("a reply to the ruling", () => {
  it("changes the facts it states and rules again, in the same case", () => {
    const turn = toVerdict(say(dataJudge, dataJudge.initial(), describeAs("fspr-10.4.6", { game: "allpass", noticed: "later" })));
    const before = last(turn);
    const next = dataJudge.step(turn.state, { kind: "text", text: describeAs("fspr-10.4.6", { game: "game" }), continues: true });
    const ruling = next.replies.find((r) => r.verdict || r.live);
    expect(ruling).toBeDefined();
    expect(next.state).not.toEqual(turn.state);
    // the same case: its id is kept, only the version moved on
    const idOf = (state: unknown): unknown => (state as { dialogId?: unknown }).dialogId;
    expect(idOf(next.state)).toBe(idOf(turn.state));
    expect(ruling!.verdict?.case ?? "asked").not.toBe(before.verdict?.case);
  });

  it("«а если у него 9 было?» changes the level of a ruling priced by it", () => {
    let turn = say(judge, judge.initial(), "вистующий не положил масть, хотя она у него была, заметили через две взятки, играли 7");
    for (let i = 0; i < 4 && !last(turn).verdict; i++) turn = press(judge, turn.state, [...answers(last(turn)).values()][0]!);
    if (!last(turn).facts?.some((f) => f.fact === "level")) return;
    const next = judge.step(turn.state, { kind: "text", text: "а если у него 9 было?", continues: true });
    expect(next.replies.find((r) => r.verdict)?.facts?.find((f) => f.fact === "level")?.value).toBe("9");
  });
});

describe("a ruleset without the matter", () => {
  it("points to the other document's clause", () => {
    const r = last(say(judge, judge.initial("zinin"), "опоздал на 15 минут"));
    expect(r.text).toMatch(/^В таблице Зинина этого нет; в кодексе ФСПР — 10\.4\.10/);
    expect(r.citations).toEqual(["fspr-10.4.10"]);
    expect(find(r, "k", "fspr-10.4.10")).toBeDefined();
  });
});

describe("what adapters get of a judge", () => {
  it("reads and changes a dialog's ruleset, its open question kept", () => {
    const asked = say(dataJudge, dataJudge.initial("both"), describeAs("fspr-10.4.6", {}));
    expect(dataJudge.rulesetOf(asked.state)).toBe("both");
    const fspr = dataJudge.withRuleset(asked.state, "fspr");
    expect(dataJudge.rulesetOf(fspr)).toBe("fspr");
    const answer = [...answers(last(asked)).values()][0]!;
    expect(last(press(dataJudge, fspr, answer)).popup).toBeUndefined();
    expect(dataJudge.rulesetOf("junk")).toBeUndefined();
  });

  it("labels citations and tells read-only presses", () => {
    expect(judge.citationLabel("fspr-10.4.6")).toMatch(/^ФСПР 10\.4\.6 «/);
    expect(judge.citationLabel("fspr-99.9")).toBeUndefined();
    const card = last(say(judge, judge.initial(), "10.4.6"));
    expect(judge.isReadOnlyPress(find(card, "p")!)).toBe(false);
    const ruling = last(toVerdict(say(dataJudge, dataJudge.initial(), describeAs("fspr-10.4.6", {}))));
    expect(judge.isReadOnlyPress(find(ruling, "k")!)).toBe(true);
    expect(judge.isReadOnlyPress(find(ruling, "n")!)).toBe(false);
  });
});
