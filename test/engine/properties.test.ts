/**
 * Property tests: whatever comes in — random text, random or forged button data, a corrupt
 * state, any sequence of them — the judge never throws, always answers, and keeps its state
 * small, plain and valid.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_DATA_BYTES } from "../../src/engine/buttons.js";
import { INTERNAL_ERROR } from "../../src/engine/judge.js";
import { parseState } from "../../src/engine/state.js";
import { T } from "../../src/engine/texts.js";
import type { Input, Reply, StepResult } from "../../src/engine/types.js";
import { buttons } from "./drive.js";
import { real } from "./setup.js";

const { k, judge } = real();

function checkAnswer(result: StepResult): void {
  expect(result.replies.length).toBeGreaterThan(0);
  for (const r of result.replies) checkReply(r);
  // plain JSON that survives a round trip through a session store, and small
  const json = JSON.stringify(result.state);
  expect(json.length).toBeLessThan(1500);
  expect(parseState(JSON.parse(json))).not.toBeNull();
}

function checkReply(r: Reply): void {
  expect(typeof r.text).toBe("string");
  expect(r.text.trim()).not.toBe("");
  expect(r.text).not.toBe(INTERNAL_ERROR);
  expect(Array.isArray(r.citations)).toBe(true);
  for (const id of r.citations) expect(k.byId.has(id)).toBe(true);
  if (r.verdict) {
    expect(r.citations).toContain(r.verdict.clause);
    expect(k.byId.get(r.verdict.clause)!.cases.some((c) => c.id === r.verdict!.case)).toBe(true);
  }
  for (const b of r.buttons.flat()) {
    expect(Buffer.byteLength(b.data, "utf8")).toBeLessThanOrEqual(MAX_DATA_BYTES);
    expect(b.data).toMatch(/^[\x21-\x7e]+$/);
  }
}

const words = [
  "сдающий",
  "вистующий",
  "разыгрывающий",
  "снос",
  "прикуп",
  "фальшренонс",
  "распасы",
  "мизер",
  "взятка",
  "карта",
  "открыл",
  "посмотрел",
  "не в масть",
  "опоздал",
  "10.4.6",
  "4.5",
  "Зинин",
  "пас",
  "не знаю",
  "да",
  "нет",
  "😀",
  "",
  " ",
  "\n",
  "<b>",
  "/start",
  "ё",
];
const text = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.array(fc.constantFrom(...words), { maxLength: 12 }).map((w) => w.join(" ")),
);
const commandName = fc.constantFrom<"start" | "help" | "new" | "list" | "rule" | "ruleset">(
  "start",
  "help",
  "new",
  "list",
  "rule",
  "ruleset",
);
const forgedData = fc.oneof(
  fc.string({ maxLength: 70 }),
  fc
    .tuple(
      fc.stringMatching(/^[0-9a-z]{1,6}$/),
      fc.nat(50),
      fc.constantFrom("a", "u", "c", "x", "b", "k", "p", "l", "n", "r", "z"),
      fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
    )
    .map(([d, t, a, args]) => [d, t.toString(36), a, ...args].join(":")),
  fc.constantFrom(
    "0:0:k:fspr-10.4.99",
    "0:0:p:zinin-9.9",
    "0:0:l:fspr:99",
    "0:0:l:nope",
    "0:0:r:all",
    "0:0:c:7",
    "0:0:a:..",
    "::::",
    ":",
    "0:zz:a",
  ),
);

/** Inputs, some of which press buttons of the previous answer (by index, resolved at run time). */
type Step = { kind: "input"; input: Input } | { kind: "pressNth"; n: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  text.map((t): Step => ({ kind: "input", input: { kind: "text", text: t } })),
  forgedData.map((d): Step => ({ kind: "input", input: { kind: "press", data: d } })),
  fc
    .tuple(commandName, fc.option(text, { nil: undefined }))
    .map(([name, arg]): Step => ({ kind: "input", input: arg === undefined ? { kind: "command", name } : { kind: "command", name, arg } })),
  fc.nat(20).map((n): Step => ({ kind: "pressNth", n })),
  fc.nat(20).map((n): Step => ({ kind: "pressNth", n })),
);

describe("the judge never throws and always answers", () => {
  it("random texts", () => {
    fc.assert(
      fc.property(text, (t) => {
        checkAnswer(judge.step(judge.initial(), { kind: "text", text: t }));
      }),
      { numRuns: 300 },
    );
  });

  it("random and forged button data, on a fresh state and mid-dialog", () => {
    const mid = judge.step(judge.initial(), { kind: "command", name: "rule", arg: "10.4.6" });
    fc.assert(
      fc.property(forgedData, (data) => {
        for (const state of [judge.initial(), mid.state]) {
          const result = judge.step(state, { kind: "press", data });
          checkAnswer(result);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("any stored state, however broken, starts afresh rather than failing", () => {
    fc.assert(
      fc.property(fc.anything(), text, (state, t) => {
        checkAnswer(judge.step(state, { kind: "text", text: t }));
      }),
      { numRuns: 200 },
    );
  });

  it("inputs of the wrong shape get an answer too", () => {
    const odd: unknown[] = [
      null,
      undefined,
      42,
      {},
      { kind: "text" },
      { kind: "press", data: 7 },
      { kind: "command", name: "nope" },
      { kind: "command", name: "rule", arg: 5 },
    ];
    for (const input of odd) checkAnswer(judge.step(judge.initial(), input as Input));
  });

  it("random dialogs: texts, commands, presses of the buttons on screen and forged ones", () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 14 }),
        fc.constantFrom<"fspr" | "zinin" | "both">("fspr", "zinin", "both"),
        (steps, ruleset) => {
          let state: unknown = judge.initial(ruleset);
          let screen: { data: string }[] = [];
          for (const s of steps) {
            let input: Input;
            if (s.kind === "input") input = s.input;
            else if (screen.length) input = { kind: "press", data: screen[s.n % screen.length]!.data };
            else continue;
            const result = judge.step(state, input);
            checkAnswer(result);
            state = result.state;
            const shown = result.replies.flatMap(buttons);
            if (shown.length) screen = shown;
          }
        },
      ),
      { numRuns: 250 },
    );
  });
});

describe("presses on buttons of other dialogs are recognised", () => {
  it("a button from two questions back is closed, and the dialog carries on untouched", () => {
    fc.assert(
      fc.property(fc.constantFrom(...k.clauses.filter((c) => c.cases.length > 1).map((c) => c.id)), fc.nat(5), (id, pick) => {
        const card = judge.step(judge.initial(), { kind: "command", name: "rule", arg: id });
        const apply = buttons(card.replies[0]!).find((b) => b.data.includes(":p:"))!;
        const q1 = judge.step(card.state, { kind: "press", data: apply.data });
        const first = buttons(q1.replies[0]!).filter((b) => b.data.includes(":a:"));
        if (first.length === 0) return; // ruled at once (the description already told all)
        const q2 = judge.step(q1.state, { kind: "press", data: first[pick % first.length]!.data });
        const other = first[(pick + 1) % first.length]!.data;
        const second = buttons(q2.replies[0]!).filter((b) => b.data.includes(":a:"));
        if (second.length === 0) {
          // one question back: another answer there changes that answer (a crash may have left it shown),
          // unless that answer handed the case to another clause (`yields`: 10.4.19's wrong cut is 10.1.7's),
          // whose dialog the old question is not part of
          if (parseState(q2.state)?.clause !== id) return;
          expect(judge.step(q2.state, { kind: "press", data: other }).replies[0]!.text).not.toBe(T.closed);
          return;
        }
        const q3 = judge.step(q2.state, { kind: "press", data: second[0]!.data });
        const stale = judge.step(q3.state, { kind: "press", data: other });
        expect(stale.replies[0]!.text).toBe(T.closed);
        expect(stale.state).toEqual(q3.state);
      }),
      { numRuns: 60 },
    );
  });
});
