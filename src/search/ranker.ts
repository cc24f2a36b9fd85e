/**
 * The fitted ranking (knowledge/ranker.json): the hand-set scorer proposes its best clauses, and a
 * linear model over the message's features reorders them, or says the message is no incident.
 * A message feature is a lexicon concept or a stem it has, a pair of its concepts, a fact it
 * states, or a character 4-gram of one of its words (slang and typos share those with the words the
 * trainer saw), and its shape (see shapeFeatures).
 * A class's score is the sum of its weights for the message's features plus shared weights over
 * the candidate's hand-set score and rank; the scores go through a softmax over the candidates and
 * the kinds of message that are no incident.
 */
import type { RankerWeights } from "../knowledge/ranker-schema.js";
import { decodeWeights } from "../knowledge/weights.js";
import type { Facts } from "./types.js";

/** the kinds of message the model can tell besides incidents, as its classes name them */
export const NOT_IRREGULARITY = "not_an_irregularity";
export const OFF_TOPIC = "off_topic";
export const PSEUDO_CLASSES: readonly string[] = [NOT_IRREGULARITY, OFF_TOPIC];

/** features of every message: the class's prior */
const BIAS = "b";
const GRAM = 4;
/** character n-grams come from words at least this long; shorter ones are mostly grammar */
const GRAM_WORD = 4;

/** facts that set the scene of an incident: paired with its concepts */
export const SCENE_FACTS: readonly string[] = ["phase", "noticed", "game"];

/** The features of a message, once each, first seen first. */
export function messageFeatures(tokens: readonly string[], terms: readonly string[], facts: Facts): string[] {
  const out = new Set<string>([BIAS]);
  for (const t of terms) out.add(`t:${t}`);
  for (const [fact, value] of Object.entries(facts)) out.add(`f:${fact}=${value}`);
  // two concepts together tell apart matters each alone does not («взял» + «прикуп», «открыл» + «прикуп»)
  const concepts = [...new Set(terms.filter((t) => t.startsWith("@")))].sort();
  for (let i = 0; i < concepts.length; i++) for (let j = i + 1; j < concepts.length; j++) out.add(`p:${concepts[i]}&${concepts[j]}`);
  // the moment and the game with a concept tell apart the rows of one matter in different sections
  // (a wrong count of cards at the deal, Zinin 1.3, or in the play, 4.2)
  for (const fact of SCENE_FACTS) {
    const value = facts[fact];
    if (value !== undefined) for (const c of concepts) out.add(`q:${fact}=${value}&${c}`);
  }
  for (const token of tokens) {
    if (token.length < GRAM_WORD || /\d/.test(token)) continue;
    const w = `^${token}$`;
    for (let i = 0; i + GRAM <= w.length; i++) out.add(`n:${w.slice(i, i + GRAM)}`);
  }
  return [...out];
}

/** a count past this is "many" */
const MANY = 6;
/** the best hand-set score's bands: a message that shares a word or two with the best clause is rarely an incident */
const SCORE_BANDS: readonly number[] = [0.05, 0.1, 0.2, 0.3, 0.45, 0.65];

/**
 * What the message is like as a whole, for the kinds of message that are no incident: how many
 * lexicon concepts it has, how many words no clause has (the everyday story around a homonym:
 * «снос пятиэтажек», «взятку гаишнику»), what share of its words the rules know, and how well the
 * hand-set scorer's best clause covers it. `known`: a term some clause or the lexicon has.
 */
export function shapeFeatures(terms: readonly string[], known: (term: string) => boolean, best: number): string[] {
  let concepts = 0;
  let unknown = 0;
  for (const t of terms) {
    if (t.startsWith("@")) concepts++;
    else if (!known(t)) unknown++;
  }
  const share = terms.length === 0 ? 0 : Math.floor((4 * (terms.length - unknown)) / terms.length);
  let band = 0;
  while (band < SCORE_BANDS.length && best >= SCORE_BANDS[band]!) band++;
  return [`c:${Math.min(concepts, MANY)}`, `u:${Math.min(unknown, MANY)}`, `k:${share}`, `h:${band}`];
}

/** How many shared weights there are: see candidateFeatures. */
export const SHARED = 4;

/** What the hand-set scorer says of a candidate: its score, its score against the best, first or not, its rank. */
export function candidateFeatures(score: number, best: number, rank: number, out: Float64Array, at: number): void {
  out[at] = score;
  out[at + 1] = best > 0 ? score / best : 0;
  out[at + 2] = rank === 0 ? 1 : 0;
  out[at + 3] = 1 / (1 + rank);
}

export interface Ranker {
  readonly candidates: number;
  readonly classes: readonly string[];
  readonly classIndex: ReadonlyMap<string, number>;
  readonly shared: Float64Array;
  /** feature -> its row's first position in `weights` */
  readonly rows: ReadonlyMap<string, number>;
  /** features × classes, as stored (the weight times `scale`) */
  readonly weights: Int8Array;
  readonly scale: number;
}

export { encodeWeights } from "../knowledge/weights.js";

/** `file`: as the trainer writes it (weights in base64) or as loadKnowledge holds it (decoded once there). */
export function compileRanker(file: RankerWeights): Ranker {
  const nc = file.classes.length;
  return {
    candidates: file.candidates,
    classes: file.classes,
    classIndex: new Map(file.classes.map((c, i) => [c, i])),
    shared: Float64Array.from(file.shared),
    rows: new Map(file.features.map((f, i) => [f, i * nc])),
    weights: typeof file.weights === "string" ? decodeWeights(file.weights) : file.weights,
    scale: file.scale,
  };
}

/**
 * Probabilities of `classes` (positions in the ranker's classes) for a message with `features`;
 * `shared[k * SHARED …]` are the candidate features of classes[k] (zeros for the kinds of message).
 */
export function classProbabilities(
  ranker: Ranker,
  features: readonly string[],
  classes: readonly number[],
  shared: Float64Array,
): Float64Array {
  const out = new Float64Array(classes.length);
  const { weights, rows } = ranker;
  for (const f of features) {
    const row = rows.get(f);
    if (row === undefined) continue;
    for (let k = 0; k < classes.length; k++) out[k]! += weights[row + classes[k]!]!;
  }
  let max = -Infinity;
  for (let k = 0; k < classes.length; k++) {
    let s = out[k]! / ranker.scale;
    for (let j = 0; j < SHARED; j++) s += ranker.shared[j]! * shared[k * SHARED + j]!;
    out[k] = s;
    if (s > max) max = s;
  }
  let total = 0;
  for (let k = 0; k < out.length; k++) total += out[k] = Math.exp(out[k]! - max);
  for (let k = 0; k < out.length; k++) out[k]! /= total;
  return out;
}
