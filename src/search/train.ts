/**
 * Fits the ranking weights (knowledge/ranker.json) to labelled messages: a softmax over each
 * message's candidates (the hand-set scorer's best, its right clauses, and the kinds of message
 * that are no incident) and one over each document's candidates alone, trained by AdaGrad with an
 * L2 penalty for a fixed number of passes in a seeded order, so the same messages always give the
 * same file.
 */
import { RANKER_FORMAT, type RankerFile } from "../knowledge/ranker-schema.js";
import type { TrainingView } from "./matcher.js";
import { candidateFeatures, encodeWeights, PSEUDO_CLASSES, SHARED } from "./ranker.js";
import { seededRandom } from "./seeded-random.js";

const INT8_MAX = 127;

export interface TrainingMessage {
  readonly view: TrainingView;
  /** the right answers: clause ids, or one kind of message */
  readonly gold: readonly string[];
}

export interface TrainingOptions {
  readonly candidates: number;
  readonly passes: number;
  readonly rate: number;
  /** L2 penalty on the message-feature weights, and on the shared ones */
  readonly l2: number;
  readonly l2Shared: number;
  /** a feature seen in fewer messages than this gets no weight */
  readonly minCount: number;
  /** how much more a line that is no incident weighs: there are few of them, and a wrong answer to one is a ruling out of nothing */
  readonly otherKindWeight: number;
  /**
   * weight of the losses within each document: a message's right answers are an FSPR clause and its
   * club-table twin, and with only «any right one» over both the model lets the twin's likelihood go,
   * which is the whole answer when one document is asked
   */
  readonly perDocument: number;
  readonly seed: number;
}

export const TRAINING: TrainingOptions = {
  candidates: 20,
  passes: 20,
  rate: 0.05,
  l2: 1e-4,
  l2Shared: 0,
  minCount: 2,
  otherKindWeight: 2,
  perDocument: 1,
  seed: 13,
};

interface Example {
  readonly features: Int32Array;
  readonly classes: Int32Array;
  readonly shared: Float64Array;
  readonly gold: Uint8Array;
  readonly weight: number;
}

const round = (x: number): number => Math.round(x * 1e4) / 1e4;

export function trainRanker(
  messages: readonly TrainingMessage[],
  clauseIds: readonly string[],
  options: TrainingOptions = TRAINING,
): RankerFile {
  const classes = [...clauseIds, ...PSEUDO_CLASSES];
  const classAt = new Map(classes.map((c, i) => [c, i]));
  const pseudo = PSEUDO_CLASSES.map((p) => classAt.get(p)!);
  // a clause id opens with its document («fspr-10.4.6», «zinin-4.5»); the kinds of message belong to none
  const documentOf: (string | undefined)[] = classes.map((c, i) => (i < clauseIds.length ? c.slice(0, c.indexOf("-")) : undefined));
  const documents = [...new Set(documentOf.filter((d): d is string => d !== undefined))].sort();

  const counts = new Map<string, number>();
  for (const m of messages) for (const f of m.view.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const features = [...counts.keys()].filter((f) => counts.get(f)! >= options.minCount).sort();
  const featureAt = new Map(features.map((f, i) => [f, i]));

  const examples: Example[] = [];
  for (const m of messages) {
    const gold = m.gold.map((g) => classAt.get(g)).filter((c): c is number => c !== undefined);
    if (gold.length === 0) continue;
    const scored = m.view.scored.filter((s) => classAt.has(s.id));
    const best = scored[0]?.score ?? 0;
    const chosen: { cls: number; rank: number; score: number }[] = [];
    scored.forEach((s, rank) => {
      const cls = classAt.get(s.id)!;
      if (rank < options.candidates || gold.includes(cls)) chosen.push({ cls, rank, score: s.score });
    });
    // a right clause the hand-set scorer gave nothing still teaches its words
    for (const g of gold) if (!pseudo.includes(g) && !chosen.some((c) => c.cls === g)) chosen.push({ cls: g, rank: -1, score: 0 });
    const cls = new Int32Array(chosen.length + pseudo.length);
    const shared = new Float64Array(cls.length * SHARED);
    chosen.forEach((c, k) => {
      cls[k] = c.cls;
      if (c.rank >= 0) candidateFeatures(c.score, best, c.rank, shared, k * SHARED);
    });
    pseudo.forEach((p, k) => (cls[chosen.length + k] = p));
    const goldMask = new Uint8Array(cls.length);
    cls.forEach((c, k) => (goldMask[k] = gold.includes(c) ? 1 : 0));
    const fs = m.view.features.map((f) => featureAt.get(f)).filter((f): f is number => f !== undefined);
    const weight = gold.every((g) => pseudo.includes(g)) ? options.otherKindWeight : 1;
    examples.push({ features: Int32Array.from(fs), classes: cls, shared, gold: goldMask, weight });
  }

  const nc = classes.length;
  const weights = new Float64Array(features.length * nc);
  const squares = new Float64Array(features.length * nc);
  const shared = new Float64Array(SHARED);
  const sharedSquares = new Float64Array(SHARED);
  const next = seededRandom(options.seed);
  const order = examples.map((_, i) => i);
  for (let pass = 0; pass < options.passes; pass++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const e of order) step(examples[e]!);
  }

  function step(ex: Example): void {
    const n = ex.classes.length;
    const s = new Float64Array(n);
    let max = -Infinity;
    for (let k = 0; k < n; k++) {
      let v = 0;
      const c = ex.classes[k]!;
      for (let j = 0; j < ex.features.length; j++) v += weights[ex.features[j]! * nc + c]!;
      for (let j = 0; j < SHARED; j++) v += shared[j]! * ex.shared[k * SHARED + j]!;
      s[k] = v;
      if (v > max) max = v;
    }
    let total = 0;
    let goldTotal = 0;
    for (let k = 0; k < n; k++) {
      s[k] = Math.exp(s[k]! - max);
      total += s[k]!;
      if (ex.gold[k]) goldTotal += s[k]!;
    }
    // d(-log Σ_gold p) / d score_k = p_k − p_k·[k gold] / Σ_gold p
    const grad = new Float64Array(n);
    for (let k = 0; k < n; k++) grad[k] = ex.weight * (s[k]! / total - (ex.gold[k] ? s[k]! / goldTotal : 0));
    // the same within one document's clauses and the kinds of message, as a ruleset asks
    for (const doc of documents) {
      let docTotal = 0;
      let docGold = 0;
      for (let k = 0; k < n; k++) {
        const d = documentOf[ex.classes[k]!];
        if (d !== doc && d !== undefined) continue;
        docTotal += s[k]!;
        if (ex.gold[k]) docGold += s[k]!;
      }
      if (docGold === 0) continue;
      for (let k = 0; k < n; k++) {
        const d = documentOf[ex.classes[k]!];
        if (d !== doc && d !== undefined) continue;
        grad[k]! += ex.weight * options.perDocument * (s[k]! / docTotal - (ex.gold[k] ? s[k]! / docGold : 0));
      }
    }
    for (let k = 0; k < n; k++) {
      const c = ex.classes[k]!;
      for (let j = 0; j < ex.features.length; j++) {
        const w = ex.features[j]! * nc + c;
        const g = grad[k]! + options.l2 * weights[w]!;
        squares[w]! += g * g;
        weights[w]! -= (options.rate * g) / Math.sqrt(squares[w]! + 1e-8);
      }
    }
    for (let j = 0; j < SHARED; j++) {
      let g = options.l2Shared * shared[j]!;
      for (let k = 0; k < n; k++) g += grad[k]! * ex.shared[k * SHARED + j]!;
      sharedSquares[j]! += g * g;
      shared[j]! -= (options.rate * g) / Math.sqrt(sharedSquares[j]! + 1e-8);
    }
  }

  let largest = 0;
  for (const w of weights) largest = Math.max(largest, Math.abs(w));
  // the largest weight fills the byte; stored weights are rounded to whole steps
  const scale = Math.floor(INT8_MAX / Math.max(largest, 1e-6));
  const stored = new Int8Array(weights.length);
  for (let i = 0; i < weights.length; i++) stored[i] = Math.round(weights[i]! * scale);
  return {
    format: RANKER_FORMAT,
    candidates: options.candidates,
    classes,
    shared: [...shared].map(round),
    features,
    scale,
    weights: encodeWeights(stored),
  };
}
