/**
 * The players' lexicon (`knowledge/lexicon.yaml`): words the stemmer alone would leave apart.
 * Owned by the search layer; validated with the rest of `knowledge/` at start-up.
 */
import { z } from "zod";

const Word = z.string().trim().min(1);

export const LexiconFileSchema = z.strictObject({
  /** each group: words and phrases players use for one thing, the first is canonical */
  synonyms: z.array(z.array(Word).min(2)),
  /** cue words that state a fact: fact id -> value id -> phrases */
  facts: z.record(z.string(), z.record(z.string(), z.array(Word).min(1))).default({}),
  /** words that carry no meaning for matching */
  stopwords: z.array(Word).default([]),
  /** words that show a message is about cards, preferans or a tournament */
  domain: z.array(Word).default([]),
  /** words that say someone came late: with a number of minutes they fill the fact `late` */
  lateness: z.array(Word).default([]),
  /** words naming a suit: a bid or a contract said with a suit and no level is not the normative form */
  suits: z.array(Word).default([]),
  /** other games and other matters: a message with more of these than domain words is off-topic */
  foreign: z.array(Word).default([]),
  /** other card games by name: a message naming one and no `preferans_only` word is about that game */
  other_games: z.array(Word).default([]),
  /** words only preferans has (прикуп, вист, мизер…): with one, a message is ours whatever game it names */
  preferans_only: z.array(Word).default([]),
});

export type LexiconFile = z.infer<typeof LexiconFileSchema>;
