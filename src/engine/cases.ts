/**
 * Which cases of a clause are still possible, and which question to ask next. A case applies
 * under its `when` (fact -> allowed values; an absent fact allows any); the judge asks only
 * questions that still change the verdict, the most decisive first.
 */
import type { Case, Clause, Knowledge } from "../knowledge/types.js";
import { toldBy } from "../knowledge/fact-rules.js";
import { inRuleset, type Ruleset } from "../search/types.js";
import { recordKey, remember } from "./memo.js";
import { UNKNOWN } from "./state.js";

/** fact id -> value id, or UNKNOWN when the player said «Не знаю» */
export type Known = Readonly<Record<string, string>>;

/** What the known values imply about other facts (knowledge/facts.yaml `implies`). */
export function impliedBy(known: Known, k: Knowledge): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (const [fact, value] of Object.entries(known)) {
    if (value === UNKNOWN) continue;
    for (const [other, values] of Object.entries(k.facts.get(fact)?.implies?.[value] ?? {})) {
      const prev = out.get(other);
      out.set(other, prev ? prev.filter((v) => values.includes(v)) : values);
    }
  }
  return out;
}

/** Whether `fact = value` can stand with what is known, by the rules of the game. */
export function compatible(known: Known, fact: string, value: string, k: Knowledge, implied = impliedBy(known, k)): boolean {
  const allowed = implied.get(fact);
  if (allowed && !allowed.includes(value)) return false;
  for (const [other, values] of Object.entries(k.facts.get(fact)?.implies?.[value] ?? {})) {
    const v = known[other];
    if (v !== undefined && v !== UNKNOWN && !values.includes(v)) return false;
  }
  return true;
}

export function consistent(c: Case, known: Known, k: Knowledge, implied = impliedBy(known, k)): boolean {
  for (const [fact, values] of Object.entries(c.when)) {
    const v = known[fact];
    if (v !== undefined && v !== UNKNOWN) {
      if (!values.includes(v)) return false;
      continue;
    }
    // An open condition must leave a value the known facts allow, e.g. no распасы for a declarer.
    const allowed = implied.get(fact);
    if (!values.some((x) => (!allowed || allowed.includes(x)) && compatible(known, fact, x, k, implied))) return false;
  }
  return true;
}

const signatures = new WeakMap<Case, string>();

/** Two cases with the same ruling and penalties give the same verdict. */
export function signature(c: Case): string {
  let sig = signatures.get(c);
  if (sig === undefined) {
    sig = JSON.stringify([c.quote ?? "", c.do ?? [], c.penalties, c.silent ?? ""]);
    signatures.set(c, sig);
  }
  return sig;
}

/** Whether every fact of `told` is known among its values (over facts already settled). */
export function toldIn(facts: Known, told: Case["when"]): boolean {
  return Object.entries(told).every(([f, values]) => facts[f] !== undefined && facts[f] !== UNKNOWN && values.includes(facts[f]));
}

/** The clause's cases but its narrow exceptions told in words (`told_only`): what the row is about. */
export function generalCases(clause: Clause): readonly Case[] {
  return clause.cases.filter((c) => !c.told_only);
}

/** The facts the clause's own (general) cases name: what its row turns on. */
export function rowFacts(clause: Clause): ReadonlySet<string> {
  return new Set(generalCases(clause).flatMap((c) => Object.keys(c.when)));
}

/**
 * An exception told on a matter the row's own cases never name (10.4.6: neither the suit led nor a trump in
 * hand — no фальшренонс by its definition): told, it is the whole answer.
 */
export function isAsideException(clause: Clause, c: Case): boolean {
  const row = rowFacts(clause);
  return c.told_only === true && Object.keys(c.when).every((f) => !row.has(f));
}

/** Whether the known facts imply `fact` lies among `values` (a прикуп peeked «торгуемся»: in the bidding). */
export function settledWithin(implied: ReadonlyMap<string, readonly string[]>, fact: string, values: readonly string[]): boolean {
  const settled = implied.get(fact);
  return settled !== undefined && settled.length > 0 && settled.every((v) => values.includes(v));
}

/** The value the clause takes for `fact` unless told: its own (`assumes`), else the fact's (`assumed_unless_told`). */
export function assumedValue(clause: Clause, fact: string, k: Knowledge): string | undefined {
  return clause.assumes?.[fact] ?? k.facts.get(fact)?.assumed_unless_told;
}

/**
 * Whether every condition of the case is known; «не знаю» counts where the case names every value
 * of the fact (10.2.2's peek is silent whoever could play: not knowing who could does not unsettle it).
 */
function fullyKnown(c: Case, known: Known, k: Knowledge, implied: ReadonlyMap<string, readonly string[]>): boolean {
  return Object.entries(c.when).every(([f, values]) => {
    // a fact the known ones settle within the case's values (a прикуп peeked «торгуемся»: in the bidding)
    if (known[f] === undefined) return settledWithin(implied, f, values);
    if (known[f] !== UNKNOWN) return true;
    const all = Object.keys(k.facts.get(f)?.values ?? {});
    return all.length > 0 && all.every((v) => values.includes(v));
  });
}

/**
 * A narrow exception whose only open condition is the row's own matter, which the player said he does not
 * know (✎ «Не знаю» on 10.1.4's fault in the order of dealing): it is one of the branches then (audit AR).
 */
function matterUnknown(clause: Clause, c: Case, known: Known, k: Knowledge): boolean {
  const matter = fixedFacts(clause, k);
  const open = Object.keys(c.when).filter((f) => known[f] === UNKNOWN);
  return open.length > 0 && open.every((f) => f in matter) && Object.keys(c.when).every((f) => known[f] !== undefined);
}

/**
 * The cases consistent with what is known. A case whose conditions are all known drops the
 * cases it is more specific than (a general «otherwise» case yields to the specific one).
 */
export function possibleCases(clause: Clause, known: Known, k: Knowledge): readonly Case[] {
  // asked again and again for the same facts while planning, asking and ruling: remembered
  return remember(k, "possible", `${clause.id}|${recordKey(known)}`, () => Object.freeze(computePossible(clause, known, k)));
}

function computePossible(clause: Clause, known: Known, k: Knowledge): Case[] {
  const implied = impliedBy(known, k);
  // a narrow exception holds only where its facts are told, and is never asked for (knowledge `told_only`)
  const fits = clause.cases.filter(
    (c) => consistent(c, known, k, implied) && (!c.told_only || fullyKnown(c, known, k, implied) || matterUnknown(clause, c, known, k)),
  );
  // an exception told on a matter the row's own cases never name is the whole answer: when it was noticed no longer matters
  const aside = fits.filter((c) => isAsideException(clause, c) && fullyKnown(c, known, k, implied));
  // several such exceptions told at once (a dealer who does not play, in a play всветлую): the first listed rules
  if (aside.length > 0) return aside.slice(0, 1);
  return fits.filter((x) => {
    const xKeys = Object.keys(x.when);
    return !fits.some((y) => {
      if (y === x || !fullyKnown(y, known, k, implied)) return false;
      const yKeys = Object.keys(y.when);
      return yKeys.length > xKeys.length && xKeys.every((key) => yKeys.includes(key));
    });
  });
}

export function outcomes(cases: readonly Case[]): number {
  return new Set(cases.map(signature)).size;
}

/**
 * Facts the description stated, as they apply to this clause: taken one at a time and skipped
 * when they would rule out every case (the matcher may read a fact the clause does not know).
 * A clause about a single phase of the game tells the phase itself.
 */
export function clauseFacts(clause: Clause, stated: Readonly<Record<string, string>>, k: Knowledge): Record<string, string> {
  // a copy: callers add the player's answers to it
  return { ...remember(k, "clauseFacts", `${clause.id}|${recordKey(stated)}`, () => Object.freeze(computeClauseFacts(clause, stated, k))) };
}

/**
 * A value of a fact the clause's cases name, which none of them has: the clause does not know that
 * moment («сразу — взятка не перевёрнута» read for a wrong-count deal), so it is the matcher's
 * reading for another clause; the clause asks instead of ruling around it (and instead of dropping
 * a fact it does know, the dealer of Zinin 1.3, to make room for it).
 */
function foreignValue(clause: Clause, fact: string, value: string): boolean {
  const named = clause.cases.filter((c) => c.when[fact] !== undefined);
  return named.length > 0 && !named.some((c) => c.when[fact]!.includes(value));
}

function computeClauseFacts(clause: Clause, stated: Readonly<Record<string, string>>, k: Knowledge): Record<string, string> {
  const known: Record<string, string> = {};
  const onlyPhase = clause.phase.length === 1 ? clause.phase[0] : undefined;
  for (const [fact, value] of Object.entries(stated)) {
    const def = k.facts.get(fact);
    if (!def || !(value in def.values) || !compatible(known, fact, value, k)) continue;
    // a value of another phase than the clause's one («сразу — взятка не перевёрнута» read for a shuffle): not this clause's
    const phases = def.implies?.[value]?.phase;
    if (onlyPhase && phases && !phases.includes(onlyPhase)) continue;
    if (foreignValue(clause, fact, value)) continue;
    // a value only cases reached by an answer take (`answered_only`: a role the message names is not surely the column's)
    if (namedOnlyBy(clause, fact, value, "answered_only") && !toldSurely(clause, fact, value, stated)) continue;
    if (possibleCases(clause, { ...known, [fact]: value }, k).length > 0) known[fact] = value;
  }
  // not where the phase would settle a moment the clause's own cases ask (10.2.2: a прикуп opened at the deal is 10.1.9's)
  const settles = Object.keys(k.facts.get("phase")?.implies?.[onlyPhase ?? ""] ?? {}).some(
    (fact) => known[fact] === undefined && clause.cases.some((c) => fact in c.when),
  );
  if (onlyPhase && !settles && known.phase === undefined && k.facts.get("phase")?.values[onlyPhase] !== undefined) {
    if (possibleCases(clause, { ...known, phase: onlyPhase }, k).length > 0) known.phase = onlyPhase;
  }
  // the row's matter, unless the message told a narrow exception that is not it (a прикуп laid as the fourth pair)
  const exception = possibleCases(clause, known, k).every((c) => c.told_only);
  for (const [fact, value] of Object.entries(fixedFacts(clause, k))) if (known[fact] === undefined && !exception) known[fact] = value;
  // a condition of the clause's own words that the message did not mention (knowledge/facts.yaml `assumed_unless_told`)
  for (const fact of k.facts.keys()) {
    const assumed = assumedValue(clause, fact, k);
    if (assumed === undefined || known[fact] !== undefined || !clause.cases.some((c) => fact in c.when)) continue;
    // not against what a known fact implies («на распасах»: the deal's end is known, not open)
    if (!compatible(known, fact, assumed, k)) continue;
    const taken = possibleCases(clause, { ...known, [fact]: assumed }, k);
    // not where the cases left do not turn on it (10.4.16 on the last closed trick: who opened it rules nothing; audit AZ)
    const before = possibleCases(clause, known, k);
    if (taken.length > 0 && !(taken.length === before.length && taken.every((c) => before.includes(c)))) known[fact] = assumed;
  }
  // what a known value settles (knowledge/facts.yaml `tells`: a мизер is the мизер level, a level of six to ten a game)
  for (const [fact, value] of Object.entries({ ...known })) {
    for (const [other, told] of Object.entries(toldBy(k.facts, fact, value))) {
      // where it bears: a case names the fact, or a convention prices its value (the level of the points)
      const priced = [...k.conventions.values()].some((c) => c.prices?.[told] !== undefined);
      if (known[other] === undefined && (priced || clause.cases.some((c) => other in c.when))) known[other] = told;
    }
  }
  return known;
}

/**
 * Facts every case of a clause names with one same value: the row is about that value alone
 * (Zinin 4.1 — a card played out of turn, 4.4 — a card shown), so the clause tells it itself.
 */
export function fixedFacts(clause: Clause, k: Knowledge): Readonly<Record<string, string>> {
  return remember(k, "fixed", clause.id, () => {
    const out: Record<string, string> = {};
    // a narrow exception told in words (`told_only`: a прикуп laid as the fourth pair) does not unfix the row's matter
    const general = generalCases(clause);
    for (const [fact, values] of Object.entries(general[0]?.when ?? {})) {
      const only = values.length === 1 ? values[0]! : undefined;
      if (only !== undefined && general.every((c) => c.when[fact]?.length === 1 && c.when[fact][0] === only)) out[fact] = only;
    }
    return Object.freeze(out);
  });
}

/**
 * What the rows a description matches tell of facts only rows tell apart (every clause naming the
 * fact fixes it): the best-matching such row's value — «засветил карту» matches 4.4, a card shown.
 */
export function factsOfRows(candidates: readonly string[], k: Knowledge): Record<string, string> {
  const told = rowToldFacts(k);
  const out: Record<string, string> = {};
  for (const id of candidates) {
    const clause = k.byId.get(id);
    if (!clause) continue;
    for (const [fact, value] of Object.entries(fixedFacts(clause, k))) if (told.has(fact) && out[fact] === undefined) out[fact] = value;
  }
  return out;
}

/** Facts only rows tell apart: every clause that names one fixes it (card_opened). */
export function rowToldFacts(k: Knowledge): ReadonlySet<string> {
  return remember(k, "rowTold", "", () => {
    const named = new Map<string, boolean>();
    for (const c of k.clauses) {
      const fixed = fixedFacts(c, k);
      for (const fact of new Set(c.cases.flatMap((x) => Object.keys(x.when)))) named.set(fact, (named.get(fact) ?? true) && fact in fixed);
    }
    return new Set([...named].filter(([, only]) => only).map(([fact]) => fact));
  });
}

/**
 * Whether a ruling of this clause depends on the fact: one of its cases or of its links' conditions
 * names it. A fact read from the rows a description matches is shown only under such a ruling.
 */
export function bearsOnRuling(clause: Clause, fact: string, k: Knowledge, ruleset: Ruleset): boolean {
  // a link to a clause of the document not consulted is not shown, so its condition rules nothing here
  const shown = (id: string): boolean => {
    const other = k.byId.get(id);
    return other !== undefined && inRuleset(other, ruleset);
  };
  return clause.cases.some((c) => fact in c.when) || clause.bearings.some((b) => b.when !== undefined && fact in b.when && shown(b.with));
}

export interface Question {
  readonly fact: string;
  /** the values worth a button, in the order knowledge/facts.yaml lists them */
  readonly values: readonly string[];
  /** the judge's own wording, where neither the clause nor knowledge/facts.yaml fits */
  readonly wording?: string;
}

/**
 * The values of a fact that leave at least one case possible; a value the fact offers only where
 * named (a role of one phase, knowledge/facts.yaml `only_when_named`) only if a case names it.
 */
export function offeredValues(clause: Clause, known: Known, fact: string, k: Knowledge): string[] {
  const def = k.facts.get(fact);
  if (!def) return [];
  const implied = impliedBy(known, k);
  const named = (v: string): boolean => !def.only_when_named?.includes(v) || clause.cases.some((c) => c.when[fact]?.includes(v));
  const offers = clause.offers?.[fact];
  return Object.keys(def.values).filter(
    (v) =>
      named(v) &&
      (offers === undefined || offers.includes(v)) &&
      (!foreignValue(clause, fact, v) || def.misread === v) &&
      compatible(known, fact, v, k, implied) &&
      possibleCases(clause, { ...known, [fact]: v }, k).length > 0 &&
      keepsUnknownBranches(clause, known, fact, v, k),
  );
}

/**
 * Whether answering `fact = value` leaves a case for every value still open of a fact the player
 * did not know: with the offender unknown, a moment the dealer's cases do not name (the row would
 * rule the other columns only) is not offered, as it is not when the dealer is named.
 */
function keepsUnknownBranches(clause: Clause, known: Known, fact: string, value: string, k: Knowledge): boolean {
  for (const [other, said] of Object.entries(known)) {
    if (said !== UNKNOWN || other === fact) continue;
    const def = k.facts.get(other);
    for (const x of Object.keys(def?.values ?? {})) {
      const branch = { ...known, [other]: x };
      if (!clause.cases.some((c) => c.when[other]?.includes(x))) continue;
      if (possibleCases(clause, branch, k).length === 0 || !compatible(branch, fact, value, k)) continue;
      if (possibleCases(clause, { ...branch, [fact]: value }, k).length === 0) return false;
    }
  }
  return true;
}

/**
 * Whether nobody at the table can know `fact` yet, given what is known (no contract during the
 * bidding); `bidding`: not even the level the bidding reached (no bidding yet, during the deal).
 */
export function unknowable(fact: string, known: Known, k: Knowledge, bidding = false): boolean {
  const def = k.facts.get(fact);
  const until = (bidding ? def?.no_bidding_while : def?.unknown_while) ?? {};
  return Object.entries(until).some(([other, values]) => {
    const v = known[other];
    return v !== undefined && values.includes(v);
  });
}

/** Facts still open that some possible case depends on and that can be known now. */
function openFacts(now: readonly Case[], known: Known, k: Knowledge): string[] {
  return [...new Set(now.flatMap((c) => Object.keys(c.when)))].filter(
    (f) => known[f] === undefined && k.facts.has(f) && !unknowable(f, known, k),
  );
}

/**
 * The fewest questions that settle the verdict whatever the answers (capped at `cap`): the
 * judge plans ahead so that a case needing several facts is still reached within the limit.
 */
function questionsNeeded(clause: Clause, known: Known, k: Knowledge, cap: number): number {
  return remember(k, "needed", `${clause.id}|${cap}|${recordKey(known)}`, () => {
    const now = possibleCases(clause, known, k);
    let best = outcomes(now) <= 1 ? 0 : cap;
    if (best > 0 && cap > 0) {
      for (const fact of openFacts(now, known, k)) {
        const values = askable(clause, known, fact, k);
        if (values.length < 2) continue;
        let worst = 0;
        for (const v of values) {
          worst = Math.max(worst, 1 + questionsNeeded(clause, { ...known, [fact]: v }, k, cap - 1));
          if (worst >= best) break;
        }
        best = Math.min(best, worst);
        if (best === 1) break;
      }
    }
    return best;
  });
}

/** How far ahead the judge plans; beyond that it asks greedily. */
const PLAN_DEPTH = 4;

/**
 * The most decisive question still worth asking, or null when the verdict no longer depends on
 * anything unasked. Decisive = fewest questions to a verdict in the worst case, then fewest
 * different verdicts left on average over its answers, then the clause's own order of questions.
 */
export function nextQuestion(clause: Clause, known: Known, k: Knowledge): Question | null {
  // Plans depend only on the knowledge, the clause and what is known: made once, then looked up.
  return remember(k, "next", `${clause.id}|${recordKey(known)}`, () => planQuestion(clause, known, k));
}

/**
 * A value only cases of one kind name: `told_only` (read where the message says it, never offered as an
 * answer) or `answered_only` (taken from an answer, never read from the message).
 */
function namedOnlyBy(clause: Clause, fact: string, value: string, kind: "told_only" | "answered_only"): boolean {
  const naming = clause.cases.filter((c) => c.when[fact]?.includes(value));
  return naming.length > 0 && naming.every((c) => c[kind] === true);
}

/** An `answered_only` value the message names and also tells what makes it sure (`unless_told`): read after all. */
function toldSurely(clause: Clause, fact: string, value: string, stated: Readonly<Record<string, string>>): boolean {
  return clause.cases.some(
    (c) =>
      c.answered_only === true &&
      c.when[fact]?.includes(value) === true &&
      c.unless_told !== undefined &&
      Object.entries(c.unless_told).every(([f, values]) => stated[f] !== undefined && values.includes(stated[f])),
  );
}

function askable(clause: Clause, known: Known, fact: string, k: Knowledge): string[] {
  return offeredValues(clause, known, fact, k).filter((v) => !namedOnlyBy(clause, fact, v, "told_only"));
}

function planQuestion(clause: Clause, known: Known, k: Knowledge): Question | null {
  const now = possibleCases(clause, known, k);
  const left = outcomes(now);
  if (left <= 1) return null;
  const order = [...Object.keys(clause.questions ?? {}), ...k.facts.keys()];
  let best: { q: Question; depth: number; score: number; rank: number } | null = null;
  const open = openFacts(now, known, k);
  // a question that narrows the outcomes: its values, the facts after each answer and the outcomes left
  const narrowing = (fact: string) => {
    const values = askable(clause, known, fact, k);
    if (values.length < 2) return null;
    const after = values.map((v) => ({ ...known, [fact]: v }));
    const counts = after.map((kn) => outcomes(possibleCases(clause, kn, k)));
    return counts.every((n) => n >= left) ? null : { values, after, counts };
  };
  for (const fact of clause.ask_first ?? []) {
    const split = open.includes(fact) ? narrowing(fact) : null;
    if (split) return { fact, values: split.values };
  }
  for (const fact of open) {
    const split = narrowing(fact);
    if (!split) continue;
    const { values, after, counts } = split;
    const depth = 1 + Math.max(...after.map((kn) => questionsNeeded(clause, kn, k, PLAN_DEPTH - 1)));
    const score = counts.reduce((a, b) => a + b, 0) / counts.length;
    const rank = order.indexOf(fact);
    const better =
      !best ||
      depth < best.depth ||
      (depth === best.depth && (score < best.score - 1e-9 || (Math.abs(score - best.score) < 1e-9 && rank < best.rank)));
    if (better) best = { q: { fact, values }, depth, score, rank };
  }
  return best?.q ?? null;
}

/** The conditions of a case on facts that are still open, for a conditional verdict. */
export function openConditions(c: Case, known: Known): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const [fact, values] of Object.entries(c.when)) {
    const v = known[fact];
    if (v === undefined || v === UNKNOWN) out[fact] = values;
  }
  return out;
}
