/**
 * The dialog's transitions: (state, input) -> (state, replies). A description finds a clause
 * (or asks which of a few); the clause's cases decide which questions are still worth asking;
 * then the verdict. Everything here is pure: no clock, no randomness, no I/O.
 */
import { lookupClause } from "../knowledge/lookup.js";
import type { Clause, Knowledge } from "../knowledge/types.js";
import { inRuleset, RULESETS, type MatchResult, type Matcher, type Ruleset } from "../search/types.js";
import { decode, encode, isStateful, button, type Press, type Token } from "./buttons.js";
import {
  bearsOnRuling,
  clauseFacts,
  compatible,
  factsOfRows,
  fixedFacts,
  nextQuestion,
  assumedValue,
  offeredValues,
  impliedBy,
  possibleCases,
  rowToldFacts,
  toldIn,
  unknowable,
  type Known,
  type Question,
} from "./cases.js";
import { clauseLabel, lowerFirst, renderClauseCard } from "./clause-card.js";
import {
  cleanCaseNumbers,
  earlierBasis,
  earlierCasesOf,
  earlierQuestion,
  FIRST,
  isRepeatQuestion,
  MANY,
  manyRulesApart,
  NOT_SAME,
  REPEAT_FACT,
  REPEATED,
  sameAsLabel,
  typedYesNo,
} from "./earlier-cases.js";
import { clip, listReply, sectionButtons } from "./listing.js";
import { freshState, makeState, parseState, shortHash, UNKNOWN, type State } from "./state.js";
import { T } from "./texts.js";
import { normalize as normalizeTyped, textAnswer } from "./text-answer.js";
import type { Button, Command, FactLine, FactSource, Input, Reply, StepResult } from "./types.js";
import { countsAtBiddingLevel, levelFacts } from "./penalties.js";
import { otherDocumentRows, renderVerdict, wantsLevel } from "./verdict.js";

/** At most this many questions once the clause is chosen; then a (conditional) verdict. */
export const MAX_QUESTIONS = 3;
/** A Telegram message holds 4096 characters: read all of it (the incident may come last). */
const MAX_TEXT = 4096;

export interface Ctx {
  readonly k: Knowledge;
  readonly matcher: Matcher;
}

type Out = StepResult<State>;

function say(state: State, ...replies: Reply[]): Out {
  return { state, replies };
}

function plain(text: string, buttons: readonly (readonly Button[])[] = []): Reply {
  return { text, buttons, citations: [] };
}

const tok = (s: State): Token => ({ d: s.dialogId, t: s.version });

/** The same dialog, one version on: presses on the previous question become stale. */
function bump(s: State, patch: Partial<State>): State {
  // the press that made the old version is not the one that makes this one (unless the patch says so)
  return makeState({ ...s, ...patch, lastPress: patch.lastPress, version: s.version + 1 });
}

/** A new case: a new dialog id, nothing known. */
function newCase(s: State, seed: string): State {
  const version = s.version + 1;
  return makeState({
    v: s.v,
    ruleset: s.ruleset,
    dialogId: shortHash(`${s.dialogId}:${version}:${seed}`),
    version,
    stage: "idle",
    convention: s.convention,
  });
}

// ---------------------------------------------------------------- the case in hand

function knownOf(ctx: Ctx, clause: Clause, s: State): Known {
  const known: Record<string, string> = clauseFacts(clause, s.statedFacts ?? {}, ctx.k);
  for (const [fact, value] of s.answers ?? []) known[fact] = value;
  return known;
}

/** Whether a penalty «в контракте того уровня, на котором произошло нарушение» is priced by the bidding. */
function biddingLevel(ctx: Ctx, clause: Clause, known: Known): boolean {
  return possibleCases(clause, known, ctx.k).some((c) => countsAtBiddingLevel(c.penalties));
}

/** The level for the points (`level`, or `bid_level` where the penalty is at the level the bidding reached). */
function levelQuestion(ctx: Ctx, clause: Clause, known: Known, fact: string): Question | null {
  const def = ctx.k.facts.get(fact);
  if (!def) return null;
  const values = Object.keys(def.values);
  if (fact !== "level") return { fact, values };
  return biddingLevel(ctx, clause, known) && !clause.questions?.level ? { fact, values, wording: T.levelBidding } : { fact, values };
}

/** The question the dialog waits on, or null when it is time for the verdict. */
function pending(ctx: Ctx, s: State, clause: Clause): Question | null {
  if (s.changing !== undefined) return changeQuestion(ctx, clause, s.changing);
  if (!clause.text.trim() || (s.answers?.length ?? 0) >= MAX_QUESTIONS) return null;
  const known = knownOf(ctx, clause, s);
  const q = nextQuestion(clause, known, ctx.k);
  if (q) return q;
  const level = wantsLevel(clause, known, ctx.k, s.convention);
  if (!level) return null;
  // noticed before the contract was named, nobody can say its level: points for every level instead
  // (the level the bidding reached, a penalty at the bidding's level, or a level the clause words itself, is still asked)
  const asksBidding = level !== "level" || biddingLevel(ctx, clause, known) || clause.questions?.level !== undefined;
  if (unknowable(level, known, ctx.k, true)) return null;
  return asksBidding || !unknowable("level", known, ctx.k) ? levelQuestion(ctx, clause, known, level) : null;
}

/**
 * A fact of the ruling asked anew: every value some case of the clause allows, even one the other
 * facts contradict (the player corrects the story; what the new value rules out then goes).
 */
function changeQuestion(ctx: Ctx, clause: Clause, fact: string): Question | null {
  const values = offeredValues(clause, {}, fact, ctx.k);
  const all = values.length > 0 ? values : Object.keys(ctx.k.facts.get(fact)?.values ?? {});
  return all.length > 0 ? { fact, values: all } : null;
}

function canGoBack(s: State): boolean {
  return (s.answers?.length ?? 0) > 0 || (s.picks?.length ?? 0) > 1;
}

function questionReply(ctx: Ctx, s: State, clause: Clause, q: Question): Reply {
  const fact = ctx.k.facts.get(q.fact)!;
  const repeat = isRepeatQuestion(q);
  // a judges' log's earlier cases of the clause: the question is asked about them
  const earlier = repeat ? earlierCasesOf(s, clause.id) : [];
  const wording = earlier.length ? earlierQuestion(earlier) : (q.wording ?? clause.questions?.[q.fact] ?? fact.question);
  const rows: Button[][] = earlier.length
    ? [...earlier.map((n) => [button(tok(s), sameAsLabel(n), "a", REPEATED, String(n))]), [button(tok(s), NOT_SAME, "a", FIRST)]]
    : q.values.map((v) => [button(tok(s), clip(fact.values[v] ?? v), "a", v)]);
  if (earlier.length && manyRulesApart(clause, knownOf(ctx, clause, s), q, ctx.k))
    rows.push([button(tok(s), clip(fact.values[MANY] ?? MANY), "a", MANY)]);
  const last = [button(tok(s), T.dontKnow, "u")];
  if (s.changing !== undefined || canGoBack(s)) last.push(button(tok(s), T.back, "b"));
  rows.push(last);
  const n = (s.answers?.length ?? 0) + 1;
  const head = s.changing !== undefined ? `${T.change}: ${wording}` : `Вопрос ${n}: ${wording}`;
  const reply: Reply = { text: `${clauseLabel(clause)}\n${head}`, buttons: rows, citations: [], live: true };
  return repeat && !earlier.length ? { ...reply, asksRepeat: clause.id } : reply;
}

/** «Кто ошибся: вистующий» — a fact as the player reads it under the ruling. */
function factLabel(ctx: Ctx, clause: Clause, fact: string, value: string): string {
  const def = ctx.k.facts.get(fact);
  const name = clause.fact_names?.[fact] ?? def?.short ?? (clause.questions?.[fact] ?? def?.question ?? fact).replace(/\?\s*$/, "");
  // «Разыгрывающий (играющий)»: the bracket helps a button, not a line under the ruling
  const said = value === UNKNOWN ? T.dontKnow : (def?.values[value] ?? value).replace(/\s*\([^)]*\)\s*$/, "");
  return `${name}: ${lowerFirst(said)}`;
}

/**
 * The facts a ruling rests on, each with where it came from: what the case is taken to be (the
 * facts the description stated that fit the clause, the phase the clause is about, the answers),
 * in the order knowledge/facts.yaml lists them.
 */
function factLines(ctx: Ctx, clause: Clause, s: State): FactLine[] {
  // a heading without text rules nothing whatever the facts: no fact it rests on (audit BB, 10.4.14)
  if (!clause.text.trim()) return [];
  const known = knownOf(ctx, clause, s);
  const answered = new Map((s.answers ?? []).map(([f, v]) => [f, v]));
  const lines: FactLine[] = [];
  const rowTold = rowToldFacts(ctx.k);
  // a value the message's facts leave alone (a card played out of turn is a card seen) is the message's, not assumed
  const toldByText = impliedBy(s.statedFacts ?? {}, ctx.k);
  for (const fact of ctx.k.facts.keys()) {
    const value = known[fact];
    if (value === undefined) continue;
    // the rows a description matched told it, not the player, or it is of one matter: worth a line only where it rules
    if ((rowTold.has(fact) || ctx.k.facts.get(fact)?.only_where_it_bears) && !bearsOnRuling(clause, fact, ctx.k, s.ruleset)) continue;
    // a level said in the bidding («я сказал шесть пик») is no contract a deal's ruling rests on (audit BC)
    if ((fact === "level" || fact === "bid_level") && !levelBears(ctx, clause, s, fact, known)) continue;
    const implied = toldByText.get(fact);
    const fromText = s.statedFacts?.[fact] === value || (implied?.length === 1 && implied[0] === value);
    const answeredEarlier = s.answeredBefore?.includes(fact) === true && s.statedFacts?.[fact] === value;
    const source: FactSource = answered.get(fact) === value || answeredEarlier ? "answer" : fromText ? "text" : "assumed";
    const label = factLabel(ctx, clause, fact, value);
    const earlier = source === "answer" && fact === REPEAT_FACT ? earlierCasesOf(s, clause.id) : [];
    const basis = earlier.length ? earlierBasis(value, s.sameAsCase, earlier) : undefined;
    const sameAs = basis && value === REPEATED ? s.sameAsCase : undefined;
    lines.push({
      fact,
      value,
      label: basis ? `${label} — ${basis}` : label,
      source,
      ...(sameAs !== undefined ? { sameAsCase: sameAs } : {}),
    });
  }
  return lines;
}

/** Whether the ruling turns on a level or prices a penalty by it: this clause's, or by both documents a linked row's of the other. */
function levelBears(ctx: Ctx, clause: Clause, s: State, fact: "level" | "bid_level", known: Known): boolean {
  if (bearsOnRuling(clause, fact, ctx.k, s.ruleset)) return true;
  if (possibleCases(clause, known, ctx.k).some((c) => levelFacts(c.penalties).includes(fact))) return true;
  return (
    s.ruleset === "both" &&
    clause.links.some((id) => {
      const other = ctx.k.byId.get(id);
      return other !== undefined && other.document !== clause.document && other.cases.some((c) => levelFacts(c.penalties).includes(fact));
    })
  );
}

/** A narrow exception told in words names another value than `matter`, the row's own (10.1.4: dealt from another player). */
function toldOtherwise(clause: Clause, fact: string, matter: string): boolean {
  return clause.cases.some((c) => c.told_only && c.when[fact]?.some((v) => v !== matter));
}

function verdictReply(ctx: Ctx, s: State, clause: Clause): Reply {
  const v = renderVerdict(ctx.k, clause, knownOf(ctx, clause, s), s.ruleset, s.minutes, s.convention);
  const facts = factLines(ctx, clause, s);
  // each fact changeable with one tap: its question comes up in place of the ruling (not the
  // phase of a clause about one phase, nor a fact its row is about: the clause settles it, and
  // another value is another clause — but a narrow exception told in words can be taken back)
  const fixed = fixedFacts(clause, ctx.k);
  // (a heading without text rules nothing whatever the facts: no fact to change there)
  const empty = !clause.text.trim();
  const rows: Button[][] = facts
    .filter(
      (f) =>
        !empty &&
        !(f.fact === "phase" && clause.phase.length === 1) &&
        (fixed[f.fact] !== f.value || toldOtherwise(clause, f.fact, f.value)) &&
        // a fact this document's ruling does not turn on (who dealt, under 10.1.8): nothing to change it to here
        (s.ruleset === "both" || bearsOnRuling(clause, f.fact, ctx.k, s.ruleset)),
    )
    .map((f) => [button(tok(s), clip(`${T.changeMark} ${f.label}`), "f", f.fact)]);
  // a ruling that is this clause's silence and names where the document rules instead: those clauses one tap away
  const ruled = (v.verdict.cases ?? [v.verdict.case]).map((id) => clause.cases.find((c) => c.id === id));
  // (an empty clause: the same document's clauses beside it, as its ruling names them)
  const pointed = empty
    ? clause.links.filter((id) => ctx.k.byId.get(id)?.document === clause.document)
    : ruled.length === 1 && ruled[0]?.silent
      ? (ruled[0].see ?? [])
      : [];
  for (const id of pointed) {
    const other = ctx.k.byId.get(id);
    if (other && inRuleset(other, s.ruleset)) rows.push([button(tok(s), clip(clauseLabel(other)), "k", other.id)]);
  }
  const row: Button[] = [button(tok(s), T.clauseText, "k", clause.id)];
  if (canGoBack(s)) row.push(button(tok(s), T.changeAnswer, "b"));
  rows.push(row, [button(tok(s), T.newCase, "n")]);
  // a row of one phase is taken to be about this moment when the message does not say it; where a row of
  // the same title rules another moment (Zinin 1.12 / 2.3, 3.3 / 4.4, 3.1 / 4.2), that is said in the details
  const sibling = ctx.k.clauses.some((c) => c.id !== clause.id && c.document === clause.document && c.title === clause.title);
  const phase = sibling ? facts.find((f) => f.fact === "phase" && f.source === "assumed" && clause.phase.length === 1) : undefined;
  const said = phase ? `${T.phaseAssumed} ${lowerFirst(ctx.k.facts.get("phase")?.values[phase.value] ?? phase.value)}.` : "";
  // a condition of the clause's own words taken because nobody said otherwise (10.4.4 «самовольный»): said, not only a chip (audit Y)
  const taken = facts
    .filter((f) => f.source === "assumed" && assumedValue(clause, f.fact, ctx.k) === f.value)
    .map((f) => `${T.conditionAssumed} ${lowerFirst(f.label)}.`);
  // a fact taken from another one the message states (a bid of six: a game, not распасы) decides the ruling as
  // much as a stated one: said, not only a chip (audit AA)
  const derived = facts
    .filter(
      (f) =>
        f.source === "assumed" &&
        f.fact !== "phase" &&
        !(f.fact in fixed) &&
        assumedValue(clause, f.fact, ctx.k) !== f.value &&
        clause.cases.some((c) => f.fact in c.when),
    )
    .map((f) => `${T.derivedAssumed} ${lowerFirst(f.label)}.`);
  const details = [said, ...taken, ...derived, v.details ?? ""].filter(Boolean).join("\n");
  return {
    text: v.text,
    ...(details ? { details } : {}),
    facts,
    buttons: rows,
    citations: v.citations,
    verdict: v.verdict,
    share: shareQuery(clause, facts),
    live: true,
  };
}

/** «fspr-10.4.6 offender=defender level=7»: the inline query that posts this ruling elsewhere. */
function shareQuery(clause: Clause, facts: readonly FactLine[]): string {
  return [clause.id, ...facts.filter((f) => f.value !== UNKNOWN).map((f) => `${f.fact}=${f.value}`)].join(" ");
}

/** Whether a clause's yield holds for the facts: they state it, or they leave only the cases it names. */
function yieldHolds(ctx: Ctx, clause: Clause, y: Clause["yields"][number], known: Known): boolean {
  const when = Object.entries(y.when ?? {});
  // a fact holds when it is known among the values, or the known ones imply it is (a вистующий: a game)
  const implied = impliedBy(known, ctx.k);
  const holds = ([fact, values]: [string, readonly string[]]): boolean => {
    const value = known[fact];
    if (value !== undefined && value !== UNKNOWN) return values.includes(value);
    const allowed = implied.get(fact);
    return allowed !== undefined && allowed.length > 0 && allowed.every((v) => values.includes(v));
  };
  if (when.length > 0 && when.every(holds)) return true;
  // a stated fact outside the yield's (a passer, where it names the players of the contract): no yield
  if (when.some(([fact, values]) => known[fact] !== undefined && known[fact] !== UNKNOWN && !values.includes(known[fact]))) return false;
  const possible = possibleCases(clause, known, ctx.k);
  return possible.length > 0 && possible.every((c) => y.cases.includes(c.id));
}

/**
 * The clause of the same document that rules this incident instead (`yields` in knowledge), with
 * the state moved onto it: the answers so far become stated facts, so its own questions follow;
 * `answeredBefore` keeps them shown as the player's answers, not as the message's (audit BF).
 */
function yielded(ctx: Ctx, s: State, clause: Clause): State | null {
  const known = knownOf(ctx, clause, s);
  for (const y of clause.yields) {
    const other = ctx.k.byId.get(y.to);
    if (!other || !yieldHolds(ctx, clause, y, known)) continue;
    const stated: Record<string, string> = { ...(s.statedFacts ?? {}), ...(y.tells ?? {}) };
    const answeredBefore = new Set(s.answeredBefore ?? []);
    for (const [fact, value] of s.answers ?? []) {
      if (value === UNKNOWN) continue;
      stated[fact] = value;
      answeredBefore.add(fact);
    }
    const theirs = knownOf(ctx, other, { ...s, statedFacts: stated, answers: [] });
    // the other clause would give it straight back: this one rules
    if (other.yields.some((back) => back.to === clause.id && yieldHolds(ctx, other, back, theirs))) continue;
    return bump(s, { clause: other.id, statedFacts: stated, answers: [], answeredBefore: [...answeredBefore], changing: undefined });
  }
  return null;
}

/** Ask the next question, or rule. `s` already names the clause. */
function advance(ctx: Ctx, s: State): Out {
  const named = ctx.k.byId.get(s.clause ?? "");
  if (!named) return say(newCase(s, "lost"), plain(T.closed));
  const moved = yielded(ctx, s, named);
  if (moved) s = moved;
  const clause = moved ? ctx.k.byId.get(moved.clause!)! : named;
  const q = pending(ctx, s, clause);
  if (q) {
    const st: State = { ...s, stage: "ask" };
    return say(st, questionReply(ctx, st, clause, q));
  }
  const st: State = { ...s, stage: "verdict" };
  return say(st, verdictReply(ctx, st, clause));
}

function pickReply(ctx: Ctx, s: State): Reply {
  const rows: Button[][] = (s.picks ?? []).flatMap((id, i) => {
    const c = ctx.k.byId.get(id);
    return c ? [[button(tok(s), clip(clauseLabel(c)), "c", String(i))]] : [];
  });
  rows.push([button(tok(s), T.noneFits, "x")]);
  return { text: T.pick, buttons: rows, citations: [], live: true };
}

function cardReply(ctx: Ctx, s: State, clause: Clause, fromList: boolean): Reply {
  const card = renderClauseCard(ctx.k, clause, s.ruleset);
  const rows: Button[][] = [[button(tok(s), T.apply, "p", clause.id)]];
  if (fromList) rows.push([button(tok(s), T.toSection, "l", clause.document, clause.section.number)]);
  return { ...card, buttons: [...card.buttons, ...rows] };
}

/** A clause card, remembered so that its «Применить к случаю» typed instead of pressed applies it. */
function showCard(ctx: Ctx, s: State, clause: Clause, fromList: boolean, told?: MatchResult): Out {
  return say(makeState({ ...s, card: clause.id, cardCase: told && toldCase(told) }), cardReply(ctx, s, clause, fromList));
}

/** What a message told of its case, kept with the card it opened: «Применить к случаю» applies the clause to it. */
function toldCase(told: MatchResult): State["cardCase"] {
  const facts = told.facts ?? {};
  const minutes = told.numbers.minutes;
  return Object.keys(facts).length > 0 || minutes !== undefined ? { facts, ...(minutes === undefined ? {} : { minutes }) } : undefined;
}

/**
 * A button's words typed instead of pressed («Новый случай», «Текст пункта» under a ruling, «Изменить
 * ответ», «Применить к случаю» under the card last shown): the same as the press, not a description.
 */
function typedPress(s: State, text: string): string | null {
  const t = normalizeTyped(text);
  if (t === normalizeTyped(T.newCase)) return encode(tok(s), "n");
  if (t === normalizeTyped(T.apply) && s.card) return encode(tok(s), "p", s.card);
  if (s.stage !== "verdict" || !s.clause) return null;
  if (t === normalizeTyped(T.clauseText)) return encode(tok(s), "k", s.clause);
  if (t === normalizeTyped(T.changeAnswer) && canGoBack(s)) return encode(tok(s), "b");
  return null;
}

function nothingReply(): Reply {
  return plain(`${T.nothing}\n\n${T.examples}`);
}

// ---------------------------------------------------------------- descriptions

/** Candidates in the ruleset; in `both`, one clause per matter (FSPR kept over its linked row). */
function pickable(ctx: Ctx, s: State, r: MatchResult): Clause[] {
  const out: Clause[] = [];
  const facts = r.facts ?? {};
  // linked only where the message tells a fact (10.1.9 and Zinin 1.1: a card of the прикуп): a twin only then (audit AM)
  const told = (l: Clause["bearings"][number]): boolean => !l.told || toldIn(facts, l.told);
  const twins = (a: Clause, b: Clause): boolean =>
    a.bearings.some((l) => l.with === b.id && told(l)) || b.bearings.some((l) => l.with === a.id && told(l));
  for (const cand of r.candidates) {
    const c = ctx.k.byId.get(cand.id);
    if (!c || !inRuleset(c, s.ruleset) || out.includes(c)) continue;
    const twin = out.findIndex((o) => o.document !== c.document && twins(o, c));
    if (twin < 0) out.push(c);
    else if (c.document === "fspr" && out[twin]!.document !== "fspr") out[twin] = c;
  }
  return out;
}

function statedFacts(ctx: Ctx, r: MatchResult, rows: readonly string[] = r.candidates.map((c) => c.id)): Record<string, string> {
  const out: Record<string, string> = factsOfRows(rows, ctx.k);
  for (const [fact, value] of Object.entries(r.facts ?? {})) {
    if (typeof value === "string" && ctx.k.facts.get(fact)?.values[value] !== undefined) out[fact] = value;
  }
  return out;
}

/**
 * The clauses a description matches, best first: by both documents, a document's own rows after
 * the joint list (which keeps few of the other's), so the row it is most like tells its facts.
 */
function rowsOf(ctx: Ctx, s: State, text: string, r: MatchResult): string[] {
  const ids = r.candidates.map((c) => c.id);
  if (s.ruleset !== "both") return ids;
  for (const one of RULESETS) if (one !== "both") ids.push(...ctx.matcher.match(text, one).candidates.map((c) => c.id));
  return ids;
}

/**
 * The joint match's rows a one-document reply may speak of; `firstOnly` (a message this document takes for no
 * irregularity): only the first, and only where the joint match takes it for an incident.
 */
function jointRows(ctx: Ctx, joint: MatchResult, firstOnly: boolean): Clause[] {
  if (joint.confidence === "none" || (firstOnly && joint.kind !== "incident")) return [];
  return (firstOnly ? joint.candidates.slice(0, 1) : joint.candidates).flatMap((c) => ctx.k.byId.get(c.id) ?? []);
}

/** «В таблице Зинина этого нет; в кодексе ФСПР — 10.4.10 «…»»: the matter is only in the other document. */
function elsewhereReply(ctx: Ctx, s: State, joint: MatchResult, firstOnly = false): Out | null {
  if (s.ruleset === "both") return null;
  const other = jointRows(ctx, joint, firstOnly).find((c) => !inRuleset(c, s.ruleset));
  if (!other) return null;
  const line = `${T.notIn[s.ruleset]}; ${T.inDocument[other.document]} — ${other.number} «${other.title}».`;
  const reply = {
    ...plain(line, [[button(tok(s), T.clauseText, "k", other.id), button(tok(s), T.apply, "p", other.id)]]),
    citations: [other.id],
  };
  // «Применить к случаю» then applies it to what the message told, not to a blank case (audit BA)
  return say(makeState({ ...s, card: other.id, cardCase: toldCase(joint) }), reply);
}

/** «Можно посмотреть последнюю взятку?»: the clause whose permission the message states every fact of (audit AZ). */
function allowingClause(ctx: Ctx, s: State): Clause | undefined {
  const said = s.statedFacts ?? {};
  return ctx.k.clauses.find(
    (c) =>
      inRuleset(c, s.ruleset) &&
      c.cases.some(
        (x) =>
          x.answers_whether_allowed === true &&
          Object.entries(x.when).every(([fact, values]) => said[fact] !== undefined && values.includes(said[fact])),
      ),
  );
}

/** By one document, the clause of it linked to the other document's row the joint match leads with, if any. */
function twinHere(ctx: Ctx, s: State, joint: MatchResult, firstOnly: boolean): Clause | undefined {
  const rows = jointRows(ctx, joint, firstOnly);
  const other = rows.find((c) => !inRuleset(c, s.ruleset));
  if (!other || rows.some((c) => inRuleset(c, s.ruleset))) return undefined;
  const here = otherDocumentRows(ctx.k, other).filter((c) => inRuleset(c, s.ruleset));
  // the one the joint match ranks first, else the first linked
  return joint.candidates.map((c) => here.find((h) => h.id === c.id)).find((c) => c !== undefined) ?? here[0];
}

/**
 * By one document, a description the joint match clearly takes for a clause of the other document that
 * no row of this one is linked to: the other document's clause, named as such.
 */
function aloneElsewhere(ctx: Ctx, s: State, joint: MatchResult): Out | null {
  const top = joint.confidence === "clear" && joint.kind === "incident" ? ctx.k.byId.get(joint.candidates[0]?.id ?? "") : undefined;
  if (!top || inRuleset(top, s.ruleset) || otherDocumentRows(ctx.k, top).length > 0) return null;
  return elsewhereReply(ctx, s, joint, true);
}

function describe(ctx: Ctx, s: State, text: string, r: MatchResult): Out {
  const base: State = { ...newCase(s, text), statedFacts: statedFacts(ctx, r, rowsOf(ctx, s, text, r)) };
  const minutes = r.numbers?.minutes;
  const withMin: State =
    typeof minutes === "number" && Number.isFinite(minutes) && minutes >= 0 && minutes <= 100_000 ? { ...base, minutes } : base;
  const cands = pickable(ctx, s, r);
  // by one document, the same text matched by both, once: what the other document says of it
  const joint = s.ruleset === "both" ? undefined : ctx.matcher.match(text, "both");
  // a matter only the other document has (lateness, seating in Zinin's table): said so, not rows of another matter (audit AZ)
  const onlyElsewhere = joint && r.kind === "incident" ? aloneElsewhere(ctx, withMin, joint) : null;
  if (onlyElsewhere) return onlyElsewhere;
  // taken for no irregularity, led by the very clause that allows it, or a list to pick from that holds it
  // («глянул на последнюю взятку» near 10.4.4 and 10.4.16): that clause's answer, not the list
  const allowed = allowingClause(ctx, withMin);
  const offered = (id: string): boolean => cands[0]?.id === id || (r.confidence !== "clear" && cands.some((c) => c.id === id));
  if (allowed && (r.kind === "not_an_irregularity" || offered(allowed.id)))
    return advance(ctx, { ...withMin, stage: "ask", clause: allowed.id, answers: [] });
  // the joint match leads with the other document's row on a matter this one rules too (Zinin 2.5 «пика» and 10.3.1):
  // this document's clause, not «этого нет» (audit BA)
  const twin = joint && cands.length === 0 ? twinHere(ctx, withMin, joint, r.kind === "not_an_irregularity") : undefined;
  if (twin) return advance(ctx, { ...withMin, stage: "ask", clause: twin.id, answers: [] });
  if (r.kind === "not_an_irregularity" && cands.length === 0)
    return (joint && elsewhereReply(ctx, withMin, joint, true)) ?? say(withMin, plain(T.notIrregularity));
  if (r.confidence === "none" || cands.length === 0) return (joint && elsewhereReply(ctx, withMin, joint)) ?? say(withMin, nothingReply());
  if (r.confidence === "clear" || cands.length === 1) return advance(ctx, { ...withMin, stage: "ask", clause: cands[0]!.id, answers: [] });
  const st: State = { ...withMin, stage: "pick", picks: cands.slice(0, 4).map((c) => c.id) };
  return say(st, pickReply(ctx, st));
}

/** Words that may stand around a clause number without making the message a description. */
const NUMBER_WORDS =
  /^(п|пп|пункт\S*|раздел\S*|подраздел\S*|зинин\S*|фспр|кодекс\S*|таблиц\S*|по|в|во|что|какой|покажи|правило|номер|ст|статья|и|у|из|клубн\S*|спортивн\S*|ошибок)$/;

/** «10.4.6», «п. 4.5 Зинина», «что в 10.4.6?» — a message that is only a clause number. */
function isJustNumber(text: string): boolean {
  // every clause number has digits: most messages are settled here, before the heavier pass
  if (!/\d/.test(text)) return false;
  const rest = text
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/(fspr|zinin)-\d+(\.\d+)*/g, " ")
    .replace(/\d+(\.\d+)*/g, " ")
    .replace(/[^\p{L}]+/gu, " ")
    .split(" ")
    .filter((w) => w && !NUMBER_WORDS.test(w));
  return rest.length === 0;
}

function unknownNumber(ctx: Ctx, s: State, number: string, near: readonly Clause[]): Reply {
  const rows = near.filter((c) => inRuleset(c, s.ruleset)).map((c) => [button(tok(s), clip(clauseLabel(c)), "k", c.id)]);
  return plain(`Пункта ${number} нет.${rows.length ? " Рядом есть:" : " Все пункты — /list."}`, rows);
}

/** New facts typed while a question waits («это было на распасах»): merged into the case. */
function factsForCase(ctx: Ctx, s: State, clause: Clause, r: MatchResult): State | null {
  const related = r.candidates.length === 0 || r.candidates.some((c) => c.id === clause.id || clause.links.includes(c.id));
  if (!related) return null;
  const stated = statedFacts(ctx, r);
  const answered = new Set((s.answers ?? []).map(([f]) => f));
  const before = knownOf(ctx, clause, s);
  const fresh = Object.fromEntries(Object.entries(stated).filter(([f]) => before[f] === undefined && !answered.has(f)));
  if (Object.keys(fresh).length === 0) return null;
  const next: State = bump(s, { statedFacts: { ...(s.statedFacts ?? {}), ...fresh } });
  const after = knownOf(ctx, clause, next);
  return Object.keys(fresh).some((f) => after[f] !== undefined) ? next : null;
}

/** A contract level said alone in a follow-up («а если у него 9 было?»). */
function levelSaid(ctx: Ctx, text: string): string | undefined {
  const said = /(?:^|\D)(6|7|8|9|10)(?!\d)/.exec(text)?.[1];
  return said !== undefined && ctx.k.facts.get("level")?.values[said] !== undefined ? said : undefined;
}

/**
 * A reply to the ruling («а если у него 9 было?»): the facts it states replace those of the case
 * and the ruling is given anew; null when it states nothing the case rests on.
 */
function followUp(ctx: Ctx, s: State, clause: Clause, text: string): Out | null {
  const stated: Record<string, string> = statedFacts(ctx, ctx.matcher.match(text, s.ruleset));
  const level = levelSaid(ctx, text);
  if (level !== undefined) stated.level = level;
  const known = knownOf(ctx, clause, s);
  const used = new Set([...clause.cases.flatMap((c) => Object.keys(c.when)), "level"]);
  const changes = Object.entries(stated).filter(([f, v]) => used.has(f) && known[f] !== v);
  if (changes.length === 0) return null;
  // said in a message, so they count as stated, not as answers (the questions' budget stays whole)
  let next: State = bump(s, { stage: "ask", changing: undefined });
  for (const [fact, value] of changes) {
    const patch = withAnswer(ctx, next, fact, value);
    next = {
      ...next,
      answers: patch.answers?.filter(([f]) => f !== fact),
      statedFacts: { ...patch.statedFacts, [fact]: value },
    };
  }
  return advance(ctx, makeState(next));
}

function onText(ctx: Ctx, s: State, raw: string, continues = false): Out {
  const text = raw.replace(/\s+/g, " ").trim().slice(0, MAX_TEXT);
  if (!text) return say(s, plain(`${T.describe}\n\n${T.examples}`));
  const typed = typedPress(s, text);
  if (typed) return onPress(ctx, s, typed);
  const clause = s.clause ? ctx.k.byId.get(s.clause) : undefined;
  if (continues && clause && (s.stage === "verdict" || s.stage === "ask")) {
    const next = followUp(ctx, s, clause, text);
    if (next) return next;
  }
  if (s.stage === "ask" && clause) {
    const q = pending(ctx, s, clause);
    const earlier = q && isRepeatQuestion(q) ? earlierCasesOf(s, clause.id) : [];
    const yesNo = q && earlier.length ? typedYesNo(text, earlier) : null;
    if (q && yesNo)
      return advance(ctx, bump(s, { ...withAnswer(ctx, s, q.fact, yesNo.value), changing: undefined, sameAsCase: yesNo.sameAs }));
    const v = q ? textAnswer(ctx.k, q, text) : null;
    const sameAs = q?.fact === REPEAT_FACT ? { sameAsCase: undefined } : {};
    if (q && v !== null) return advance(ctx, bump(s, { answers: [...(s.answers ?? []), [q.fact, v]], ...sameAs }));
  }
  const r = ctx.matcher.match(text, s.ruleset);
  const first = r.candidates[0] ? ctx.k.byId.get(r.candidates[0].id) : undefined;
  if (r.byNumber && first) return showCard(ctx, s, first, false, r);
  if (isJustNumber(text)) {
    const look = lookupClause(ctx.k, text);
    if (look?.kind === "found") return showCard(ctx, s, look.clause, false);
    if (look?.kind === "unknown") return say(s, unknownNumber(ctx, s, look.ref.number, look.near));
  }
  if (s.stage === "ask" && clause) {
    const merged = factsForCase(ctx, s, clause, r);
    if (merged) return advance(ctx, merged);
  }
  return describe(ctx, s, text, r);
}

// ---------------------------------------------------------------- buttons

function setRuleset(s: State, r: Ruleset): Out {
  return say({ ...s, ruleset: r }, plain(`${T.rulesetSet} ${T.rulesetNames[r]}.`));
}

/** The convention a dialog counts points by: its own choice, or the knowledge's default. */
function conventionOf(ctx: Ctx, s: State): string {
  return s.convention && ctx.k.conventions.has(s.convention) ? s.convention : ctx.k.defaultConvention;
}

function setConvention(ctx: Ctx, s: State, id: string): Out {
  return say({ ...s, convention: id }, plain(`${T.settingsSet} ${ctx.k.conventions.get(id)!.name}.`));
}

function settingsMenu(ctx: Ctx, s: State): Out {
  const current = conventionOf(ctx, s);
  const rows = [...ctx.k.conventions].map(([id, c]) => [button(tok(s), `${id === current ? "✓ " : ""}${c.name}`, "s", id)]);
  return say(s, plain(T.settingsAsk, rows));
}

/** «/settings ленинград», «/settings leningrad»: a convention by its id or its name. */
function conventionNamed(ctx: Ctx, arg: string): string | undefined {
  const q = arg.trim().toLowerCase().replace(/ё/g, "е");
  if (!q) return undefined;
  return [...ctx.k.conventions].find(([id, c]) => id === q || c.name.toLowerCase().replace(/ё/g, "е") === q)?.[0];
}

function rulesetMenu(s: State): Out {
  const rows = RULESETS.map((r) => [button(tok(s), `${r === s.ruleset ? "✓ " : ""}${T.rulesetNames[r]}`, "r", r)]);
  return say(s, plain(T.rulesetAsk, rows));
}

/** A press that changes nothing (stale, foreign or malformed): a short notice, shown as a pop-up where the adapter can. */
function refuse(s: State): Out {
  return say(s, { text: T.closed, buttons: [], citations: [], popup: true });
}

/**
 * The player's answer to `fact`, given or changed: an earlier answer to it is replaced in place,
 * and a stated fact or answer the new value contradicts (распасы, then «разыгрывающий») goes.
 */
function withAnswer(ctx: Ctx, s: State, fact: string, value: string): Pick<State, "answers" | "statedFacts"> {
  const fits = (f: string, v: string): boolean =>
    f === fact || v === UNKNOWN || value === UNKNOWN || compatible({ [fact]: value }, f, v, ctx.k);
  const given = s.answers ?? [];
  const at = given.findIndex(([f]) => f === fact);
  const answers =
    at < 0 ? [...given, [fact, value] as const] : given.map((a, i): readonly [string, string] => (i === at ? [fact, value] : a));
  const stated = Object.entries(s.statedFacts ?? {}).filter(([f, v]) => f !== fact && fits(f, v));
  return { answers: answers.filter(([f, v]) => fits(f, v)), statedFacts: Object.fromEntries(stated) };
}

/** An answer to the repeat question names the earlier case «Да, как в №7» pressed (or none); other answers leave it. */
function sameAsPatch(s: State, clause: Clause, q: Question, value: string, p: Press): Pick<State, "sameAsCase"> | Record<string, never> {
  if (q.fact !== REPEAT_FACT) return {};
  const named = Number(p.args[1]);
  return { sameAsCase: value === REPEATED && earlierCasesOf(s, clause.id).includes(named) ? named : undefined };
}

/**
 * A judges' log's earlier rulings of the clause in the tournament, passed in while the judge asks
 * whether the offence is a repeat: the same question, now about them. The version stays: the
 * judge's own wording of it was never shown, and the answer's buttons are the same press.
 */
function onEarlierCases(ctx: Ctx, s: State, clauseId: string, given: unknown): Out {
  const clause = s.clause === clauseId ? ctx.k.byId.get(clauseId) : undefined;
  const q = s.stage === "ask" && clause ? pending(ctx, s, clause) : null;
  const cases = cleanCaseNumbers(given);
  if (!clause || !q || !isRepeatQuestion(q)) return refuse(s);
  if (!cases.length) return advance(ctx, s);
  return advance(ctx, makeState({ ...s, earlierCases: { clause: clause.id, cases } }));
}

function onPress(ctx: Ctx, s: State, data: string): Out {
  const p: Press | null = decode(data);
  if (!p) return refuse(s);
  const clause = s.clause ? ctx.k.byId.get(s.clause) : undefined;
  if (s.lastPress && p.d === s.dialogId && p.t === s.version - 1 && clause && (s.stage === "ask" || s.stage === "verdict")) {
    // The press that made this very version, again: Telegram redelivers an update the bot could
    // not confirm (a crash between saving the dialog and confirming). Show where the dialog is.
    if (s.lastPress === data) return advance(ctx, s);
    // Another answer to the question just answered: the player still sees it (a crash before the
    // message was edited). Take it as a change of that answer.
    const made = decode(s.lastPress);
    if (made && (made.action === "a" || made.action === "u") && (p.action === "a" || p.action === "u")) {
      const before = (s.answers ?? []).slice(0, -1);
      const q = pending(ctx, { ...s, answers: before }, clause);
      const v = p.action === "u" ? UNKNOWN : p.args[0];
      if (q && v !== undefined && (v === UNKNOWN || q.values.includes(v)))
        return advance(ctx, bump(s, { answers: [...before, [q.fact, v]], lastPress: data, ...sameAsPatch(s, clause, q, v, p) }));
    }
  }
  if (isStateful(p.action) && (p.d !== s.dialogId || p.t !== s.version)) return refuse(s);
  switch (p.action) {
    case "a":
    case "u": {
      const q = s.stage === "ask" && clause ? pending(ctx, s, clause) : null;
      const v = p.action === "u" ? UNKNOWN : p.args[0];
      if (!q || !clause || v === undefined || (v !== UNKNOWN && !q.values.includes(v))) return refuse(s);
      return advance(
        ctx,
        bump(s, { ...withAnswer(ctx, s, q.fact, v), changing: undefined, lastPress: data, ...sameAsPatch(s, clause, q, v, p) }),
      );
    }
    case "f": {
      // «Исходя из: …»: a fact of the ruling, to be answered anew
      const fact = p.args[0] ?? "";
      if (s.stage !== "verdict" || !clause || !ctx.k.facts.has(fact)) return refuse(s);
      return advance(ctx, bump(s, { stage: "ask", changing: fact, lastPress: data }));
    }
    case "c": {
      const id = s.stage === "pick" ? s.picks?.[Number(p.args[0])] : undefined;
      if (!id || !/^\d$/.test(p.args[0] ?? "")) return refuse(s);
      return advance(ctx, bump(s, { stage: "ask", clause: id, answers: [], lastPress: data }));
    }
    case "x": {
      if (s.stage !== "pick") return refuse(s);
      const st = bump(s, { stage: "idle", picks: undefined });
      return say(st, { ...plain(T.describeAgain, sectionButtons(ctx.k, tok(st), st.ruleset)), live: true });
    }
    case "b": {
      if ((s.stage !== "ask" && s.stage !== "verdict") || !clause) return refuse(s);
      // back from changing a fact: the ruling as it was
      if (s.changing !== undefined) return advance(ctx, bump(s, { changing: undefined, lastPress: data }));
      const given = s.answers ?? [];
      if (given.length > 0) return advance(ctx, bump(s, { answers: given.slice(0, -1), lastPress: data }));
      if ((s.picks?.length ?? 0) > 1) {
        const st = bump(s, { stage: "pick", clause: undefined, answers: undefined });
        return say(st, pickReply(ctx, st));
      }
      return refuse(s);
    }
    case "k": {
      const c = ctx.k.byId.get(p.args[0] ?? "");
      return c ? showCard(ctx, s, c, true) : refuse(s);
    }
    case "p": {
      const c = ctx.k.byId.get(p.args[0] ?? "");
      if (!c) return refuse(s);
      // the card opened by a message that also told the case: its facts are not asked again
      const told = s.card === c.id ? s.cardCase : undefined;
      const stated = told ? { statedFacts: told.facts, minutes: told.minutes } : {};
      return advance(ctx, makeState({ ...newCase(s, `apply:${c.id}`), stage: "ask", clause: c.id, answers: [], ...stated }));
    }
    case "l": {
      const reply = listReply(ctx.k, tok(s), s.ruleset, p.args);
      return reply ? say(s, reply) : refuse(s);
    }
    case "n":
      return say(newCase(s, "new"), plain(T.newPrompt));
    case "r": {
      const r = RULESETS.find((x) => x === p.args[0]);
      return r ? setRuleset(s, r) : refuse(s);
    }
    case "s": {
      const id = p.args[0];
      return id && ctx.k.conventions.has(id) ? setConvention(ctx, s, id) : say(s, plain(T.closed));
    }
  }
}

// ---------------------------------------------------------------- commands

function help(): Reply {
  return plain(`${T.greeting}\n\n${T.examples}\n\n${T.commands}`);
}

function onRule(ctx: Ctx, s: State, arg: string): Out {
  const q = arg.replace(/\s+/g, " ").trim().slice(0, MAX_TEXT);
  if (!q) return say(s, plain(T.ruleAsk));
  const look = lookupClause(ctx.k, q);
  if (look?.kind === "found") return showCard(ctx, s, look.clause, false);
  if (look?.kind === "unknown" && isJustNumber(q)) return say(s, unknownNumber(ctx, s, look.ref.number, look.near));
  const r = ctx.matcher.match(q, s.ruleset);
  const cands = r.candidates.map((c) => ctx.k.byId.get(c.id)).filter((c): c is Clause => !!c && inRuleset(c, s.ruleset));
  if (r.confidence === "none" || cands.length === 0) return say(s, nothingReply());
  if (r.confidence === "clear" || cands.length === 1) return showCard(ctx, s, cands[0]!, false);
  return say(
    s,
    plain(
      T.ruleCandidates,
      cands.slice(0, 5).map((c) => [button(tok(s), clip(clauseLabel(c)), "k", c.id)]),
    ),
  );
}

function onCommand(ctx: Ctx, s: State, name: Command, arg: string): Out {
  switch (name) {
    case "start": {
      // a link that opens a clause (the adapter decodes its own link format into the clause id)
      const c = ctx.k.byId.get(arg.trim());
      if (c) return showCard(ctx, s, c, false);
      return say(newCase(s, "start"), help());
    }
    case "help":
      return say(s, help());
    case "new":
      return say(newCase(s, "new"), plain(T.newPrompt));
    case "list":
      return say(s, listReply(ctx.k, tok(s), s.ruleset, []) ?? plain(T.describe));
    case "rule":
      return onRule(ctx, s, arg);
    case "ruleset": {
      const r = RULESETS.find((x) => x === arg.trim().toLowerCase());
      return r ? setRuleset(s, r) : rulesetMenu(s);
    }
    case "settings": {
      const id = conventionNamed(ctx, arg);
      return id ? setConvention(ctx, s, id) : settingsMenu(ctx, s);
    }
    default:
      return say(s, help());
  }
}

/** A stored state is usable only if everything it names still exists in the knowledge. */
function usable(ctx: Ctx, s: State): boolean {
  if (s.clause !== undefined && !ctx.k.byId.has(s.clause)) return false;
  if (s.card !== undefined && !ctx.k.byId.has(s.card)) return false;
  if (s.picks?.some((id) => !ctx.k.byId.has(id))) return false;
  if ((s.stage === "ask" || s.stage === "verdict") && s.clause === undefined) return false;
  if (s.stage === "pick" && !s.picks?.length) return false;
  return true;
}

export function restore(ctx: Ctx, s: State | null, ruleset: Ruleset): State {
  return s && usable(ctx, s) ? s : freshState(ruleset);
}

export function transition(ctx: Ctx, s: State, input: Input): Out {
  switch (input.kind) {
    case "text":
      return onText(ctx, s, typeof input.text === "string" ? input.text : "", input.continues === true);
    case "press":
      return onPress(ctx, s, typeof input.data === "string" ? input.data : "");
    case "command":
      return onCommand(ctx, s, input.name, typeof input.arg === "string" ? input.arg : "");
    case "earlierCases":
      return onEarlierCases(ctx, s, typeof input.clause === "string" ? input.clause : "", input.cases);
    default:
      return say(s, help());
  }
}

/** The question a stored state waits on (for tests and tools that drive the dialog). */
export function pendingQuestion(k: Knowledge, raw: unknown): Question | null {
  const s = parseState(raw);
  const clause = s?.stage === "ask" && s.clause ? k.byId.get(s.clause) : undefined;
  return s && clause
    ? pending({ k, matcher: { match: () => ({ candidates: [], facts: {}, confidence: "none", byNumber: false, numbers: {} }) } }, s, clause)
    : null;
}

/**
 * A ruling shared elsewhere («Поделиться» → inline mode): the verdict on these facts, its facts
 * and short text, no buttons (the card is posted in another chat, outside any dialog).
 */
export function sharedRuling(ctx: Ctx, clause: Clause, facts: readonly (readonly [string, string])[], ruleset: Ruleset): Reply | null {
  const answers = facts.filter(([f, v]) => ctx.k.facts.get(f)?.values[v] !== undefined).slice(0, 12);
  const s = makeState({ ...freshState(ruleset), stage: "verdict", clause: clause.id, answers });
  const v = verdictReply(ctx, s, clause);
  return { ...v, buttons: [], live: undefined, share: undefined };
}
