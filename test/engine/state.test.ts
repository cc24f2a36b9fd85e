/**
 * The stored dialog state is checked by hand (it is read on every update). Here the same shape is
 * written as a zod schema, the reference, and both must accept the same values and return the
 * same state, on valid states, on valid states with one field broken, and on arbitrary JSON.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { freshState, parseState, STATE_VERSION, type State } from "../../src/engine/state.js";
import { RULESETS, type Ruleset } from "../../src/search/types.js";

const Id = z.string().max(40);
const CaseNo = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Reference = z.object({
  v: z.literal(STATE_VERSION),
  ruleset: z.enum(RULESETS as [Ruleset, ...Ruleset[]]),
  dialogId: z.string().regex(/^[0-9a-z]{1,6}$/),
  version: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  stage: z.enum(["idle", "pick", "ask", "verdict"]),
  picks: z.array(Id).max(4).optional(),
  clause: Id.optional(),
  statedFacts: z.record(Id, Id).optional(),
  answers: z
    .array(z.tuple([Id, Id]))
    .max(12)
    .optional(),
  answeredBefore: z.array(Id).max(12).optional(),
  minutes: z.number().nonnegative().max(100_000).optional(),
  lastPress: z.string().max(64).optional(),
  changing: Id.optional(),
  convention: Id.optional(),
  earlierCases: z.object({ clause: Id, cases: z.array(CaseNo).min(1).max(3) }).optional(),
  sameAsCase: CaseNo.optional(),
  card: Id.optional(),
  cardCase: z.object({ facts: z.record(Id, Id), minutes: z.number().nonnegative().max(100_000).optional() }).optional(),
});

/** what the reference makes of it: the state, or null; keys holding undefined dropped as JSON would */
function reference(raw: unknown): unknown {
  const r = Reference.safeParse(raw);
  return r.success ? JSON.parse(JSON.stringify(r.data)) : null;
}

function ours(raw: unknown): unknown {
  const s = parseState(raw);
  return s === null ? null : JSON.parse(JSON.stringify(s));
}

const id = fc.oneof(fc.constantFrom("fspr-10.4.6", "zinin-4.5", "offender", "dealer", "?", ""), fc.string({ maxLength: 45 }));
const caseNo = fc.oneof(fc.integer({ min: -2, max: 40 }), fc.double({ min: 0, max: 9 }));
const valid: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    v: fc.constant(STATE_VERSION),
    ruleset: fc.constantFrom(...RULESETS),
    dialogId: fc.stringMatching(/^[0-9a-z]{1,6}$/),
    version: fc.nat(),
    stage: fc.constantFrom("idle", "pick", "ask", "verdict"),
    picks: fc.array(id, { maxLength: 5 }),
    clause: id,
    statedFacts: fc.dictionary(id, id, { maxKeys: 4 }),
    answers: fc.array(fc.tuple(id, id), { maxLength: 13 }),
    answeredBefore: fc.array(id, { maxLength: 13 }),
    minutes: fc.oneof(fc.double({ min: -1, max: 100_001 }), fc.nat(200_000)),
    lastPress: fc.string({ maxLength: 70 }),
    changing: id,
    convention: id,
    earlierCases: fc.record({ clause: id, cases: fc.array(caseNo, { maxLength: 4 }) }, { requiredKeys: [] }),
    sameAsCase: caseNo,
    card: id,
    cardCase: fc.record(
      { facts: fc.dictionary(id, id, { maxKeys: 3 }), minutes: fc.oneof(fc.double({ min: -1, max: 100_001 }), fc.nat(200_000)) },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["v", "ruleset", "dialogId", "version", "stage"] },
);
const odd = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant(Number.NaN),
  fc.constant(Number.POSITIVE_INFINITY),
  fc.constant(-0),
  fc.constant(2 ** 60),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 8 }),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.array(fc.anything({ maxDepth: 1 }), { minLength: 2, maxLength: 3 }),
  fc.anything({ maxDepth: 2 }),
);
const field = fc.constantFrom(
  "v",
  "ruleset",
  "dialogId",
  "version",
  "stage",
  "picks",
  "clause",
  "statedFacts",
  "answers",
  "answeredBefore",
  "minutes",
  "lastPress",
  "changing",
  "convention",
  "earlierCases",
  "sameAsCase",
  "card",
  "cardCase",
  "extra",
);

describe("parseState", () => {
  it("agrees with the reference schema on valid states", () => {
    fc.assert(
      fc.property(valid, (raw) => {
        expect(ours(raw)).toEqual(reference(raw));
      }),
      { numRuns: 2000 },
    );
  });

  it("agrees with the reference schema when one field holds anything at all", () => {
    fc.assert(
      fc.property(valid, field, odd, (raw, name, value) => {
        const broken = { ...raw, [name]: value };
        expect(ours(broken)).toEqual(reference(broken));
      }),
      { numRuns: 4000 },
    );
  });

  it("agrees with the reference schema on arbitrary JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        expect(ours(raw)).toEqual(reference(raw));
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps a whole state and drops what is not part of it", () => {
    const full: State = {
      ...freshState("zinin", "ab12", 7),
      stage: "ask",
      clause: "zinin-4.5",
      picks: ["zinin-4.5"],
      statedFacts: { game: "misere" },
      answers: [["offender", "?"]],
      minutes: 12,
      lastPress: "ab12:6:a:dealer",
    };
    expect(parseState(JSON.parse(JSON.stringify({ ...full, junk: 1 })))).toEqual(full);
    expect(parseState({ ...full, v: 0 })).toBeNull();
    expect(parseState({ ...full, answers: [["offender", "?", "x"]] })).toBeNull();
    expect(parseState("nope")).toBeNull();
  });

  it("migrates a version-1 state (terse field names) so a dialog open at the deploy goes on", () => {
    const stored = {
      v: 1,
      ruleset: "zinin",
      d: "ab12",
      t: 7,
      stage: "ask",
      clause: "zinin-4.5",
      facts: { game: "misere" },
      ans: [["offender", "?"]],
      min: 12,
      lp: "ab12:6:a:dealer",
      convention: "leningrad",
    };
    expect(parseState(stored)).toEqual({
      ...freshState("zinin", "ab12", 7),
      stage: "ask",
      clause: "zinin-4.5",
      statedFacts: { game: "misere" },
      answers: [["offender", "?"]],
      minutes: 12,
      lastPress: "ab12:6:a:dealer",
    });
    // a broken version-1 state is refused as before
    expect(parseState({ ...stored, t: -1 })).toBeNull();
  });
});
