/**
 * The matcher: a player's message -> the clauses it is about, best first, with the facts it
 * states. A clause number in the message goes straight to that clause (exact look-up); a message
 * with nothing about cards or the tournament, or about another card game, gets no candidates.
 * Pure and synchronous: all indexing happens once in createMatcher.
 */
import type { Clause, Knowledge } from "../knowledge/types.js";
import { lookupClause } from "../knowledge/lookup.js";
import { analyseTokens, compileLexicon, stemsOf, type Analysis } from "./analyze.js";
import { extractFacts } from "./facts.js";
import { buildIndex } from "./index.js";
import { tokenize } from "./normalize.js";
import { scoreAll, type Scored } from "./score.js";
import { stem } from "./stem.js";
import { derivedTerms } from "./signals.js";
import { TypoFixer } from "./typos.js";
import { inRuleset, type Candidate, type Confidence, type Matcher, type MatchResult, type Ruleset } from "./types.js";

const MAX_CANDIDATES = 5;
/** below this a clause shares a word or two with the message and nothing more */
const MIN_SCORE = 0.1;
/** "clear": the first is strong and well ahead of the first that is not the same matter */
const CLEAR_SCORE = 0.4;
const CLEAR_LEAD = 0.25;

/** in `both`, a linked FSPR clause this close to a club-table row goes before it: the same matter, FSPR first */
const FSPR_FIRST_RATIO = 0.6;

const round = (x: number): number => Math.round(Math.min(1, x) * 1000) / 1000;
/** clause numbers are looked up, not read as words or levels ("10.4.6" is not a six) */
const CLAUSE_NUMBER = /\d+(?:\.\d+)+/g;

/** Moves the best linked FSPR clause before a club-table row in first place, when it scores close. */
function fsprFirst(scored: Scored[]): void {
  const first = scored[0];
  if (!first || first.entry.document !== "zinin") return;
  let at = -1;
  for (let k = 0; k < scored.length && at < 0; k++) {
    const c = scored[k]!.entry;
    if (c.document === "fspr" && first.entry.links.includes(c.id)) at = k;
  }
  if (at < 0 || scored[at]!.score < FSPR_FIRST_RATIO * first.score) return;
  const [linked] = scored.splice(at, 1);
  // it takes the row's score, so the scores stay in order
  scored.unshift({ entry: linked!.entry, score: first.score });
}

function checkLexiconFacts(k: Knowledge): void {
  for (const [fact, values] of Object.entries(k.lexicon.facts)) {
    const known = k.facts.get(fact);
    if (!known) throw new Error(`knowledge/lexicon.yaml, field facts.${fact}: no such fact in knowledge/facts.yaml`);
    for (const v of Object.keys(values)) {
      if (!(v in known.values)) throw new Error(`knowledge/lexicon.yaml, field facts.${fact}.${v}: no such value in knowledge/facts.yaml`);
    }
  }
}

export function createMatcher(knowledge: Knowledge): Matcher {
  checkLexiconFacts(knowledge);
  const lex = compileLexicon(knowledge.lexicon);
  const index = buildIndex(lex, knowledge.clauses);
  const typos = new TypoFixer([...lex.words, ...index.words]);

  /** Words that only say when it was done are facts, not the incident: matching skips them. */
  function analyseIncident(tokens: readonly string[], stems: readonly string[], timing: readonly number[]): Analysis {
    if (timing.length === 0) return analyseTokens(lex, tokens, stems);
    const t = [...tokens];
    const s = [...stems];
    for (const i of timing) t[i] = s[i] = "";
    return analyseTokens(lex, t, s);
  }

  function byNumber(clause: Clause, ruleset: Ruleset, facts: MatchResult["facts"], minutes: number | undefined): MatchResult {
    // The clause asked for comes first whatever the ruleset: the player named it.
    const linked = clause.links.map((id) => knowledge.byId.get(id)).filter((c): c is Clause => c !== undefined && inRuleset(c, ruleset));
    const candidates: Candidate[] = [{ id: clause.id, score: 1 }, ...linked.map((c) => ({ id: c.id, score: 0.9 }))].slice(
      0,
      MAX_CANDIDATES,
    );
    return { candidates, facts, confidence: "clear", byNumber: true, numbers: minutes === undefined ? {} : { minutes } };
  }

  function match(text: string, ruleset: Ruleset = "both"): MatchResult {
    const raw = tokenize(typeof text === "string" ? text.replace(CLAUSE_NUMBER, " ") : "");
    const rawStems = stemsOf(raw);
    const stated = extractFacts(lex, raw, rawStems);
    const numbers = stated.minutes === undefined ? {} : { minutes: stated.minutes };
    const none: MatchResult = { candidates: [], facts: stated.facts, confidence: "none", byNumber: false, numbers };
    if (raw.length === 0) return none;

    const found = lookupClause(knowledge, text);
    if (found?.kind === "found") return byNumber(found.clause, ruleset, stated.facts, stated.minutes);

    // Words nobody knows may be typos of words we know.
    let tokens = raw;
    let stems = rawStems;
    let analysis = analyseIncident(tokens, stems, stated.timing);
    for (const i of analysis.unmatched) {
      // another game or matter named in any form («покере» for покер*) is not a typo of a preferans word
      if (lex.foreign.startsWith(raw[i]!, rawStems[i]!) || lex.otherGames.startsWith(raw[i]!, rawStems[i]!)) continue;
      const w = typos.fix(tokens[i]!);
      if (w === null) continue;
      if (tokens === raw) {
        tokens = [...raw];
        stems = [...rawStems];
      }
      tokens[i] = w;
      stems[i] = stem(w);
    }
    if (tokens !== raw) analysis = analyseIncident(tokens, stems, stated.timing);

    // minutes late, said with a word for coming late, are the tournament's matter whatever else is said
    const domain = lex.domain.scan(tokens, stems).length + (stated.facts.late !== undefined ? 1 : 0);
    if (domain === 0) return none;
    // a message that names another card game is about that game, unless it has a word only preferans has
    const games = lex.otherGames.scan(tokens, stems).length;
    if (games > 0 && lex.preferansOnly.scan(tokens, stems).length === 0) return none;
    const foreign = lex.foreign.scan(tokens, stems).length + games;
    if (foreign >= domain) return none;

    const terms = [...analysis.terms, ...derivedTerms(lex, tokens, stems, analysis.terms, stated.facts)];
    const all = scoreAll(index, terms, stated.facts, MIN_SCORE);
    const scored: Scored[] = [];
    for (const s of all) if (s.score >= MIN_SCORE && inRuleset(s.entry, ruleset)) scored.push(s);
    if (scored.length === 0) return none;
    if (ruleset === "both") fsprFirst(scored);
    const candidates: Candidate[] = [];
    for (let k = 0; k < Math.min(MAX_CANDIDATES, scored.length); k++)
      candidates.push({ id: scored[k]!.entry.id, score: round(scored[k]!.score) });
    const first = scored[0]!;
    let rival: Scored | undefined;
    for (let k = 1; k < scored.length && !rival; k++) if (!first.entry.links.includes(scored[k]!.entry.id)) rival = scored[k];
    const lead = rival ? (first.score - rival.score) / first.score : 1;
    const confidence: Confidence = first.score >= CLEAR_SCORE && lead >= CLEAR_LEAD ? "clear" : "ambiguous";
    return { candidates, facts: stated.facts, confidence, byNumber: false, numbers };
  }

  return { match };
}
