/**
 * The ruling as the judge says it: the code's words, what to do at the table now, the points,
 * the citation; then, in ruleset `both`, the other document on the same matter, and any
 * conflict, said plainly. A conditional ruling lists the cases the player could not tell apart.
 */
import type { Case, Clause, Knowledge } from "../knowledge/types.js";
import { inRuleset, type Ruleset } from "../search/types.js";
import { clauseFacts, openConditions, outcomes, possibleCases, signature, type Known } from "./cases.js";
import { clauseLabel } from "./clause-card.js";
import { recordKey, remember } from "./memo.js";
import { actionLine, needsLevel, pointsLine, priceList } from "./penalties.js";
import { UNKNOWN } from "./state.js";
import { T } from "./texts.js";
import type { Verdict } from "./types.js";

export interface VerdictText {
  readonly text: string;
  readonly details?: string;
  readonly citations: readonly string[];
  readonly verdict: Verdict;
}

function lowerFirst(s: string): string {
  return s ? s[0]!.toLowerCase() + s.slice(1) : s;
}

/** «Сдающий», «Разыгрывающий» — the offender as the answer labels name him. */
function offenderName(k: Knowledge, known: Known): string {
  const v = known.offender;
  const label = v && v !== UNKNOWN ? k.facts.get("offender")?.values[v] : undefined;
  return label ? label.replace(/\s*\(.*\)\s*$/, "").trim() : T.offender;
}

function rulingLines(k: Knowledge, c: Case, known: Known, minutes: number | undefined): string[] {
  if (c.silent) return [`${c.ruling}`, T.silent];
  const lines = [`${T.ruling}: ${c.ruling}`];
  const real = c.penalties.filter((p) => p.kind !== "none");
  const acts = (real.length ? real : c.penalties).map((p) => actionLine(p, offenderName(k, known), minutes));
  if (acts.length) lines.push(`${T.todo}: ${acts.join(" ")}`);
  lines.push(...pointsLines(k, [c], known));
  if (c.note) lines.push(`${T.note}: ${c.note}`);
  return lines;
}

/** Points of every trick penalty, and the price list once when the level is not known. */
function pointsLines(k: Knowledge, cases: readonly Case[], known: Known): string[] {
  const level = known.level && known.level !== UNKNOWN ? known.level : undefined;
  const lines: string[] = [];
  for (const c of cases) {
    for (const p of c.penalties) {
      const pts = pointsLine(k, p, level);
      if (pts && !lines.includes(`${T.points}: ${pts}`)) lines.push(`${T.points}: ${pts}`);
    }
  }
  if (lines.length && level === undefined) lines.push(`Цена взятки в гору: ${priceList(k)}.`);
  return lines;
}

/** «Когда заметили — позже, в ходе розыгрыша; Кто ошибся — вистующий»: a case's open conditions. */
function describeConditions(k: Knowledge, clause: Clause, when: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(when)
    .map(([fact, values]) => {
      const def = k.facts.get(fact);
      const q = (clause.questions?.[fact] ?? def?.question ?? fact).replace(/\?\s*$/, "");
      return `${q} — ${values.map((v) => lowerFirst(def?.values[v] ?? v)).join(" или ")}`;
    })
    .join("; ");
}

function conditionText(k: Knowledge, clause: Clause, cases: readonly Case[], known: Known): string {
  const parts = cases.map((c) => describeConditions(k, clause, openConditions(c, known))).filter(Boolean);
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

/** A branch of a conditional verdict quotes the start of its ruling; the card has it whole. */
const BRANCH_CHARS = 200;

function brief(ruling: string): string {
  const flat = ruling.replace(/\s+/g, " ").trim();
  if (flat.length <= BRANCH_CHARS) return flat;
  const cut = flat.slice(0, BRANCH_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), BRANCH_CHARS / 2)).replace(/[,;:\s]+$/, "")} …`;
}

function conditionalLines(k: Knowledge, clause: Clause, cases: readonly Case[], known: Known): string[] {
  const unsure = Object.values(known).includes(UNKNOWN);
  const lines: string[] = [unsure ? T.conditional : T.depends];
  for (const g of groups(cases)) {
    const c = g[0]!;
    lines.push(`• ${conditionText(k, clause, g, known)}: ${brief(c.ruling)}${c.silent ? ` (${lowerFirst(T.silent)})` : ""}`);
  }
  lines.push(...pointsLines(k, cases, known));
  return lines;
}

function basisLine(k: Knowledge, clause: Clause): string {
  const doc = k.documents.get(clause.document);
  return `${T.basis}: ${clauseLabel(clause)} — ${doc?.title ?? clause.document}.`;
}

/** Known facts without the «Не знаю» marks, to carry over to a linked clause. */
function firmFacts(known: Known): Record<string, string> {
  return Object.fromEntries(Object.entries(known).filter(([, v]) => v !== UNKNOWN));
}

function penaltyKey(c: Case): string {
  return JSON.stringify([c.penalties, c.silent ?? false]);
}

/** The other document on the same matter: its ruling under the same facts. */
function otherDocLines(k: Knowledge, clause: Clause, known: Known, primary: readonly Case[], cited: Set<string>): string[] {
  const lines: string[] = [];
  const firm = firmFacts(known);
  for (const id of clause.links) {
    const other = k.byId.get(id);
    if (!other || other.document === clause.document) continue;
    cited.add(other.id);
    const doc = k.documents.get(other.document)?.short ?? other.document;
    const head = `${doc}, ${other.number} «${other.title}»`;
    const facts = clauseFacts(other, firm, k);
    const cases = possibleCases(other, facts, k);
    if (cases.length === 0) continue;
    if (outcomes(cases) === 1) {
      const c = cases[0]!;
      const same = primary.length > 0 && outcomes(primary) === 1 && penaltyKey(primary[0]!) === penaltyKey(c);
      lines.push(`${head}${same ? " — так же" : ""}: ${c.ruling}${c.silent ? ` (${lowerFirst(T.silent)})` : ""}`);
    } else {
      lines.push(`${head}:`);
      for (const g of groups(cases).slice(0, 4)) lines.push(`• ${conditionText(k, other, g, facts)}: ${g[0]!.ruling}`);
    }
  }
  return lines;
}

function conflictLines(k: Knowledge, clause: Clause, ruleset: Ruleset, cited: Set<string>): string[] {
  const lines: string[] = [];
  for (const c of clause.conflicts) {
    const other = k.byId.get(c.with);
    if (!other || !inRuleset(other, ruleset)) continue;
    cited.add(other.id);
    lines.push(`${T.conflict} с ${clauseLabel(other)}: ${c.note}`);
  }
  return lines;
}

/**
 * Past this many characters a verdict stops being something to read at the table: the other
 * document and the conflicts are then named, not quoted (the clause card quotes them).
 */
const VERDICT_BUDGET = 1800;

/** The linked and conflicting clauses by name only, for a verdict that is long already. */
function compactLines(k: Knowledge, clause: Clause, ruleset: Ruleset, cited: Set<string>): string[] {
  const lines: string[] = [];
  if (ruleset === "both") {
    const others = clause.links.map((id) => k.byId.get(id)).filter((c): c is Clause => !!c && c.document !== clause.document);
    if (others.length) lines.push(`${T.sameMatter}: ${others.map(clauseLabel).join("; ")}.`);
    for (const c of others) cited.add(c.id);
  }
  const conflicting = clause.conflicts.map((c) => k.byId.get(c.with)).filter((c): c is Clause => !!c && inRuleset(c, ruleset));
  if (conflicting.length) lines.push(`${T.conflicts}: ${conflicting.map(clauseLabel).join("; ")}. ${T.seeCard}`);
  for (const c of conflicting) cited.add(c.id);
  return lines;
}

/** The verdict for these facts: the same facts give the same words, so each is written once. */
export function renderVerdict(k: Knowledge, clause: Clause, known: Known, ruleset: Ruleset, minutes?: number): VerdictText {
  const key = `${clause.id}|${ruleset}|${minutes ?? ""}|${recordKey(known)}`;
  return remember(k, "verdict", key, () => deepFreeze(writeVerdict(k, clause, known, ruleset, minutes)), VERDICTS_KEPT);
}

/**
 * Verdicts are texts of up to ~2 KB, and the minutes a player states make the keys unbounded:
 * a few thousand kept (every clause, ruleset and usual answer), a few MB at most.
 */
const VERDICTS_KEPT = 4_000;

function deepFreeze(v: VerdictText): VerdictText {
  Object.freeze(v.citations);
  if (v.verdict.cases) Object.freeze(v.verdict.cases);
  Object.freeze(v.verdict);
  return Object.freeze(v);
}

function writeVerdict(k: Knowledge, clause: Clause, known: Known, ruleset: Ruleset, minutes?: number): VerdictText {
  let cases = possibleCases(clause, known, k);
  if (cases.length === 0) cases = [...clause.cases];
  const single = outcomes(cases) === 1;
  const head: string[] = [];
  if (!clause.text.trim()) head.push(T.noText);
  else if (single) head.push(...rulingLines(k, cases[0]!, known, minutes));
  else head.push(...conditionalLines(k, clause, cases, known));
  head.push(basisLine(k, clause));
  const gaps = clause.gaps.map((gap) => `${T.gap}: ${gap}`);

  let cited = new Set<string>([clause.id]);
  let lines = [...head];
  if (single) {
    if (ruleset === "both") lines.push(...otherDocLines(k, clause, known, cases, cited));
    lines.push(...conflictLines(k, clause, ruleset, cited), ...gaps);
  }
  // A conditional verdict, or one grown too long, names the other rulings instead of quoting them.
  if (!single || lines.join("\n").length > VERDICT_BUDGET) {
    cited = new Set<string>([clause.id]);
    lines = [...head, ...compactLines(k, clause, ruleset, cited), ...gaps];
  }
  const verdict: Verdict = single
    ? { clause: clause.id, case: cases[0]!.id }
    : { clause: clause.id, case: cases[0]!.id, cases: cases.map((c) => c.id) };
  return { text: lines.join("\n"), citations: [...cited], verdict };
}

/** Whether the verdict would show points that depend on a level nobody has named yet. */
export function wantsLevel(clause: Clause, known: Known, k: Knowledge): boolean {
  if (known.level !== undefined || !k.facts.get("level")) return false;
  if (known.game === "allpass") return false;
  const cases = possibleCases(clause, known, k);
  return cases.length > 0 && outcomes(cases) === 1 && !cases[0]!.silent && needsLevel(cases[0]!.penalties);
}
