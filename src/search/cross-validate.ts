/**
 * Cross-validation of the fitted ranking: the pool is cut into folds (one writer's lines a fold
 * where the lines say who wrote them, else by a hash of the text), each fold is measured with
 * weights trained on the others (and on `always`, lines that are never measured here), and the
 * figures of the folds add up to one.
 */
import type { RankerFile } from "../knowledge/ranker-schema.js";
import type { Knowledge } from "../knowledge/types.js";
import { combine, evaluate, type Figures, type LabelledQuery } from "./evaluate.js";
import { createMatcher, type FittableMatcher } from "./matcher.js";
import { trainRanker, TRAINING, type TrainingMessage, type TrainingOptions } from "./train.js";
import type { Ruleset } from "./types.js";

const HASH_FOLDS = 5;
/** fewer writers than this and the folds go by hash: one writer out of two is too big a fold */
const MIN_WRITERS = 3;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The fold of each query: its writer, or its text's hash. */
export function foldsOf(queries: readonly LabelledQuery[]): string[] {
  const writers = new Set(queries.map((q) => q.source));
  const byWriter = !writers.has(undefined) && writers.size >= MIN_WRITERS;
  return queries.map((q) => (byWriter ? q.source! : `#${hash(q.text) % HASH_FOLDS}`));
}

export function goldOf(q: LabelledQuery): string[] {
  return q.kind === "incident" ? [...q.fspr, ...q.zinin] : [q.kind];
}

/** What the trainer learns from: each line read by the hand-set matcher, with its right answers and its fold. */
export function trainingMessages(handSet: FittableMatcher, queries: readonly LabelledQuery[]): (TrainingMessage & { fold: string })[] {
  const folds = foldsOf(queries);
  const out: (TrainingMessage & { fold: string })[] = [];
  queries.forEach((q, i) => {
    // a line answered before any ranking (off-topic, a clause number) teaches the model nothing
    const view = handSet.trainingView(q.text);
    if (view) out.push({ view, gold: goldOf(q), fold: folds[i]! });
  });
  return out;
}

const clauseIds = (k: Knowledge): string[] => k.clauses.map((c) => c.id);

/**
 * Each clause's title and the players' phrases of it, as lines of that clause: a player who types a
 * clause's own words (a judge looking it up) means it, and is not asking a question of strategy.
 */
export function clauseWordings(handSet: FittableMatcher, knowledge: Knowledge): TrainingMessage[] {
  const out: TrainingMessage[] = [];
  for (const clause of knowledge.clauses)
    for (const text of [clause.title, ...clause.phrases]) {
      const view = handSet.trainingView(text);
      if (view) out.push({ view, gold: [clause.id] });
    }
  return out;
}

/** The weights `npm run train` writes: fitted to all of `queries`. */
export function trainOn(knowledge: Knowledge, queries: readonly LabelledQuery[], options: TrainingOptions = TRAINING): RankerFile {
  const handSet = createMatcher(knowledge, null);
  return trainRanker([...clauseWordings(handSet, knowledge), ...trainingMessages(handSet, queries)], clauseIds(knowledge), options);
}

/** Each fold of `pool` measured with weights fitted to the other folds and `always`; the folds' figures added up. */
export function crossValidate(
  knowledge: Knowledge,
  pool: readonly LabelledQuery[],
  always: readonly LabelledQuery[] = [],
  ruleset: Ruleset = "both",
  options: TrainingOptions = TRAINING,
): Figures {
  const handSet = createMatcher(knowledge, null);
  const messages = trainingMessages(handSet, pool);
  const extra = [...clauseWordings(handSet, knowledge), ...trainingMessages(handSet, always)];
  const folds = foldsOf(pool);
  const parts: Figures[] = [];
  for (const fold of [...new Set(folds)].sort()) {
    const ranker = trainRanker([...extra, ...messages.filter((m) => m.fold !== fold)], clauseIds(knowledge), options);
    const test = pool.filter((_, i) => folds[i] === fold);
    parts.push(evaluate(createMatcher(knowledge, ranker), test, ruleset));
  }
  return combine(parts);
}
