/**
 * The dialog's transitions: (state, input) -> (state, replies). A description finds a clause
 * (or asks which of a few); the clause's cases decide which questions are still worth asking;
 * then the verdict. Everything here is pure: no clock, no randomness, no I/O.
 */
import { lookupClause } from "../knowledge/lookup.js";
import type { Clause, Knowledge } from "../knowledge/types.js";
import { inRuleset, RULESETS, type MatchResult, type Matcher, type Ruleset } from "../search/types.js";
import { decode, isStateful, button, type Press, type Token } from "./buttons.js";
import { clauseFacts, nextQuestion, possibleCases, type Known, type Question } from "./cases.js";
import { clauseLabel, renderClauseCard } from "./clause-card.js";
import { clip, listReply, sectionButtons } from "./listing.js";
import { freshState, makeState, parseState, shortHash, UNKNOWN, type State } from "./state.js";
import { T } from "./texts.js";
import { textAnswer } from "./text-answer.js";
import type { Button, Command, Input, Reply, StepResult } from "./types.js";
import { renderVerdict, wantsLevel } from "./verdict.js";

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

const tok = (s: State): Token => ({ d: s.d, t: s.t });

/** The same dialog, one version on: presses on the previous question become stale. */
function bump(s: State, patch: Partial<State>): State {
  // the press that made the old version is not the one that makes this one (unless the patch says so)
  return makeState({ ...s, ...patch, lp: patch.lp, t: s.t + 1 });
}

/** A new case: a new dialog id, nothing known. */
function newCase(s: State, seed: string): State {
  const t = s.t + 1;
  return makeState({ v: s.v, ruleset: s.ruleset, d: shortHash(`${s.d}:${t}:${seed}`), t, stage: "idle" });
}

// ---------------------------------------------------------------- the case in hand

function knownOf(ctx: Ctx, clause: Clause, s: State): Known {
  const known: Record<string, string> = clauseFacts(clause, s.facts ?? {}, ctx.k);
  for (const [fact, value] of s.ans ?? []) known[fact] = value;
  return known;
}

/** The level for the points; a penalty «в контракте того уровня, на котором шла торговля» asks about the bidding. */
function levelQuestion(ctx: Ctx, clause: Clause, known: Known): Question | null {
  const level = ctx.k.facts.get("level");
  if (!level) return null;
  const bidding = possibleCases(clause, known, ctx.k).some((c) => c.penalties.some((p) => p.kind === "tricks" && p.level === "bidding"));
  const values = Object.keys(level.values);
  return bidding && !clause.questions?.level ? { fact: "level", values, wording: T.levelBidding } : { fact: "level", values };
}

/** The question the dialog waits on, or null when it is time for the verdict. */
function pending(ctx: Ctx, s: State, clause: Clause): Question | null {
  if (!clause.text.trim() || (s.ans?.length ?? 0) >= MAX_QUESTIONS) return null;
  const known = knownOf(ctx, clause, s);
  const q = nextQuestion(clause, known, ctx.k);
  if (q) return q;
  return wantsLevel(clause, known, ctx.k) ? levelQuestion(ctx, clause, known) : null;
}

function canGoBack(s: State): boolean {
  return (s.ans?.length ?? 0) > 0 || (s.picks?.length ?? 0) > 1;
}

function questionReply(ctx: Ctx, s: State, clause: Clause, q: Question): Reply {
  const fact = ctx.k.facts.get(q.fact)!;
  const wording = q.wording ?? clause.questions?.[q.fact] ?? fact.question;
  const rows: Button[][] = q.values.map((v) => [button(tok(s), clip(fact.values[v] ?? v), "a", v)]);
  const last = [button(tok(s), T.dontKnow, "u")];
  if (canGoBack(s)) last.push(button(tok(s), T.back, "b"));
  rows.push(last);
  const n = (s.ans?.length ?? 0) + 1;
  return { text: `${clauseLabel(clause)}\nВопрос ${n}: ${wording}`, buttons: rows, citations: [] };
}

function verdictReply(ctx: Ctx, s: State, clause: Clause): Reply {
  const v = renderVerdict(ctx.k, clause, knownOf(ctx, clause, s), s.ruleset, s.min);
  const row: Button[] = [button(tok(s), T.clauseText, "k", clause.id)];
  if (canGoBack(s)) row.push(button(tok(s), T.changeAnswer, "b"));
  return { text: v.text, buttons: [row, [button(tok(s), T.newCase, "n")]], citations: v.citations, verdict: v.verdict, share: clause.id };
}

/** Ask the next question, or rule. `s` already names the clause. */
function advance(ctx: Ctx, s: State): Out {
  const clause = ctx.k.byId.get(s.clause ?? "");
  if (!clause) return say(newCase(s, "lost"), plain(T.closed));
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
  return { text: T.pick, buttons: rows, citations: [] };
}

function cardReply(ctx: Ctx, s: State, clause: Clause, fromList: boolean): Reply {
  const card = renderClauseCard(ctx.k, clause, s.ruleset);
  const rows: Button[][] = [[button(tok(s), T.apply, "p", clause.id)]];
  if (fromList) rows.push([button(tok(s), T.toSection, "l", clause.document, clause.section.number)]);
  return { ...card, buttons: [...card.buttons, ...rows] };
}

function nothingReply(): Reply {
  return plain(`${T.nothing}\n\n${T.examples}`);
}

// ---------------------------------------------------------------- descriptions

/** Candidates in the ruleset; in `both`, one clause per matter (FSPR kept over its linked row). */
function pickable(ctx: Ctx, s: State, r: MatchResult): Clause[] {
  const out: Clause[] = [];
  for (const cand of r.candidates) {
    const c = ctx.k.byId.get(cand.id);
    if (!c || !inRuleset(c, s.ruleset) || out.includes(c)) continue;
    const twin = out.findIndex((o) => o.document !== c.document && (o.links.includes(c.id) || c.links.includes(o.id)));
    if (twin < 0) out.push(c);
    else if (c.document === "fspr" && out[twin]!.document !== "fspr") out[twin] = c;
  }
  return out;
}

function statedFacts(ctx: Ctx, r: MatchResult): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [fact, value] of Object.entries(r.facts ?? {})) {
    if (typeof value === "string" && ctx.k.facts.get(fact)?.values[value] !== undefined) out[fact] = value;
  }
  return out;
}

function describe(ctx: Ctx, s: State, text: string, r: MatchResult): Out {
  const base: State = { ...newCase(s, text), facts: statedFacts(ctx, r) };
  const minutes = r.numbers?.minutes;
  const withMin: State =
    typeof minutes === "number" && Number.isFinite(minutes) && minutes >= 0 && minutes <= 100_000 ? { ...base, min: minutes } : base;
  const cands = pickable(ctx, s, r);
  if (r.kind === "not_an_irregularity" && cands.length === 0) return say(withMin, plain(T.notIrregularity));
  if (r.confidence === "none" || cands.length === 0) return say(withMin, nothingReply());
  if (r.confidence === "clear" || cands.length === 1) return advance(ctx, { ...withMin, stage: "ask", clause: cands[0]!.id, ans: [] });
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
  const answered = new Set((s.ans ?? []).map(([f]) => f));
  const before = knownOf(ctx, clause, s);
  const fresh = Object.fromEntries(Object.entries(stated).filter(([f]) => before[f] === undefined && !answered.has(f)));
  if (Object.keys(fresh).length === 0) return null;
  const next: State = bump(s, { facts: { ...(s.facts ?? {}), ...fresh } });
  const after = knownOf(ctx, clause, next);
  return Object.keys(fresh).some((f) => after[f] !== undefined) ? next : null;
}

function onText(ctx: Ctx, s: State, raw: string): Out {
  const text = raw.replace(/\s+/g, " ").trim().slice(0, MAX_TEXT);
  if (!text) return say(s, plain(`${T.describe}\n\n${T.examples}`));
  const clause = s.clause ? ctx.k.byId.get(s.clause) : undefined;
  if (s.stage === "ask" && clause) {
    const q = pending(ctx, s, clause);
    const v = q ? textAnswer(ctx.k, q, text) : null;
    if (q && v !== null) return advance(ctx, bump(s, { ans: [...(s.ans ?? []), [q.fact, v]] }));
  }
  const r = ctx.matcher.match(text, s.ruleset);
  const first = r.candidates[0] ? ctx.k.byId.get(r.candidates[0].id) : undefined;
  if (r.byNumber && first) return say(s, cardReply(ctx, s, first, false));
  if (isJustNumber(text)) {
    const look = lookupClause(ctx.k, text);
    if (look?.kind === "found") return say(s, cardReply(ctx, s, look.clause, false));
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

function rulesetMenu(s: State): Out {
  const rows = RULESETS.map((r) => [button(tok(s), `${r === s.ruleset ? "✓ " : ""}${T.rulesetNames[r]}`, "r", r)]);
  return say(s, plain(T.rulesetAsk, rows));
}

function onPress(ctx: Ctx, s: State, data: string): Out {
  const p: Press | null = decode(data);
  if (!p) return say(s, plain(T.closed));
  const clause = s.clause ? ctx.k.byId.get(s.clause) : undefined;
  if (s.lp && p.d === s.d && p.t === s.t - 1 && clause && (s.stage === "ask" || s.stage === "verdict")) {
    // The press that made this very version, again: Telegram redelivers an update the bot could
    // not confirm (a crash between saving the dialog and confirming). Show where the dialog is.
    if (s.lp === data) return advance(ctx, s);
    // Another answer to the question just answered: the player still sees it (a crash before the
    // message was edited). Take it as a change of that answer.
    const made = decode(s.lp);
    if (made && (made.action === "a" || made.action === "u") && (p.action === "a" || p.action === "u")) {
      const before = (s.ans ?? []).slice(0, -1);
      const q = pending(ctx, { ...s, ans: before }, clause);
      const v = p.action === "u" ? UNKNOWN : p.args[0];
      if (q && v !== undefined && (v === UNKNOWN || q.values.includes(v)))
        return advance(ctx, bump(s, { ans: [...before, [q.fact, v]], lp: data }));
    }
  }
  if (isStateful(p.action) && (p.d !== s.d || p.t !== s.t)) return say(s, plain(T.closed));
  switch (p.action) {
    case "a":
    case "u": {
      const q = s.stage === "ask" && clause ? pending(ctx, s, clause) : null;
      const v = p.action === "u" ? UNKNOWN : p.args[0];
      if (!q || v === undefined || (v !== UNKNOWN && !q.values.includes(v))) return say(s, plain(T.closed));
      return advance(ctx, bump(s, { ans: [...(s.ans ?? []), [q.fact, v]], lp: data }));
    }
    case "c": {
      const id = s.stage === "pick" ? s.picks?.[Number(p.args[0])] : undefined;
      if (!id || !/^\d$/.test(p.args[0] ?? "")) return say(s, plain(T.closed));
      return advance(ctx, bump(s, { stage: "ask", clause: id, ans: [], lp: data }));
    }
    case "x": {
      if (s.stage !== "pick") return say(s, plain(T.closed));
      const st = bump(s, { stage: "idle", picks: undefined });
      return say(st, plain(T.describeAgain, sectionButtons(ctx.k, tok(st), st.ruleset)));
    }
    case "b": {
      if ((s.stage !== "ask" && s.stage !== "verdict") || !clause) return say(s, plain(T.closed));
      const ans = s.ans ?? [];
      if (ans.length > 0) return advance(ctx, bump(s, { ans: ans.slice(0, -1), lp: data }));
      if ((s.picks?.length ?? 0) > 1) {
        const st = bump(s, { stage: "pick", clause: undefined, ans: undefined });
        return say(st, pickReply(ctx, st));
      }
      return say(s, plain(T.closed));
    }
    case "k": {
      const c = ctx.k.byId.get(p.args[0] ?? "");
      return c ? say(s, cardReply(ctx, s, c, true)) : say(s, plain(T.closed));
    }
    case "p": {
      const c = ctx.k.byId.get(p.args[0] ?? "");
      if (!c) return say(s, plain(T.closed));
      return advance(ctx, { ...newCase(s, `apply:${c.id}`), stage: "ask", clause: c.id, ans: [] });
    }
    case "l": {
      const reply = listReply(ctx.k, tok(s), s.ruleset, p.args);
      return say(s, reply ?? plain(T.closed));
    }
    case "n":
      return say(newCase(s, "new"), plain(T.newPrompt));
    case "r": {
      const r = RULESETS.find((x) => x === p.args[0]);
      return r ? setRuleset(s, r) : say(s, plain(T.closed));
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
  if (look?.kind === "found") return say(s, cardReply(ctx, s, look.clause, false));
  if (look?.kind === "unknown" && isJustNumber(q)) return say(s, unknownNumber(ctx, s, look.ref.number, look.near));
  const r = ctx.matcher.match(q, s.ruleset);
  const cands = r.candidates.map((c) => ctx.k.byId.get(c.id)).filter((c): c is Clause => !!c && inRuleset(c, s.ruleset));
  if (r.confidence === "none" || cands.length === 0) return say(s, nothingReply());
  if (r.confidence === "clear" || cands.length === 1) return say(s, cardReply(ctx, s, cands[0]!, false));
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
      const payload = /^(fspr|zinin)-(\d+(?:_\d+)+)$/.exec(arg.trim());
      const c = payload ? ctx.k.byId.get(`${payload[1]}-${payload[2]!.replace(/_/g, ".")}`) : undefined;
      if (c) return say(s, cardReply(ctx, s, c, false));
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
    default:
      return say(s, help());
  }
}

/** A stored state is usable only if everything it names still exists in the knowledge. */
function usable(ctx: Ctx, s: State): boolean {
  if (s.clause !== undefined && !ctx.k.byId.has(s.clause)) return false;
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
      return onText(ctx, s, typeof input.text === "string" ? input.text : "");
    case "press":
      return onPress(ctx, s, typeof input.data === "string" ? input.data : "");
    case "command":
      return onCommand(ctx, s, input.name, typeof input.arg === "string" ? input.arg : "");
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
