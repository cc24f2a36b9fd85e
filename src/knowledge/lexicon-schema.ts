/**
 * The players' lexicon (`knowledge/lexicon.yaml`): words the stemmer alone would leave apart.
 * Owned by the search layer; validated with the rest of `knowledge/` at start-up.
 */
import { z } from "zod";

const Word = z.string().trim().min(1);

/** a synonym group named by its first (canonical) word: checked at load to be one */
const Concept = Word;
const Numbers = z.record(Word, z.number().int().min(0));

/**
 * What the search code relies on, named here instead of in the code: the concepts it reads for a
 * purpose and the players' words its signals look for. Renaming a group's first word without
 * renaming it here is an error at load, not a code path silently switched off.
 */
export const LexiconRolesSchema = z.strictObject({
  /** the objects an incident is about (снос, прикуп, взятка): a clause titled with one is not about another */
  objects: z.array(Concept).min(1),
  /** the offender fact's values and the concepts that name them in a title */
  offenders: z.strictObject({ dealer: Concept, declarer: Concept, defender: Concept, passer: Concept }),
  /** concepts the signals read and earn (src/search/signals.ts) */
  signals: z.strictObject({
    /** a bid or a contract was named */
    bid: z.array(Concept).min(1),
    /** a level or a мизер was named */
    leveled: z.array(Concept).min(1),
    /** earned by a bid said with a suit and no level */
    non_normative: Concept,
    /** earned by a contract below the bidding's level */
    against_rules: Concept,
    /** earned by a suit said to be in hand («а трефа у него была») */
    suit_held: Concept,
  }),
  /** words that open a side clause: a role named right after one is not the offender («пока играющий отвернулся») */
  aside: z.array(Word).min(1),
  /**
   * Where a story names more than one role, which one did it: a role said as the one who acts, by
   * its singular nominative ending (`acts_endings`: «вистующий», «сдатчик») or after a word of
   * having (`has`: «у вистующего 11 карт»), competes with the first role named; two such roles, and
   * the judge asks («я разыгрывающий… левый вистующий кладёт…»). Not one a few words after a word
   * of a subordinate clause (`subordinate`: «хотя взятку взял играющий», «до того, как пасующий сходил»).
   */
  acts_endings: z.array(Word).min(1),
  has: z.array(Word).min(1),
  subordinate: z.array(Word).min(1),
  /**
   * The teller: `roles`, his own role said in the first person («я играл шесть пик», «вистую»), by the
   * offender value it names; `acts`, his own act at the table («я положил», «я по ошибке»). A role alone
   * says nothing of who erred («я играл, а вистующий сфальшивил»); told with his own act, the teller
   * may be the offender: a role named beside it in the third person («…вистующий зашёл, я положил
   * трефу») is then not surely the one, and the judge asks; with no other role named, his own is. Phrases.
   */
  narrator: z.strictObject({
    roles: z.strictObject({ declarer: z.array(Word).min(1), defender: z.array(Word).min(1), passer: z.array(Word).min(1), dealer: z.array(Word).min(1) }),
    acts: z.array(Word).min(1),
    /**
     * Words that quote another player in direct speech («вистующий говорит: у меня 11»): the first
     * person right after them is the speaker's, not the teller's («говорит, что я…» is). Phrases.
     */
    quoted: z.array(Word).min(1),
    /** the teller's own words before a quoting word: then he quotes himself («я сказал, что…»). Whole forms. */
    self: z.array(Word).min(1),
    /**
     * A named player's role by what he did in the bidding or the deal, said right after his name
     * («а Миша спасовал», «Коля сдавал»), by the offender value it gives. Phrases.
     */
    named_roles: z.strictObject({ declarer: z.array(Word).min(1), defender: z.array(Word).min(1), passer: z.array(Word).min(1), dealer: z.array(Word).min(1) }),
  }),
  /**
   * One card named by its rank («положил даму пик», «показал бубновую десятку») and no word of
   * several (`several`: «карты», «обе»): one card was opened, where no cue said how many; cards listed
   * by rank («валет, туз и десятка»), with only a suit or a word of `joins` between: that many. `fact` and its values (`counts`) for one, two, … cards,
   * the last for that many or more. Whole forms.
   */
  named_card: z.strictObject({ fact: Word, counts: z.array(Word).min(1), joins: z.array(Word).min(1), ranks: z.array(Word).min(1), several: z.array(Word).min(1) }),
  /** word patterns right after a role that say it erred («сдающий ошибся»): that role is the offender. Phrases. */
  errs: z.array(Word).min(1),
  /** word patterns right after a role that make it a side clause too («а играющий отвернулся»): `слов*` or a whole form */
  looked_away: z.array(Word).min(1),
  /**
   * A turn to another actor who is no role («сдающий не досдал, а игрок взял прикуп»): the role named
   * before it set the scene, it is not said to be the offender. Phrases, as in `facts`.
   */
  another_acts: z.strictObject({ turns: z.array(Word).min(1), actors: z.array(Word).min(1) }),
  /**
   * Another occasion («в прошлый раз сдатчик сдвинул, а щас вистующий…»): facts named after an
   * `opens` phrase, up to a `closes` phrase (or a few words on), are of that occasion, not this one. Phrases.
   */
  other_occasion: z.strictObject({ opens: z.array(Word).min(1), closes: z.array(Word).min(1) }),
  /**
   * What was expected and did not come («думали, что заиграет восьмерную, но пошли распасы»), or is
   * so as a rule and not this time («всё время он ведёт пулю, а сегодня…»): facts named after an
   * `opens` phrase up to a `closes` phrase are not this incident's. Without a close
   * a few words on, it is no expectation («пока они думали. Шесть червей»). Phrases.
   */
  expected: z.strictObject({ opens: z.array(Word).min(1), closes: z.array(Word).min(1) }),
  /** words that say a suit was in hand, a few words after it */
  held: z.array(Word).min(1),
  /** stems that open the bidding's level (what follows is a level bid) and a contract's */
  bid_stems: z.array(Word).min(1),
  contract_stems: z.array(Word).min(1),
  /** a мизер, as a stem: a contract below any level */
  misere_stem: Word,
  /** levels as said in bidding and contracts («до семи», «7 червей») */
  levels: Numbers,
  /** numbers as words, for minutes late («двадцать пять минут») */
  numbers: Numbers,
  /** words of a number of minutes on their own («полчаса»), and the unit «час» after «на»/«через» */
  minutes_words: Numbers,
  /** parts of a unit said as words («полторы минуты», «четверть часа») */
  fractions: z.record(Word, z.number().positive().max(10)).default({}),
  /** the hour: its forms («на час», «2 часа»), its minutes, and the words that say «one hour» alone before it */
  hour: z.strictObject({ word: Word, forms: z.array(Word).default([]), minutes: z.number().int().min(1), after: z.array(Word).min(1) }),
  /**
   * a lateness said as a span, not a number: `below`/`above` before the number («меньше чем на 20»,
   * «больше 20»), `not` turning a bound inclusive («не больше 5»), `joins` between the ends of a range
   * («15 или 20», «от 15 до 25»); `clock`: words before a time of day («в 10:12»), two of which give the minutes between
   */
  span: z
    .strictObject({
      below: z.array(Word).default([]),
      above: z.array(Word).default([]),
      not: z.array(Word).default([]),
      joins: z.array(Word).default([]),
      clock: z.array(Word).default([]),
      /** words just after the number that say «more than it» («20 с хвостиком», «с лишним») */
      beyond: z.array(Word).default([]),
    })
    .default({ below: [], above: [], not: [], joins: [], clock: [], beyond: [] }),
  /**
   * the minute as a word: whole forms and the prefix of the rest (минуты, минутку; not минус); `per`:
   * words before a number of minutes that measure something else («туры по 60 минут»), not lateness
   */
  minute: z.strictObject({ forms: z.array(Word).min(1), prefix: Word, around: z.array(Word).min(1), per: z.array(Word).default([]) }),
  /** «20 минут 30 секунд»: seconds after the minutes count as their part (20.5 is over 20) */
  second: z.strictObject({ forms: z.array(Word).min(1), prefix: Word }),
});

export type LexiconRoles = z.infer<typeof LexiconRolesSchema>;

export const LexiconFileSchema = z.strictObject({
  roles: LexiconRolesSchema,
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
