/**
 * The matcher: a player's message -> the clauses it is about, best first, with the facts it
 * states. A clause number in the message goes straight to that clause (exact look-up); a message
 * with nothing about cards or the tournament, or about another card game, gets no candidates
 * (kind off_topic). The hand-set scorer proposes clauses; the fitted ranking (knowledge/ranker.json),
 * when there, reorders them or says the message is a question that is no irregularity.
 * Pure and synchronous: all indexing happens once in createMatcher.
 */
import type { Clause, Knowledge } from "../knowledge/types.js";
import { lookupClause } from "../knowledge/lookup.js";
import { analyseTokens, compileLexicon, stemsOf, type Analysis } from "./analyze.js";
import { DENIED, extractFacts } from "./facts.js";
import { buildIndex } from "./index.js";
import { tokenize } from "./normalize.js";
import { scoreAll, sortByScore, type Scored } from "./score.js";
import {
  candidateFeatures,
  classProbabilities,
  compileRanker,
  messageFeatures,
  NOT_IRREGULARITY,
  PSEUDO_CLASSES,
  SHARED,
  shapeFeatures,
  type Ranker,
} from "./ranker.js";
import type { RankerWeights } from "../knowledge/ranker-schema.js";
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
/** a fitted candidate less likely than this is not worth showing */
const MIN_PROBABILITY = 0.02;
/**
 * How much likelier than the first matter «no irregularity» must be to be answered: a question
 * answered as an incident still gets the clause it asks about; an incident answered «Это не нарушение» gets nothing.
 */
const QUESTION_MARGIN = 2;
/**
 * A fitted first matter this likely is "clear" when the hand-set scorer agrees it is clear, and
 * past SURE_PROBABILITY on the model's word alone: a "clear" sends the player straight into one
 * clause, and a wrong one is worse than the pick list an "ambiguous" shows.
 */
const CLEAR_PROBABILITY = 0.6;
const SURE_PROBABILITY = 0.8;

/** in `both`, by the hand-set scores, a linked FSPR clause this close to a club-table row goes before it: the same matter, FSPR first */
const FSPR_FIRST_RATIO = 0.6;
/** in `both`, by the model's probabilities: see fsprTwinFirst */
const FSPR_TWIN_RATIO = 0.4;
/** by the model's probabilities: a linked clause with a rule this close to a heading without text goes before it */
const RULE_FIRST_RATIO = 0.8;
/** in `both`: FSPR's likeliest clause this likely among FSPR's own (as `fspr` would rank it) goes before its twin */
const FSPR_TWIN_SHARE = 0.9;

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

/**
 * The fitted order in `both`: the likeliest clause goes first, whichever document it is in (the model
 * learned which document's clause a player means: a club-table row whose matter FSPR does not cover,
 * or one whose linked FSPR clauses are loose kin). Only FSPR's own likeliest clause, when it is the
 * first row's twin and nearly as likely, goes before it: the same matter, FSPR first. Moving any
 * linked FSPR clause first, as the hand-set order does, lost more than it won.
 */
function fsprTwinFirst(scored: Scored[], fsprShare: (id: string) => number, ratio = FSPR_TWIN_RATIO): void {
  const first = scored[0];
  if (!first || first.entry.document !== "zinin") return;
  const at = scored.findIndex((s) => s.entry.document === "fspr");
  if (at < 0 || !first.entry.links.includes(scored[at]!.entry.id)) return;
  // nearly as likely over both documents, or FSPR's own clear choice: the model, taught either twin as
  // right, may give a matter's whole likelihood to the row and leave its twin a sliver
  if (scored[at]!.score < ratio * first.score && fsprShare(scored[at]!.entry.id) < FSPR_TWIN_SHARE) return;
  const [twin] = scored.splice(at, 1);
  // it takes the row's score, so the scores stay in order
  scored.unshift({ entry: twin!.entry, score: first.score });
}

/**
 * A heading without text (10.4.14) rules nothing: where a clause it links to, one with a rule, is nearly
 * as likely, that clause goes first (audit BF: «сказал мизер, хотя уже торговался» is 10.3.2's own
 * example, and «ошибка при заявке» only names the heading). The heading stays among the candidates.
 */
function ruleBeforeHeading(scored: Scored[], ratio = RULE_FIRST_RATIO): void {
  const first = scored[0];
  if (!first || first.entry.clause.text.trim() !== "" || first.entry.clause.cells) return;
  const at = scored.findIndex((s, k) => k > 0 && first.entry.links.includes(s.entry.id));
  if (at < 0 || scored[at]!.score < ratio * first.score) return;
  const [rule] = scored.splice(at, 1);
  scored.unshift({ entry: rule!.entry, score: first.score });
}

function checkLexiconFacts(k: Knowledge): void {
  const { fact: cardsFact, counts } = k.lexicon.roles.named_card;
  const cards = k.facts.get(cardsFact);
  if (!cards) throw new Error(`knowledge/lexicon.yaml, field roles.named_card.fact: no such fact in knowledge/facts.yaml`);
  for (const v of counts) {
    if (!(v in cards.values))
      throw new Error(`knowledge/lexicon.yaml, field roles.named_card.counts: no value ${v} of ${cardsFact} in knowledge/facts.yaml`);
  }
  for (const [fact, values] of Object.entries(k.lexicon.facts)) {
    if (fact === DENIED) {
      for (const v of Object.keys(values)) {
        if (!k.facts.has(v)) throw new Error(`knowledge/lexicon.yaml, field facts.${fact}.${v}: no such fact in knowledge/facts.yaml`);
      }
      continue;
    }
    const known = k.facts.get(fact);
    if (!known) throw new Error(`knowledge/lexicon.yaml, field facts.${fact}: no such fact in knowledge/facts.yaml`);
    for (const v of Object.keys(values)) {
      if (!(v in known.values)) throw new Error(`knowledge/lexicon.yaml, field facts.${fact}.${v}: no such value in knowledge/facts.yaml`);
    }
  }
}

/** A message read up to the ranking: its terms and facts, and the answer if nothing fits. */
interface Ranked {
  readonly none: MatchResult;
  readonly raw: readonly string[];
  readonly terms: readonly string[];
  readonly facts: MatchResult["facts"];
  /** the least hand-set score a candidate needs */
  readonly floor: number;
}
type Reading = Ranked | { readonly answer: MatchResult; readonly clause?: Clause };

/** A message as the trainer sees it: its features and every clause the hand-set scorer scores, best first. */
export interface TrainingView {
  readonly features: readonly string[];
  readonly scored: readonly { readonly id: string; readonly score: number }[];
}

export interface FittableMatcher extends Matcher {
  /**
   * null: the message is answered before any ranking (empty, a clause number). A line the word gate
   * turns away as off-topic is read all the same: the model learns from it what everyday text looks like.
   */
  trainingView(text: string): TrainingView | null;
}

/**
 * `ranker`: the fitted weights to rank with; by default knowledge/ranker.json when it is there,
 * `null` for the hand-set scores alone.
 */
export function createMatcher(knowledge: Knowledge, rankerFile: RankerWeights | null | undefined = knowledge.ranker): FittableMatcher {
  checkLexiconFacts(knowledge);
  const ranker = rankerFile ? compileRanker(rankerFile) : null;
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
    return { candidates, facts, confidence: "clear", byNumber: true, numbers: minutes === undefined ? {} : { minutes }, kind: "incident" };
  }

  /**
   * Everything the ranking reads of a message, or the answer when no ranking is needed; `fitted`: for
   * the fitted ranking; `gated`: the word gate may answer off-topic.
   */
  function read(text: string, fitted: boolean, gated = true): Reading {
    const raw = tokenize(typeof text === "string" ? text.replace(CLAUSE_NUMBER, " ") : "");
    const rawStems = stemsOf(raw);
    const stated = extractFacts(lex, knowledge.facts, raw, rawStems);
    const numbers = stated.minutes === undefined ? {} : { minutes: stated.minutes };
    const none: MatchResult = { candidates: [], facts: stated.facts, confidence: "none", byNumber: false, numbers, kind: "incident" };
    const offTopic: MatchResult = { ...none, kind: "off_topic" };
    if (raw.length === 0) return { answer: none };

    const found = lookupClause(knowledge, text);
    if (found?.kind === "found") return { answer: byNumber(found.clause, "both", stated.facts, stated.minutes), clause: found.clause };

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
    const games = lex.otherGames.scan(tokens, stems).length;
    const preferans = lex.preferansOnly.scan(tokens, stems).length > 0;
    const foreign = lex.foreign.scan(tokens, stems).length + games;
    // a message that names another card game is about that game, unless it has a word only preferans has
    const otherGame = games > 0 && !preferans;
    const elsewhere = domain === 0 || otherGame || foreign >= domain;
    // Without the fitted ranking the word gate turns away a message with no card word, or with more words
    // of other matters. The fitted ranking learned everyday text from such lines, and players tell
    // incidents without a card word («постучала пальцем, когда я думал», «за моим столом сидит другой»):
    // it decides those itself, and only another card game named is turned away before it.
    if (gated && (fitted ? otherGame : elsewhere)) return { answer: offTopic };

    const terms = [...analysis.terms, ...derivedTerms(lex, tokens, stems, analysis.terms, stated.facts)];
    return { none, raw, terms, facts: stated.facts, floor: ranker ? 0 : MIN_SCORE };
  }

  const knownTerm = (term: string): boolean => index.terms.has(term);
  /** the model's features of a message whose best hand-set score is `best` */
  function featuresOf(reading: Ranked, best: number): string[] {
    return [...messageFeatures(reading.raw, reading.terms, reading.facts), ...shapeFeatures(reading.terms, knownTerm, best)];
  }

  function scoredIn(reading: Ranked, ruleset: Ruleset): Scored[] {
    const scored: Scored[] = [];
    for (const s of scoreAll(index, reading.terms, reading.facts, reading.floor))
      if (s.score >= reading.floor && inRuleset(s.entry, ruleset)) scored.push(s);
    return scored;
  }

  /** The hand-set order: the scores as they are, above the floor. */
  function handOrder(reading: Ranked, ruleset: Ruleset): MatchResult {
    const scored = scoredIn(reading, ruleset);
    if (scored.length === 0) return reading.none;
    if (ruleset === "both") fsprFirst(scored);
    return answer(reading.none, scored);
  }

  /**
   * What the model answers first: the likeliest clause, or a kind of message that is no incident when
   * that kind is likelier than the likeliest clause and its twins together (the model was taught
   * either twin as right, so a matter's likelihood is split between them).
   */
  function firstAnswer(kept: readonly Scored[], p: Float64Array, question: number): number {
    let lead = 0;
    for (let k = 1; k < kept.length; k++) if (p[k]! > p[lead]!) lead = k;
    let kind = kept.length;
    for (let k = kept.length + 1; k < p.length; k++) if (p[k]! > p[kind]!) kind = k;
    if (kept.length === 0) return kind;
    let matter = 0;
    for (let k = 0; k < kept.length; k++) if (k === lead || kept[lead]!.entry.links.includes(kept[k]!.entry.id)) matter += p[k]!;
    return p[kind]! > (kind === question ? QUESTION_MARGIN : 1) * matter ? kind : lead;
  }

  /** The fitted order: the model reorders the hand-set scorer's best, or says what else the message is. */
  function fittedOrder(model: Ranker, reading: Ranked, ruleset: Ruleset): MatchResult {
    const all = scoredIn(reading, ruleset);
    const top = all.slice(0, model.candidates);
    const classes: number[] = [];
    const kept: Scored[] = [];
    for (const s of top) {
      const c = model.classIndex.get(s.entry.id);
      if (c === undefined) continue;
      classes.push(c);
      kept.push(s);
    }
    for (const p of PSEUDO_CLASSES) classes.push(model.classIndex.get(p)!);
    const shared = new Float64Array(classes.length * SHARED);
    const best = kept[0]?.score ?? 0;
    for (let k = 0; k < kept.length; k++) candidateFeatures(kept[k]!.score, best, k, shared, k * SHARED);
    const p = classProbabilities(model, featuresOf(reading, best), classes, shared);
    const first = firstAnswer(kept, p, kept.length + PSEUDO_CLASSES.indexOf(NOT_IRREGULARITY));
    if (first >= kept.length)
      return { ...reading.none, kind: model.classes[classes[first]!] === NOT_IRREGULARITY ? "not_an_irregularity" : "off_topic" };
    const rescored: Scored[] = [];
    for (let k = 0; k < kept.length; k++) rescored.push({ entry: kept[k]!.entry, score: p[k]! });
    sortByScore(rescored);
    if (ruleset === "both") fsprTwinFirst(rescored, (id) => fsprShare(kept, p, id));
    ruleBeforeHeading(rescored);
    const shown = rescored.filter((s, k) => k === 0 || s.score >= MIN_PROBABILITY);
    // how likely the first matter is: the first clause, its twins in the other document, and the clauses of its
    // own document it is known to contradict (10.1.1 and 10.1.9 on a прикуп card shown at the deal): the ruling
    // says the contradiction, so the player is not asked to choose between them (audit BH)
    const lead = shown[0]!.entry;
    const sameMatter = (id: string): boolean => lead.links.includes(id) || lead.clause.conflicts.some((c) => c.with === id);
    let likely = 0;
    for (let k = 0; k < kept.length; k++) if (kept[k]!.entry === lead || sameMatter(kept[k]!.entry.id)) likely += p[k]!;
    const handClear = likely >= CLEAR_PROBABILITY && likely < SURE_PROBABILITY && handOrder(reading, ruleset).confidence === "clear";
    return { ...answer(reading.none, shown), confidence: likely >= SURE_PROBABILITY || handClear ? "clear" : "ambiguous" };
  }

  /** an FSPR clause's likelihood among FSPR's clauses and the kinds of message alone, as in `fspr`; asked only where a twin may move */
  function fsprShare(kept: readonly Scored[], p: Float64Array, id: string): number {
    let total = 0;
    let own = 0;
    for (let k = kept.length; k < p.length; k++) total += p[k]!;
    for (let k = 0; k < kept.length; k++) {
      if (kept[k]!.entry.document !== "fspr") continue;
      total += p[k]!;
      if (kept[k]!.entry.id === id) own = p[k]!;
    }
    return own / total;
  }

  function answer(none: MatchResult, scored: Scored[]): MatchResult {
    const candidates: Candidate[] = [];
    for (let k = 0; k < Math.min(MAX_CANDIDATES, scored.length); k++)
      candidates.push({ id: scored[k]!.entry.id, score: round(scored[k]!.score) });
    const first = scored[0]!;
    let rival: Scored | undefined;
    for (let k = 1; k < scored.length && !rival; k++) if (!first.entry.links.includes(scored[k]!.entry.id)) rival = scored[k];
    const lead = rival ? (first.score - rival.score) / first.score : 1;
    const confidence: Confidence = first.score >= CLEAR_SCORE && lead >= CLEAR_LEAD ? "clear" : "ambiguous";
    return { ...none, candidates, confidence };
  }

  function match(text: string, ruleset: Ruleset = "both"): MatchResult {
    const reading = read(text, ranker !== null);
    if ("answer" in reading) {
      return reading.clause ? byNumber(reading.clause, ruleset, reading.answer.facts, reading.answer.numbers.minutes) : reading.answer;
    }
    return ranker ? fittedOrder(ranker, reading, ruleset) : handOrder(reading, ruleset);
  }

  /** What the trainer needs of a message: its features and the hand-set scorer's best, in `both`. */
  function trainingView(text: string): TrainingView | null {
    const reading = read(text, true, false);
    if ("answer" in reading) return null;
    const scored = scoreAll(index, reading.terms, reading.facts, 0).map((s) => ({ id: s.entry.id, score: s.score }));
    return { features: featuresOf(reading, scored[0]?.score ?? 0), scored };
  }

  return { match, trainingView };
}
