/**
 * The fitted ranking weights (`knowledge/ranker.json`, written by `npm run train`): a linear model
 * over what the analysis of a message computes. Each class (a clause, or one of the kinds of
 * message that is no incident) has a weight for each message feature it was trained on; a few
 * shared weights read the hand-set scorer's own verdict on the candidate.
 */
import { z } from "zod";

export const RANKER_FORMAT = 2;

export const RankerFileSchema = z.strictObject({
  format: z.literal(RANKER_FORMAT),
  /** how many of the hand-set scorer's best the model reorders */
  candidates: z.number().int().min(1),
  /** clause ids, then the kinds of message that are no incident */
  classes: z.array(z.string().min(1)).min(1),
  /** weights of the candidate features (see src/search/ranker.ts, candidateFeatures) */
  shared: z.array(z.number()),
  /**
   * message features, in the order of the weight matrix's rows; each non-empty, which loadKnowledge
   * checks itself: a zod check on each of some ten thousand names costs 15–25 ms of the start
   */
  features: z.array(z.string()),
  /** a stored weight is the weight times this */
  scale: z.number().positive(),
  /** the features × classes weights, row by row, as signed bytes in base64 */
  weights: z.string(),
});

export type RankerFile = z.infer<typeof RankerFileSchema>;

/**
 * The weights as the program holds them once loaded: the matrix decoded at load, so its base64
 * text (a third larger) is not kept beside it for the life of the process.
 */
export interface LoadedRanker extends Omit<RankerFile, "weights"> {
  /** the features × classes weights, row by row (the weight times `scale`) */
  readonly weights: Int8Array;
}

/** What a matcher ranks with: the file as the trainer writes it, or as loadKnowledge holds it. */
export type RankerWeights = RankerFile | LoadedRanker;
