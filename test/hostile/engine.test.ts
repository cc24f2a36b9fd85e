/**
 * The judge under hostile input (fast-check): random sequences of hostile texts, unknown
 * commands, forged, stale and oversize button presses, real button presses and corrupt stored
 * state. It must never throw, always answer, never fall back to its internal-error apology, and
 * every reply must render into messages Telegram accepts. State stays small plain JSON.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createJudge } from "../../src/engine/judge.js";
import { clauseLabel } from "../../src/engine/clause-card.js";
import type { Input, Judge, Reply } from "../../src/engine/types.js";
import { loadKnowledge } from "../../src/knowledge/load.js";
import type { Knowledge } from "../../src/knowledge/types.js";
import { createMatcher } from "../../src/search/matcher.js";
import { expectSoundReplies } from "./checks.js";
import { forgedData, hostileText, unknownCommand } from "./inputs.js";

let knowledge: Knowledge;
let judge: Judge;
let label: (id: string) => string | undefined;

beforeAll(() => {
  knowledge = loadKnowledge();
  judge = createJudge(knowledge, createMatcher(knowledge));
  label = (id) => {
    const c = knowledge.byId.get(id);
    return c ? clauseLabel(c) : undefined;
  };
});

/** One move of a monkey player: hostile input, or a real button from the last replies or an older one. */
type Move =
  | { kind: "text"; text: string }
  | { kind: "command"; name: "start" | "help" | "new" | "list" | "rule" | "ruleset"; arg?: string }
  | { kind: "forged"; data: string }
  | { kind: "button"; pick: number }
  | { kind: "stale"; pick: number };

const COMMANDS = ["start", "help", "new", "list", "rule", "ruleset"] as const;

const move: fc.Arbitrary<Move> = fc.oneof(
  { weight: 3, arbitrary: hostileText.map((text): Move => ({ kind: "text", text })) },
  { weight: 1, arbitrary: unknownCommand.map((text): Move => ({ kind: "text", text })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...COMMANDS), fc.option(hostileText, { nil: undefined }))
      .map(([name, arg]): Move => (arg === undefined ? { kind: "command", name } : { kind: "command", name, arg })),
  },
  { weight: 2, arbitrary: forgedData.map((data): Move => ({ kind: "forged", data })) },
  { weight: 4, arbitrary: fc.nat().map((pick): Move => ({ kind: "button", pick })) },
  { weight: 1, arbitrary: fc.nat().map((pick): Move => ({ kind: "stale", pick })) },
);

const buttonsOf = (replies: readonly Reply[]): string[] => replies.flatMap((r) => r.buttons.flat().map((b) => b.data));

function toInput(m: Move, current: readonly string[], seen: readonly string[]): Input {
  switch (m.kind) {
    case "text":
      return { kind: "text", text: m.text };
    case "command":
      return m.arg === undefined ? { kind: "command", name: m.name } : { kind: "command", name: m.name, arg: m.arg };
    case "forged":
      return { kind: "press", data: m.data };
    case "button":
      return current.length ? { kind: "press", data: current[m.pick % current.length]! } : { kind: "text", text: "сдающий засветил карту" };
    case "stale":
      return seen.length ? { kind: "press", data: seen[m.pick % seen.length]! } : { kind: "press", data: "0:0:a:x" };
  }
}

describe("the judge under hostile input", () => {
  it("answers every move of a random dialog soundly and never throws", () => {
    let verdicts = 0;
    fc.assert(
      fc.property(fc.constantFrom("fspr", "zinin", "both" as const), fc.array(move, { minLength: 1, maxLength: 10 }), (ruleset, moves) => {
        let state: unknown = judge.initial(ruleset);
        let current: string[] = [];
        const seen: string[] = [];
        for (const m of moves) {
          const input = toInput(m, current, seen);
          const result = judge.step(state, input);
          expectSoundReplies(result.replies, label);
          verdicts += result.replies.filter((r) => r.verdict).length;
          // state lives in a session: plain JSON, small, and it survives a round trip
          const json = JSON.stringify(result.state);
          expect(json.length).toBeLessThan(4096);
          state = JSON.parse(json);
          seen.push(...current);
          current = buttonsOf(result.replies);
        }
      }),
      { numRuns: 300 },
    );
    // the monkey must walk real dialogs to their end, not just bounce off garbage
    expect(verdicts).toBeGreaterThan(10);
  });

  it("answers any input on top of a corrupt, foreign or outdated stored state", () => {
    const input: fc.Arbitrary<Input> = fc.oneof(
      hostileText.map((text): Input => ({ kind: "text", text })),
      forgedData.map((data): Input => ({ kind: "press", data })),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ v: fc.integer(), ruleset: fc.string(), stage: fc.string(), d: fc.anything(), t: fc.anything() }),
        ),
        input,
        (state, i) => {
          const result = judge.step(state, i);
          expectSoundReplies(result.replies, label);
          expect(() => JSON.stringify(result.state)).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("survives inputs that are not inputs at all (a broken adapter)", () => {
    fc.assert(
      fc.property(fc.anything(), (garbage) => {
        const result = judge.step(judge.initial(), garbage as Input);
        expect(result.replies.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });

  it("lists inline results within Telegram's limits for any query", () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, unknownCommand), fc.integer({ min: -5, max: 100 }), (query, limit) => {
        const results = judge.inline(query, "both", limit);
        expect(results.length).toBeLessThanOrEqual(50);
        for (const r of results) {
          expect(r.title.trim().length).toBeGreaterThan(0);
          expect(Buffer.byteLength(r.id)).toBeLessThanOrEqual(64);
          expectSoundReplies([r.card], label);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("answers a 4096+ character description within the limits", () => {
    const padding = "ну вот так вышло, ".repeat(400);
    const result = judge.step(judge.initial(), { kind: "text", text: `${padding}сдающий засветил карту при сдаче` });
    expectSoundReplies(result.replies, label);
  });
});
