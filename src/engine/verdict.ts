/**
 * The ruling as the judge says it. First, in at most a few short lines, what the table does — the
 * case's own `do` lines, written from the document's words — and the clause («Сдающий пересдаёт.
 * — ФСПР 10.1.1»), with points only under a named convention. Then the details: the document's
 * words, the other document on the same matter, the differences that bear on this case, and
 * what the document does not say. A conditional ruling gives every branch whole.
 */
import { toldBy } from "../knowledge/fact-rules.js";
import type { Case, Clause, ConflictNote, Knowledge } from "../knowledge/types.js";
import { lateValue } from "../search/facts.js";
import { inRuleset, type Ruleset } from "../search/types.js";
import {
  clauseFacts,
  compatible,
  consistent,
  fixedFacts,
  impliedBy,
  openConditions,
  settledWithin,
  outcomes,
  generalCases,
  possibleCases,
  signature,
  toldIn,
  type Known,
} from "./cases.js";
import { clauseLabel, clauseShort, conditionLabels, describeConditions, lowerFirst } from "./clause-card.js";
import { recordKey, remember } from "./memo.js";
import { levelFacts, minutesLine, pointsLine, priceLine, pricing } from "./penalties.js";
import { UNKNOWN } from "./state.js";
import { T } from "./texts.js";
import type { Verdict } from "./types.js";

export interface VerdictText {
  /** what the table does now, and the clause: the part read at the table */
  readonly text: string;
  /** the document's words, the other document, differences, what is not said */
  readonly details: string;
  readonly citations: readonly string[];
  readonly verdict: Verdict;
}

/** What the table does under one case: its `do` lines, or the document's words where it has none. */
function actions(c: Case): string {
  // the message said the error did not happen: nothing for the tournament judge to settle under this clause
  if (c.silent) return c.matter_denied ? c.silent : `${c.silent} ${T.silent}`;
  return c.do ? c.do.join(" ") : `«${c.quote}»`;
}

/**
 * Where a silent case points (`see`) to one clause that, under the facts known, rules the case one
 * way: «ФСПР 10.1.7 «…»: Пересдача.»; null where it points to several, or that clause is unsure or silent too.
 */
function ruledElsewhere(k: Knowledge, c: Case, known: Known): string | null {
  const found = elsewhere(k, c, known);
  return found && `${clauseLabel(found.other)}: ${found.ruling}`;
}

/** A silent branch's pointer: «этот пункт здесь молчит; об этом — ФСПР 10.4.16», with its ruling where it rules the case one way. */
function seeLine(k: Knowledge, c: Case, known: Known): string {
  const found = elsewhere(k, c, known);
  if (found) return `${T.silentSee} ${clauseShort(found.other)}: ${lowerFirst(found.ruling)}`;
  return `${T.silentSee} ${(c.see ?? []).map((id) => clauseShort(k.byId.get(id)!)).join(", ")}.`;
}

function elsewhere(k: Knowledge, c: Case, known: Known): { other: Clause; ruling: string } | null {
  if (c.see?.length !== 1) return null;
  const other = k.byId.get(c.see[0]!);
  if (!other) return null;
  const { cases } = casesUnder(k, other, known);
  if (cases.length === 0 || outcomes(cases) !== 1 || cases[0]!.silent) return null;
  return { other, ruling: actions(cases[0]!) };
}

/** The numbers of a case: the document's own minutes arithmetic, and points under the convention. */
function numbers(
  k: Knowledge,
  c: Case,
  known: Known,
  minutes: number | undefined,
  convention: string | undefined,
  withList = true,
): string[] {
  if (c.silent) return [];
  const firm = firmFacts(known);
  // the minutes the message said, unless the player changed how late it was (✎): then they are not this case's
  const late = known.late;
  const counted = minutes !== undefined && late !== undefined && late !== UNKNOWN && lateValue(minutes) !== late ? undefined : minutes;
  const lines = [minutesLine(c.penalties, counted), pointsLine(k, c.penalties, firm, convention, withList)];
  return lines.filter((x): x is string => x !== null);
}

/** A case's open conditions, less those the known facts already settle (a declarer: not распасы). */
function unsettled(k: Knowledge, c: Case, known: Known): Record<string, readonly string[]> {
  const implied = impliedBy(known, k);
  const out: Record<string, readonly string[]> = {};
  for (const [fact, values] of Object.entries(openConditions(c, known))) {
    // only the values the known facts leave possible: on распасы «сдающий или разыгрывающий» is the dealer
    const possible = values.filter((v) => compatible(known, fact, v, k, implied));
    const allowed = implied.get(fact);
    if (allowed && allowed.every((v) => possible.includes(v))) continue;
    out[fact] = possible.length ? possible : values;
  }
  return out;
}

function conditionText(k: Knowledge, clause: Clause, cases: readonly Case[], known: Known): string {
  const parts = cases.map((c) => describeConditions(k, clause, unsettled(k, c, known))).filter(Boolean);
  return parts.length ? [...new Set(parts)].join(" или ") : T.otherwise;
}

/** Cases grouped by the verdict they give, in the clause's order. */
function groups(cases: readonly Case[]): Case[][] {
  const by = new Map<string, Case[]>();
  for (const c of cases) {
    const s = signature(c);
    by.set(s, [...(by.get(s) ?? []), c]);
  }
  return [...by.values()];
}

/** Known facts without the «Не знаю» marks. */
function firmFacts(known: Known): Record<string, string> {
  return Object.fromEntries(Object.entries(known).filter(([, v]) => v !== UNKNOWN));
}

function quoteLines(k: Knowledge, clause: Clause, cases: readonly Case[], known: Known): string[] {
  if (cases.length === 1) {
    const c = cases[0]!;
    const lines = c.quote ? [`${T.words}: «${c.quote}»`] : [];
    if (c.note) lines.push(c.note);
    return lines;
  }
  const lines = [`${T.words}:`];
  for (const g of groups(cases)) {
    const c = g[0]!;
    lines.push(`• ${conditionText(k, clause, g, known)}: ${c.quote ? `«${c.quote}»` : c.silent!}${c.note ? ` ${c.note}` : ""}`);
  }
  return lines;
}

function basisLine(k: Knowledge, clause: Clause): string {
  const doc = k.documents.get(clause.document);
  return `${T.basis}: ${clauseLabel(clause)} — ${doc?.title ?? clause.document}.`;
}

/** The cases of another clause that the same facts leave possible. */
function casesUnder(k: Knowledge, other: Clause, known: Known): { facts: Known; cases: readonly Case[] } {
  const facts = clauseFacts(other, firmFacts(known), k);
  return { facts, cases: possibleCases(other, facts, k) };
}

/**
 * Whether a row is about another matter than the case in hand: a fact all its cases fix, stated
 * otherwise (Zinin 1.11 is the прикуп taken; the case in hand, one seen by chance).
 */
function otherMatter(k: Knowledge, other: Clause, firm: Known): boolean {
  if (Object.entries(fixedFacts(other, k)).some(([f, v]) => firm[f] !== undefined && firm[f] !== v)) return true;
  // every case of the row names the fact, none the value stated (a deck said to be full: not Zinin 1.7's matter)
  // (a narrow exception told in words, `told_only`, is no part of what the row is about)
  const general = generalCases(other);
  return Object.entries(firm).some(
    ([f, v]) => general.every((c) => c.when[f] !== undefined) && !other.cases.some((c) => c.when[f]?.includes(v)),
  );
}

/**
 * The conditions every one of `cases` (one ruling between them) still waits on: per fact, the values
 * they take together, where they leave out some value the clause's other cases name. Zinin 1.7's
 * shortage found early and found late rule alike, so its ruling is said with no moment.
 */
function sharedConditions(k: Knowledge, clause: Clause, cases: readonly Case[], known: Known): Record<string, readonly string[]> {
  const open = cases.map((c) => unsettled(k, c, known));
  const out: Record<string, readonly string[]> = {};
  for (const fact of Object.keys(open[0] ?? {})) {
    if (!open.every((o) => o[fact])) continue;
    const values = [...new Set(open.flatMap((o) => o[fact]!))];
    const named = new Set(generalCases(clause).flatMap((c) => c.when[fact] ?? []));
    // a moment that only tells these cases apart (found early, found late) is no condition of their one ruling;
    // a fact each of them takes alike (Zinin 1.11's прикуп taken) is the row's matter, and is said
    const tellsApart = open.some((o) => o[fact]!.length < values.length);
    if (tellsApart && named.size > 0 && [...named].every((v) => values.includes(v))) continue;
    out[fact] = values;
  }
  return out;
}

/** Whether a difference between two clauses bears on the cases in hand on each side. */
function bears(note: Clause["conflicts"][number], own: readonly Case[], theirs: readonly Case[]): boolean {
  const ownOk = !note.cases || own.some((c) => note.cases!.includes(c.id));
  const theirOk = !note.with_cases || theirs.some((c) => note.with_cases!.includes(c.id));
  return ownOk && theirOk;
}

type Bearing = Clause["bearings"][number];

/** Whether facts a link or a difference bears under are possible with the known ones (and what those settle). */
function possibleUnder(k: Knowledge, when: Case["when"] | undefined, known: Known): boolean {
  return !when || consistent({ id: "when", when, penalties: [] }, withTold(k, known), k);
}

/** Whether the case tells each fact of `told` (stated, answered or settled by one that is), with one of its values. */
function toldUnder(k: Knowledge, told: Case["when"] | undefined, known: Known): boolean {
  return !told || toldIn(withTold(k, known), told);
}

/**
 * The clause's readings that hold here: their facts known or settled by one that is (a мизер level
 * answered: a мизер game), and none told that puts them beside the point.
 */
function readingsOf(k: Knowledge, clause: Clause, known: Known): Clause["readings"] {
  const told = withTold(k, known);
  return clause.readings.filter(
    (r) => toldIn(told, r.when) && !Object.entries(r.unless ?? {}).some(([f, values]) => told[f] !== undefined && values.includes(told[f])),
  );
}

/** What the readings say, in the ruling (`in_ruling`) or in the details, each once. */
function readingSays(readings: Clause["readings"], inRuling: boolean): string[] {
  return [...new Set(readings.filter((r) => (r.in_ruling ?? false) === inRuling).map((r) => r.says))];
}

/** Whether a link bears on the cases in hand: one of its cases among them, its facts possible, and those it needs told. */
function linkBears(k: Knowledge, link: Bearing, own: readonly Case[], known: Known): boolean {
  if (link.cases && !own.some((c) => link.cases!.includes(c.id))) return false;
  return possibleUnder(k, link.when, known) && toldUnder(k, link.told, known);
}

/** The known facts and what their values settle (facts.yaml `tells`: a card played out of turn is the play). */
function withTold(k: Knowledge, known: Known): Known {
  const out: Record<string, string> = { ...known };
  for (const [fact, value] of Object.entries(known)) {
    for (const [other, told] of Object.entries(toldBy(k.facts, fact, value))) out[other] ??= told;
  }
  return out;
}

/**
 * Where `clause` and `other` are linked, the links that bear on the case in hand and the other's
 * cases they bear on (none: the other clause does not bear here); null where they are not linked.
 */
function bearing(
  k: Knowledge,
  clause: Clause,
  other: Clause,
  own: readonly Case[],
  known: Known,
): { links: Bearing[]; facts: Known; cases: readonly Case[] } | null {
  const all = clause.bearings.filter((l) => l.with === other.id);
  if (all.length === 0) return null;
  const links = all.filter((l) => linkBears(k, l, own, known));
  const { facts, cases } = casesUnder(k, other, known);
  // a link that bears only under some facts («если при раздаче») bears on the other's cases those facts allow
  const fits = (l: Bearing, c: Case): boolean =>
    Object.entries(l.when ?? {}).every(([f, values]) => !c.when?.[f] || c.when[f].some((v) => values.includes(v)));
  const shown = cases.filter((c) => links.some((l) => (!l.with_cases || l.with_cases.includes(c.id)) && fits(l, c)));
  return { links, facts, cases: shown };
}

/**
 * What the branches `some` of a conditional ruling have in common against the rest of `all`: per
 * fact, the values they take, where every one of them names the fact and they leave some value out.
 */
function branchesOf(k: Knowledge, all: readonly Case[], some: readonly Case[], known: Known): Record<string, readonly string[]> {
  const open = some.map((c) => unsettled(k, c, known));
  const everywhere = all.map((c) => unsettled(k, c, known));
  const out: Record<string, readonly string[]> = {};
  for (const fact of Object.keys(open[0] ?? {})) {
    if (!open.every((o) => o[fact])) continue;
    const values = [...new Set(open.flatMap((o) => o[fact]!))];
    const taken = everywhere.some((o) => !o[fact]) ? null : new Set(everywhere.flatMap((o) => o[fact]!));
    const every = Object.keys(k.facts.get(fact)?.values ?? {});
    if ([...(taken ?? every)].every((v) => values.includes(v))) continue;
    out[fact] = values;
  }
  return out;
}

/**
 * «если в торговле»: where a conditional ruling's branches or the facts still open leave it
 * unsaid which of them a link bears on, the conditions it bears under; empty when it bears on all.
 */
function linkCondition(k: Knowledge, clause: Clause, links: readonly Bearing[], own: readonly Case[], known: Known): string {
  const parts: string[] = [];
  for (const link of links) {
    const conditions: string[] = [];
    const open = Object.fromEntries(
      Object.entries(link.when ?? {}).filter(([fact]) => known[fact] === undefined || known[fact] === UNKNOWN),
    );
    if (Object.keys(open).length > 0) conditions.push(lowerFirst(describeConditions(k, clause, open)));
    if (link.cases && own.some((c) => !link.cases!.includes(c.id))) {
      const branch = branchesOf(
        k,
        own,
        own.filter((c) => link.cases!.includes(c.id)),
        known,
      );
      if (Object.keys(branch).length > 0) conditions.push(lowerFirst(describeConditions(k, clause, branch)));
    }
    if (conditions.length === 0) return "";
    parts.push(conditions.join("; "));
  }
  return parts.length ? `, ${T.linkIf} ${[...new Set(parts)].join(" или ")}` : "";
}

/** the moment a thing was noticed: a fact of each row's stage */
const NOTICED = "noticed";

/** The other document on the same matter, where a link bears on the case: only the cases it bears on. */
function otherDocLines(
  k: Knowledge,
  clause: Clause,
  known: Known,
  own: readonly Case[],
  ruleset: Ruleset,
  cited: Set<string>,
  full: boolean,
): string[] {
  const lines: string[] = [];
  if (ruleset !== "both") return lines;
  const firm = firmFacts(known);
  // the other document's rows left out because each fixes another act than the case in hand
  const aside: Clause[] = [];
  // the other document's differences said here, «from>with»
  const differencesSaid = new Set<string>();
  for (const id of clause.links) {
    const other = k.byId.get(id);
    if (!other || other.document === clause.document) continue;
    const found = bearing(k, clause, other, own, known);
    // linked only under other facts (Zinin 1.12 is the прикуп looked at before the bidding): not this matter at all
    if (found && found.links.length === 0) continue;
    if (otherMatter(k, other, firm)) {
      aside.push(other);
      continue;
    }
    if (!found) continue;
    // where this clause rules, the other document's silence adds nothing; where it is silent, the other's ruling helps
    const b = own.some((c) => !c.silent) ? { ...found, cases: found.cases.filter((c) => !c.silent) } : found;
    if (b.cases.length === 0) {
      // but a link made for the other's silence on this very matter (10.1.9 on a player's own cards looked at
      // in the deal, Zinin 1.8): that silence is what the other document says here (audit AQ)
      // so too a silence on what the message told (a пасующий with a wrong count: Zinin 4.2's columns do not
      // name him): the documents differ there, and the player is told (audit BH); not a moment another row's
      // stage leaves out (Zinin 1.3 of the deal on a count found after the play)
      const told = found.cases.every((c) => c.told_only || Object.keys(c.when).every((f) => f !== NOTICED && firm[f] !== undefined));
      const said = found.cases.length > 0 && (told || found.links.some((l) => l.with_cases?.length)) ? found.cases[0]!.silent : undefined;
      if (said && found.cases.every((c) => c.silent === said)) {
        cited.add(other.id);
        lines.push(full ? `${clauseLabel(other)}: ${said}` : `${T.sameMatter}: ${clauseLabel(other)}.`);
      }
      continue;
    }
    // the other's silence left out where it is only part of what the facts allow: what it does rule then holds
    // only under its own conditions («если до начала торговли»), and the rest is said as silence
    const partly = b.cases.length < found.cases.length;
    // the other row's own matter (a fact all its cases fix: 4.1's card played out of turn, 1.11's
    // прикуп taken) is a condition here, unless the case in hand states it
    const fixed = fixedFacts(other, k);
    const asked = Object.fromEntries(Object.entries(b.facts).filter(([f]) => !(f in fixed) || firm[f] !== undefined));
    cited.add(other.id);
    const linkIf = linkCondition(k, clause, b.links, own, known);
    const head = `${clauseLabel(other)}${linkIf}`;
    if (!full) lines.push(`${T.sameMatter}: ${head}.`);
    else if (outcomes(b.cases) === 1 && !partly) {
      // its one ruling holds under conditions the case in hand has not settled («если взял прикуп»): said
      const open = describeConditions(k, other, sharedConditions(k, other, b.cases, asked));
      lines.push(`${head}${open && !linkIf ? `, ${T.linkIf} ${lowerFirst(open)}` : ""}: ${actions(b.cases[0]!)}`);
      // what its own ruling says under it of the case (a row of the play read for the bidding): said here too (audit AE)
      for (const says of readingSays(readingsOf(k, other, b.facts), true)) lines.push(`${clauseLabel(other)}: ${lowerFirst(says)}`);
    } else {
      lines.push(`${head}:`);
      // what «если при раздаче» already said is not said again in each branch
      const said = linkIf
        ? Object.fromEntries(
            b.links.flatMap((l) =>
              Object.entries(l.when ?? {})
                .filter(([, v]) => v.length === 1)
                .map(([f, v]) => [f, v[0]!]),
            ),
          )
        : {};
      const branches = branchLines(k, other, b.cases, { ...said, ...asked });
      lines.push(...branches);
      // more branches than listed: the line naming them stands for the rest, which are not all silence
      if (partly && branches.length <= MAX_BRANCHES) lines.push(`• ${T.otherwise}: ${T.silentBranch}`);
    }
    // where the other document contradicts itself on its one ruling here (Zinin 1.7 against 4.2 on a deck
    // found short in the play), the player of `both` is told as the player of that document alone is (audit Z);
    // so too under a row of several branches (Zinin 1.10 against 1.1 on a прикуп seen at the deal, audit AM)
    if (full)
      // the other's own document as the ruleset: its differences with this document are said once, below, not here
      for (const { other: against, line } of conflictEntries(k, other, known, b.cases, other.document, cited, full)) {
        // two of its clauses shown here that contradict each other (10.4.1 and 10.4.18): said once (audit AG)
        if (differencesSaid.has(`${against.id}>${other.id}`)) continue;
        differencesSaid.add(`${other.id}>${against.id}`);
        lines.push(`${clauseLabel(other)}: ${lowerFirst(line)}`);
      }
  }
  // the other document's rows on this matter each fix another act (Zinin 1.10–1.12: a прикуп seen,
  // taken, looked at; the case in hand, one opened): none rules it, and the player is told so
  if (lines.length === 0 && aside.length > 0) {
    lines.push(`${aside.map(clauseLabel).join(", ")} — ${aside.length > 1 ? T.otherAside : T.otherAsideOne}.`);
    // and what each of them rules under its own act, where the rest of the case settles it («если посмотрел
    // прикуп»): the player who took the прикуп and looked is told the row a judge may read it by (audit AJ)
    if (full) for (const other of aside) lines.push(...asideRuling(k, other, known));
  }
  return lines;
}

/** A row of the other document that fixes another act: its one ruling under that act, with the act as its condition. */
function asideRuling(k: Knowledge, other: Clause, known: Known): string[] {
  const fixed = fixedFacts(other, k);
  if (Object.keys(fixed).length === 0) return [];
  const rest: Record<string, string> = {};
  for (const [fact, value] of Object.entries(known)) if (!(fact in fixed)) rest[fact] = value;
  const facts = { ...clauseFacts(other, rest, k), ...fixed };
  const cases = possibleCases(other, facts, k);
  if (cases.length === 0 || cases.every((c) => c.silent)) return [];
  const head = `${clauseLabel(other)}, ${T.linkIf} ${lowerFirst(describeConditions(k, other, Object.fromEntries(Object.entries(fixed).map(([f, v]) => [f, [v]]))))}`;
  if (outcomes(cases) === 1) return [`${head}: ${actions(cases[0]!)}`];
  return [`${head}:`, ...branchLines(k, other, cases, facts)];
}

/** the other row's branches listed under a ruling; the rest are named as left out */
const MAX_BRANCHES = 5;

/** The other document's row, branch by branch (at most MAX_BRANCHES, then a line naming the rest): «• its conditions: what it rules». */
function branchLines(k: Knowledge, other: Clause, cases: readonly Case[], said: Known): string[] {
  const all = groups(cases);
  const lines = all.slice(0, MAX_BRANCHES).map((g) => `• ${conditionText(k, other, g, said)}: ${actions(g[0]!)}`);
  // the branches left out are named as left out, never folded into the other row's silence (audit AM)
  if (all.length > MAX_BRANCHES) lines.push(`• ${T.moreBranches} ${clauseShort(other)}.`);
  return lines;
}

interface BearingConflict {
  readonly other: Clause;
  readonly links: readonly Bearing[] | null;
  readonly notes: ConflictNote[];
  /** the other clause's cases under the same facts that the notes are about */
  readonly theirs: readonly Case[];
  /** the facts the other clause takes the case in hand to have */
  readonly facts: Known;
  /** every note names the other's cases it is about (`with_cases`): those cases are the matter, their conditions with them */
  readonly scoped: boolean;
}

/** The differences that bear on the case, one entry per other clause, its notes each once. */
function bearingConflicts(k: Knowledge, clause: Clause, known: Known, primary: readonly Case[], ruleset: Ruleset): BearingConflict[] {
  const found = new Map<string, BearingConflict>();
  const firm = firmFacts(known);
  for (const note of clause.conflicts) {
    const other = k.byId.get(note.with);
    if (!other || !inRuleset(other, ruleset)) continue;
    // a note that names the facts it bears under (`told`) says itself which matter it is about
    if (note.told ? !toldUnder(k, note.told, known) : otherMatter(k, other, firm)) continue;
    if (!possibleUnder(k, note.when, known)) continue;
    const b = bearing(k, clause, other, primary, known);
    // linked, and no link bears on the case in hand: the difference does not either
    if (b && b.links.length === 0) continue;
    const under = b ?? casesUnder(k, other, known);
    const theirs = under.cases;
    if (!bears(note, primary, theirs)) continue;
    const about = note.with_cases ? theirs.filter((c) => note.with_cases!.includes(c.id)) : theirs;
    const entry = found.get(other.id) ?? { other, links: b?.links ?? null, notes: [], theirs: [], facts: under.facts, scoped: true };
    if (!entry.notes.some((n) => n.note === note.note)) entry.notes.push(note);
    found.set(other.id, {
      ...entry,
      theirs: [...new Set([...entry.theirs, ...about])],
      scoped: entry.scoped && note.with_cases !== undefined,
    });
  }
  return [...found.values()];
}

/**
 * Where the document contradicts itself on the case in hand, the ruling says so itself, with what
 * the other clause rules: a player who acts on one of two clauses is told of the other.
 */
function selfConflictLines(
  k: Knowledge,
  clause: Clause,
  known: Known,
  primary: readonly Case[],
  ruleset: Ruleset,
  /** every case the facts leave possible: one ruling may stand for several, and a note be about some of them */
  possible: readonly Case[],
): { other: Clause; line: string }[] {
  // a conditional ruling names the other clause only: its branches are long enough
  const single = outcomes(primary) === 1;
  return bearingConflicts(k, clause, known, primary, ruleset)
    .filter((c) => c.other.document === clause.document)
    .map(({ other, theirs, facts, scoped, notes }) => {
      // «если на другом круге»: the ruling is the same whatever the round, the contradiction is not
      const own = noteCondition(k, clause, notes, possible, known);
      const their = theirCondition(k, other, theirs, known);
      const condition = own && their ? `${own} ${T.and} ${their}` : own || (their ? `, ${T.linkIf} ${their}` : "");
      const head = `${T.selfConflictRuling}${condition}: ${clauseLabel(other)}`;
      // what the ⚠ line says of the other clause, where every note bearing on the case says it (not 10.4.16's мизер words under a game not named)
      const stated = notes.every((n) => n.says === notes[0]!.says) ? notes[0]!.says : undefined;
      if (stated) return { other, line: `${head} — ${stated}` };
      const ruled = theirs.filter((c) => c.do);
      // its ruling, where the facts in hand or the note's scope settle it (not one that waits on a fact still open)
      const one =
        single &&
        ruled.length > 0 &&
        outcomes(ruled) === 1 &&
        ruled.length === theirs.length &&
        (scoped || Object.keys(openConditions(ruled[0]!, facts)).length === 0);
      // the same words here (the two differ on another condition): the details say how
      const says = one && ruled[0]!.do![0] !== primary[0]!.do?.[0] ? ruled[0]!.do![0]! : T.seeDetails;
      return { other, line: `${head} — ${says}` };
    });
}

/** Whether the ruling names the other clause by its number («пункт 10.4.17 говорит…»); whole numbers only: 10.4.1 is not 10.4.18. */
function mentions(ruling: string, other: Clause): boolean {
  return [...ruling.matchAll(/\d+(?:\.\d+)+/g)].some((m) => m[0] === other.number);
}

/**
 * The differences that bear on the case, each with the clause it is a difference with: on this
 * clause's cases and the other's (within the link, where the two are linked). Several notes with
 * one clause go in one line, each once.
 */
function conflictEntries(
  k: Knowledge,
  clause: Clause,
  known: Known,
  primary: readonly Case[],
  ruleset: Ruleset,
  cited: Set<string>,
  full: boolean,
): { other: Clause; line: string }[] {
  const found = bearingConflicts(k, clause, known, primary, ruleset);
  for (const { other } of found) cited.add(other.id);
  return found.map(({ other, links, notes }) => {
    const label = (links ? linkCondition(k, clause, links, primary, known) : "") || noteCondition(k, clause, notes, primary, known);
    const head =
      other.document === clause.document
        ? `${T.selfConflict} — ${clauseLabel(other)}${label}`
        : `${T.conflict} с ${clauseLabel(other)}${label}`;
    return { other, line: full ? `${head}: ${notes.map((n) => n.note).join(" ")}` : `${head} — ${T.seeCard}` };
  });
}

/** «, если нарушен порядок сдачи»: the branches of a conditional ruling that the notes are about, where not all. */
function noteCondition(k: Knowledge, clause: Clause, notes: readonly ConflictNote[], primary: readonly Case[], known: Known): string {
  let branch: Record<string, readonly string[]> = {};
  if (notes.every((n) => n.cases)) {
    const about = primary.filter((c) => notes.some((n) => n.cases!.includes(c.id)));
    if (about.length < primary.length) branch = { ...branchesOf(k, primary, about, known) };
  }
  // the facts every note bears under that the case has not settled («если заметили в розыгрыше»): narrower
  // than the branch's own values of the same fact, they stand for them
  for (const [fact, values] of Object.entries(notes[0]?.when ?? {}))
    if ((known[fact] === undefined || known[fact] === UNKNOWN) && notes.every((n) => n.when?.[fact]))
      branch = { ...branch, [fact]: branch[fact] ? values.filter((v) => branch[fact]!.includes(v)) : values };
  return Object.keys(branch).length > 0 ? `, ${T.linkIf} ${lowerFirst(describeConditions(k, clause, branch))}` : "";
}

/**
 * What the other clause's cases all wait on, of its own matter, still open (Zinin 1.7
 * is a deck short of cards; under 4.2's ruling on a player's count it holds only if the deck was short):
 * «в колоде — не хватает карт».
 */
function theirCondition(k: Knowledge, other: Clause, theirs: readonly Case[], facts: Known): string {
  if (theirs.length === 0) return "";
  const open = theirs.map((c) => openConditions(c, facts));
  const implied = impliedBy(facts, k);
  const said: string[] = [];
  for (const [fact, values] of Object.entries(open[0]!)) {
    // settled by what is known (a прикуп seen is a card seen): no condition left
    if (settledWithin(implied, fact, values)) continue;
    // a fact of the other row's own matter (facts.yaml `only_where_it_bears`), not a moment or a role it shares with this one
    const def = k.facts.get(fact);
    if (!def?.only_where_it_bears) continue;
    const same = open.every((o) => o[fact] !== undefined && o[fact].length === values.length && values.every((v) => o[fact]!.includes(v)));
    if (!same) continue;
    const labels = conditionLabels(k, fact, values);
    // a bare «да»/«нет» needs its question («виновник был без взяток — да»); a value that says itself, its fact's name
    const bare = labels.some((l) => l === "да" || l === "нет");
    said.push(
      bare || !def.short
        ? lowerFirst(describeConditions(k, other, { [fact]: values }))
        : `${lowerFirst(def.short)} — ${labels.join(" или ")}`,
    );
  }
  return said.join("; ");
}

/** Telegram's 4 096 characters, less room for the adapter's labels and markup. */
const MESSAGE_BUDGET = 3_800;

/** The verdict for these facts: the same facts give the same words, so each is written once. */
export function renderVerdict(
  k: Knowledge,
  clause: Clause,
  known: Known,
  ruleset: Ruleset,
  minutes?: number,
  convention?: string,
): VerdictText {
  const key = `${clause.id}|${ruleset}|${minutes ?? ""}|${convention ?? ""}|${recordKey(known)}`;
  return remember(k, "verdict", key, () => deepFreeze(writeVerdict(k, clause, known, ruleset, minutes, convention)), VERDICTS_KEPT);
}

/** The other document's rows linked to a clause, either way. */
export function otherDocumentRows(k: Knowledge, clause: Clause): Clause[] {
  const rows = new Set<Clause>();
  for (const b of clause.bearings) {
    const other = k.byId.get(b.with);
    if (other && other.document !== clause.document) rows.add(other);
  }
  for (const other of k.clauses)
    if (other.document !== clause.document && other.bearings.some((b) => b.with === clause.id)) rows.add(other);
  return [...rows];
}

/**
 * By both documents, a clause no row of the other document is linked to: that the other has nothing on it,
 * said under the ruling (audit AZ: a player who chose both could not tell whether Zinin was read); an empty
 * clause names the other's rows on the clauses it points to instead.
 */
function otherDocumentSilence(k: Knowledge, clause: Clause, ruleset: Ruleset): string[] {
  if (ruleset !== "both" || otherDocumentRows(k, clause).length > 0) return [];
  const other = clause.document === "fspr" ? "zinin" : "fspr";
  if (!clause.text.trim()) {
    const near = clause.links.map((id) => k.byId.get(id)).filter((c): c is Clause => c !== undefined && c.document === clause.document);
    const rows = [...new Set(near.flatMap((c) => otherDocumentRows(k, c)))].filter((c) => c.document === other);
    if (rows.length > 0) return [`${T.otherNear[other]} ${rows.map((c) => clauseLabel(c)).join("; ")}.`];
  }
  return [`${T.notIn[other]}.`];
}

/**
 * Verdicts are texts of up to a few KB, and the minutes a player states make the keys unbounded:
 * a few thousand kept (every clause, ruleset and usual answer), a few MB at most.
 */
const VERDICTS_KEPT = 4_000;

function deepFreeze(v: VerdictText): VerdictText {
  Object.freeze(v.citations);
  if (v.verdict.cases) Object.freeze(v.verdict.cases);
  Object.freeze(v.verdict);
  return Object.freeze(v);
}

/**
 * The ruling read at the table; `cut`: some branch of it lost lines for room (marked «…»);
 * `points`: a branch it shows whole has points (priced in the details where the ruling had no room).
 */
function shortText(k: Knowledge, clause: Clause, cases: readonly Case[], known: Known, minutes?: number, convention?: string): Ruling {
  const cite = clauseShort(clause);
  if (!clause.text.trim()) {
    // a title without text says where the same document rules the errors beside it (the card's «См. также»), not only «молчит» (audit Y)
    const near = clause.links.map((id) => k.byId.get(id)!).filter((c) => c.document === clause.document);
    const see = near.length > 0 ? [`${T.noTextSee} ${near.map((c) => clauseLabel(c)).join("; ")}.`] : [];
    return { text: [`${T.noText} — ${cite}`, ...see].join("\n"), cut: false, points: false };
  }
  if (outcomes(cases) === 1) {
    const c = cases[0]!;
    // silent here, and the clause it points to rules the case in one way: that ruling, not «позовите судью» (audit AE)
    const pointed = c.silent ? ruledElsewhere(k, c, known) : null;
    if (pointed) return { text: `${c.silent} — ${cite}\n${pointed}`, cut: false, points: false };
    const nums = numbers(k, c, known, minutes, convention);
    return { text: [`${actions(c)} — ${cite}`, ...nums].join("\n"), cut: false, points: nums.length > 0 };
  }
  const unsure = Object.values(known).includes(UNKNOWN);
  const head = `${unsure ? T.conditional : T.depends} — ${cite}:\n`;
  // Every branch whole, with its own numbers; past the budget, each branch by the lines that tell it apart, then by one.
  const room = VISIBLE_BUDGET - head.length;
  let form = conditional(k, clause, cases, known, minutes, convention, "whole");
  if (form.text.length > room) form = conditional(k, clause, cases, known, minutes, convention, "line");
  if (form.text.length > room) form = conditional(k, clause, cases, known, minutes, convention, "ruled");
  if (form.text.length > room) form = conditional(k, clause, cases, known, minutes, convention, "brief");
  return { ...form, text: head + form.text };
}

interface Ruling {
  readonly text: string;
  readonly cut: boolean;
  readonly points: boolean;
}

/** The part of a ruling read at the table, before the details: about a phone screen. */
const VISIBLE_BUDGET = 1_200;

/** One branch of a conditional ruling: its conditions, the lines that tell it apart, its numbers. */
interface Branch {
  readonly cond: string;
  /** the document does not rule it */
  readonly silent: boolean;
  readonly lines: readonly string[];
  readonly nums: string;
  /** lines of the branch's ruling left out for room: it is marked, and its points go with them */
  readonly cut: boolean;
}

/**
 * Branches that share their first condition under one heading: «• Распасы:» then «– позже: …»;
 * the lines all of a heading's branches have are said once, on the heading.
 */
function factored(entries: readonly Branch[], nums: (e: Branch) => string): string[] {
  const head = (cond: string): string => cond.split("; ")[0]!;
  const body = (lines: readonly string[], e: Branch): string => branchBody(lines, e.cut, nums(e));
  const out: string[] = [];
  for (let i = 0; i < entries.length;) {
    let j = i + 1;
    while (j < entries.length && entries[i]!.cond.includes("; ") && head(entries[j]!.cond) === head(entries[i]!.cond)) j++;
    if (j - i < 2) out.push(`• ${entries[i]!.cond}: ${body(entries[i]!.lines, entries[i]!)}`);
    else {
      const group = entries.slice(i, j);
      const common = group[0]!.lines.filter((l) => group.every((e) => e.lines.includes(l)));
      out.push(`• ${head(group[0]!.cond)}:${common.length ? ` ${common.join(" ")}` : ""}`);
      for (const e of group) {
        // a branch with nothing beyond the heading's lines is its condition alone
        const own = body(
          e.lines.filter((l) => !common.includes(l)),
          e,
        );
        out.push(`  – ${e.cond.slice(head(e.cond).length + 2)}${own ? `: ${own}` : "."}`);
      }
    }
    i = j;
  }
  return out;
}

function conditional(
  k: Knowledge,
  clause: Clause,
  cases: readonly Case[],
  known: Known,
  minutes: number | undefined,
  convention: string | undefined,
  /**
   * each branch's do lines all, or the lines that tell it apart; `ruled`: and the silent branches in
   * one line; `brief`: as `ruled`, each branch by its one rarest line
   */
  size: "whole" | "line" | "ruled" | "brief",
): Ruling {
  const entries: Branch[] = [];
  // the two tightest forms: silent branches in one line, branches under shared headings, the same points once
  const tight = size === "ruled" || size === "brief";
  let priced = false;
  let pending = false;
  let silentOnes = 0;
  let anyCut = false;
  let points = false;
  const all = groups(cases);
  // the lines every branch shares are said once, above them: a branch cut to one line keeps the
  // line that tells it apart (not three copies of «все зовут судью»)
  const shared = sharedLines(all.map((g) => g[0]!));
  for (const g of all) {
    const c = g[0]!;
    // a silent branch says so in a word here; what the document does not say is in the details
    if (c.silent && !c.open_as && !c.see && tight) {
      silentOnes += 1;
      continue;
    }
    const own = telling(
      c,
      all.map((x) => x[0]!),
      shared,
      size === "brief",
    );
    const unshared = c.do?.filter((l) => !shared.includes(l)) ?? [];
    const does: readonly string[] = c.silent
      ? [c.open_as ? `${c.open_as} — ${T.silent.toLowerCase()}` : c.see ? seeLine(k, c, known) : T.silentBranch]
      : !own
        ? [actions(c)]
        : own.length === 0
          ? [T.sharedOnly]
          : size === "whole"
            ? unshared
            : own;
    // a branch cut to the lines that tell it apart says so, and does not price a penalty it no longer names (audit Y)
    const cut = !c.silent && own !== undefined && size !== "whole" && does.length < unshared.length;
    anyCut ||= cut;
    const counted = cut ? [] : numbers(k, c, known, minutes, convention, false);
    points ||= counted.length > 0;
    // the tightest form leaves out points still waiting for a level (the details give the prices)
    const nums = counted.filter((n) => !tight || !n.includes("× цена взятки"));
    priced ||= nums.some((n) => n.startsWith("("));
    pending ||= nums.some((n) => n.includes("× цена взятки"));
    entries.push({ cond: conditionText(k, clause, g, known), silent: c.silent !== undefined, lines: does, nums: nums.join(" "), cut });
  }
  // the same numbers under every ruled branch (one penalty in all) are said once, with the shared lines
  const ruledNums = entries.filter((e) => !e.silent).map((e) => e.nums);
  const oneNums = tight && ruledNums.length > 1 && ruledNums[0] !== "" && ruledNums.every((n) => n === ruledNums[0]) ? ruledNums[0]! : "";
  const numsOf = (e: Branch): string => (oneNums ? "" : e.nums);
  const head = [...shared, oneNums].filter(Boolean).join(" ");
  const lines = [
    ...(head ? [head] : []),
    ...(tight ? factored(entries, numsOf) : entries.map((e) => `• ${e.cond}: ${branchBody(e.lines, e.cut, e.nums)}`)),
  ];
  if (silentOnes > 0) lines.push(`• ${T.otherwise}: ${T.silentBranch}`);
  const prices = priced ? priceLine(k, convention, !pending) : null;
  if (prices) lines.push(prices);
  return { text: lines.join("\n"), cut: anyCut, points };
}

/** A branch's lines and its points; one cut for room ends in «…» in place of its full stop (the length stays the same). */
function branchBody(lines: readonly string[], cut: boolean, nums: string): string {
  let said = lines.join(" ");
  if (cut && said) said = said.endsWith(".") ? `${said.slice(0, -1)}${T.cutMark}` : `${said} ${T.cutMark}`;
  return [said, nums].filter(Boolean).join(" ");
}

/** The do lines every ruled branch has (none when there is one ruled branch). */
function sharedLines(branches: readonly Case[]): string[] {
  const ruled = branches.filter((c) => c.do);
  if (ruled.length < 2) return [];
  return ruled[0]!.do!.filter((line) => ruled.every((c) => c.do!.includes(line)));
}

/**
 * The branch's lines that tell it apart: the one the fewest other branches also have (the first on a
 * tie), then the next, until no other branch has them all — two branches that share their first
 * line («все зовут судью») still say what differs («50 %» against «полностью»). `one`: the rarest line only.
 */
function telling(c: Case, branches: readonly Case[], shared: readonly string[], one = false): readonly string[] | undefined {
  const own = (c.do ?? []).filter((line) => !shared.includes(line));
  const others = branches.filter((b) => b !== c && b.do && signature(b) !== signature(c));
  const count = (line: string): number => others.filter((b) => b.do!.includes(line)).length;
  const byRarity = own.map((line, i) => ({ line, i, n: count(line) })).sort((a, b) => a.n - b.n || a.i - b.i);
  const chosen: { line: string; i: number }[] = [];
  for (const next of byRarity) {
    chosen.push(next);
    if (one || !others.some((b) => chosen.every((x) => b.do!.includes(x.line)))) break;
  }
  // nothing of its own: every line is said above the branches
  if (chosen.length === 0) return c.do?.[0] === undefined ? undefined : [];
  return chosen.sort((a, b) => a.i - b.i).map((x) => x.line);
}

function writeVerdict(k: Knowledge, clause: Clause, known: Known, ruleset: Ruleset, minutes?: number, convention?: string): VerdictText {
  let cases = possibleCases(clause, known, k);
  if (cases.length === 0) cases = [...clause.cases];
  const single = outcomes(cases) === 1;
  const shown = single ? [cases[0]!] : cases;
  const { text: ruling, cut, points } = shortText(k, clause, cases, known, minutes, convention);
  // a conditional ruling keeps its branches whole: the contradiction goes under it where there is room, else in the details only
  // a ruling that already speaks of the other clause (a silent case quoting both) says it once
  const selfConflicts = selfConflictLines(k, clause, known, shown, ruleset, cases)
    .filter(({ other }) => !mentions(ruling, other))
    .map(({ line }) => line);
  const readings = readingsOf(k, clause, known);
  // one said under the ruling itself (it changes what the table does now)
  const ruled = readingSays(readings, true);
  const silence = otherDocumentSilence(k, clause, ruleset);
  const withConflicts = [ruling, ...ruled, ...silence, ...selfConflicts].join("\n");
  const text = single || withConflicts.length <= VISIBLE_BUDGET ? withConflicts : [ruling, ...ruled, ...silence].join("\n");
  const write = (full: boolean): { details: string; cited: Set<string> } => {
    const cited = new Set<string>([clause.id]);
    // the prices once: in the details only where the ruling itself had no room for them
    const listed = single ? null : priceLine(k, convention, false);
    const prices = listed && !text.includes(listed) ? listed : null;
    // a conditional ruling too long for one message leaves the document's words to the clause card
    const words = full || single ? quoteLines(k, clause, shown, known) : [`${T.words} — ${T.inCard}`];
    const lines = [
      ...(cut ? [T.cutBranches] : []),
      ...words,
      // the prices of points a branch shown whole has (a cut branch has none)
      ...(prices && points ? [prices] : []),
      basisLine(k, clause),
      ...otherDocLines(k, clause, known, shown, ruleset, cited, full),
      ...conflictEntries(k, clause, known, shown, ruleset, cited, full).map(({ line }) => line),
      ...readingSays(readings, false).map((says) => `${T.reading}: ${says}`),
      ...clause.gaps.map((gap) => `${T.gap}: ${gap}`),
      ...clause.case_gaps.filter((g) => shown.some((c) => g.cases.includes(c.id))).map((g) => `${T.gap}: ${g.gap}`),
    ];
    return { details: lines.join("\n"), cited };
  };
  // One Telegram message holds the ruling and its folded details: past that, the other rulings are named, not quoted.
  let out = write(true);
  if (text.length + out.details.length > MESSAGE_BUDGET) out = write(false);
  const verdict: Verdict = single
    ? { clause: clause.id, case: cases[0]!.id }
    : { clause: clause.id, case: cases[0]!.id, cases: cases.map((c) => c.id) };
  return { text, details: out.details, citations: [...out.cited], verdict };
}

/**
 * The level fact the points of a ruling still need (the contract's level, or the level the
 * bidding reached), or null: only for a single ruling with points under a convention that counts them.
 */
export function wantsLevel(clause: Clause, known: Known, k: Knowledge, convention?: string): string | null {
  if (!pricing(k, convention)) return null;
  if (known.game === "allpass") return null;
  const cases = possibleCases(clause, known, k);
  if (cases.length === 0 || outcomes(cases) !== 1 || cases[0]!.silent) return null;
  return levelFacts(cases[0]!.penalties).find((f) => known[f] === undefined && k.facts.has(f)) ?? null;
}
