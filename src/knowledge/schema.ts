/**
 * The shape of `knowledge/`: what a judge edits. Every object is strict, so a misspelt field
 * is an error at start-up rather than a rule silently ignored.
 */
import { z } from "zod";

export const DOC_IDS = ["fspr", "zinin"] as const;
export const DocIdSchema = z.enum(DOC_IDS);

/** Clause ids are fixed by docs/clause-ids.md: `fspr-10.4.6`, `zinin-4.5`. */
export const ClauseIdSchema = z.string().regex(/^(fspr-10\.\d+\.\d+|zinin-\d+\.\d+)$/, "clause id like fspr-10.4.6 or zinin-4.5");
// ids travel in button data, whose arguments are at most 24 characters (src/engine/buttons.ts)
const Ascii = z.string().regex(/^[a-z0-9_]{1,24}$/, "short ASCII id: 1–24 of a-z, 0-9, _");
const Text = z.string().trim().min(1);

export const DocumentSchema = z.strictObject({
  id: DocIdSchema,
  title: Text,
  short: Text,
  edition: Text,
  source: Text,
  note: Text.optional(),
});
export const DocumentsFileSchema = z.array(DocumentSchema).min(1);

/** knowledge/frequent.yaml: clause ids, the most asked first */
export const FrequentFileSchema = z.array(ClauseIdSchema).max(50);

export const FactSchema = z.strictObject({
  question: Text,
  /** the fact's name under a ruling, «Исходя из: Кто ошибся: вистующий»; the question without «?» if absent */
  short: Text.optional(),
  /** what the fact is, in a word or two, where a ruling names a «Да» / «Нет» answer («выгода — да») */
  name: Text.optional(),
  /** value id -> answer label, in the order the buttons show them */
  values: z.record(Ascii, Text),
  /**
   * What a value tells about other facts by the rules of the game itself, not by a code:
   * value id -> fact id -> the values still possible (no declarer on распасы, …).
   */
  implies: z.record(z.string(), z.record(Ascii, z.array(z.string()).min(1))).optional(),
  /**
   * Other facts' values under which nobody at the table can know this one yet (no contract while
   * the bidding goes on): the judge does not ask it then, and rules on every branch instead.
   */
  unknown_while: z.record(Ascii, z.array(z.string()).min(1)).optional(),
  /** value -> facts it settles where they are not known (a contract of six to ten tricks is a game) */
  tells: z.record(z.string(), z.record(Ascii, z.string())).optional(),
  /** level only: facts under which there was no bidding yet, so not even the level the bidding reached is known */
  no_bidding_while: z.record(Ascii, z.array(z.string()).min(1)).optional(),
  /** values offered as an answer only where a case of the clause names them (a role of one phase) */
  only_when_named: z.array(z.string()).min(1).optional(),
  /**
   * A condition a clause words in its title that players seldom say («самовольный»): never asked;
   * a clause whose cases name the fact takes this value unless the message says another, and the
   * ruling shows it as the judge's assumption, which the player can change.
   */
  assumed_unless_told: z.string().optional(),
  /**
   * A fact of one matter («при съёме», «взял прикуп»): a line under a ruling only where the ruling
   * depends on it (a case or a link names it), not under every clause of the phase it was read in.
   */
  only_where_it_bears: z.boolean().optional(),
  /**
   * Values of one act that goes on, weakest first («взял прикуп… и вскрыл его»): where a story names
   * several, the furthest it went is the fact, not the first named.
   */
  furthest: z.array(z.string()).min(2).optional(),
  /**
   * value -> the values it narrows («сам исправил» is «взятка ещё не перевёрнута» and more): where a
   * story names both, the narrower is the fact, not two moments the judge must ask between.
   */
  refines: z.record(z.string(), z.array(z.string()).min(1)).optional(),
  /**
   * Where a story gives two values of this fact («рубашкой вверх, но все увидели туз»), neither is taken:
   * the judge asks, rather than keep whichever came first.
   */
  contradiction_asks: z.literal(true).optional(),
  /**
   * value -> other facts' values that outweigh it where the same message tells them: a denial («сдавал по
   * две, как положено») yields to the error told beside it («…а потом по одной»), and is then not read.
   */
  yields_to: z.record(z.string(), z.record(Ascii, z.array(z.string()).min(1))).optional(),
  /**
   * value -> other facts' values that outweigh it only where said after it: «по две, как положено… а потом по одной»
   * is the error; «говорит, что сдавал по три, но сдавал по две» is the denial.
   */
  yields_to_later: z.record(z.string(), z.record(Ascii, z.array(z.string()).min(1))).optional(),
  /**
   * The value a player picks under ✎ to say the message was misread («Нет — нарушение было»): no case names
   * it, yet it is offered, and the clause's own cases apply.
   */
  misread: z.string().optional(),
});
export const FactsFileSchema = z.record(Ascii, FactSchema);

/** Marks a measure the document offers as an option («может», «вправе», «по решению судьи»), not one it applies. */
const may = { may: z.literal(true).optional() };

/**
 * A penalty as data, where the document states one. The case's `quote` (the document's own
 * words) always goes with it; this is what later code computes with (points under a convention,
 * minutes of lateness) and what the fidelity tests pin.
 */
export const PenaltySchema = z.discriminatedUnion("kind", [
  /** пересдача */
  z.strictObject({ kind: z.literal("redeal"), on_demand: z.boolean().optional(), ...may }),
  /** N очков в гору; `progressive` for «2 (4, 6 …)», `per` for «за каждые 5 минут» */
  z
    .strictObject({
      kind: z.literal("mountain"),
      /** absent only when the code names no amount (`amount_unstated`) */
      points: z.number().positive().optional(),
      min: z.boolean().optional(),
      progressive: z.boolean().optional(),
      per: Text.optional(),
      amount_unstated: z.literal(true).optional(),
      ...may,
    })
    .refine((p) => (p.points === undefined) === (p.amount_unstated === true), {
      message: "a mountain penalty has either points or amount_unstated: true",
    }),
  /** N очков, and the document does not say where they are written («Повторно — 2 очка») */
  z.strictObject({ kind: z.literal("points"), points: z.number().positive(), ...may }),
  /**
   * штраф на N взяток. `mountain: true` only where the document says «на гору / в гору»; `level`:
   * the contract being played, the level the bidding stood at when it happened, or not named.
   * Points are computed only for a mountain penalty whose level is named.
   */
  z.strictObject({
    kind: z.literal("tricks"),
    tricks: z.number().positive(),
    mountain: z.literal(true).optional(),
    level: z.enum(["played", "bidding", "unstated"]),
    min: z.boolean().optional(),
    ...may,
  }),
  /**
   * без N (`tricks: "all"` for «без всех»): on the declared game (`level: played`) or on the game
   * the bidding reached (`reached`); `on: whist` for a defender's «без N на висте», whose cost
   * the documents do not state (no points).
   */
  z.strictObject({
    kind: z.literal("remiz"),
    tricks: z.union([z.number().int().positive(), z.literal("all")]),
    /** absent = played (the declared game) */
    level: z.enum(["played", "reached"]).optional(),
    /** absent = game */
    on: z.enum(["game", "whist"]).optional(),
    /** «плюс ещё без двух» (Зинин 4.2): tricks the document adds to `tricks` */
    plus: z.number().int().positive().optional(),
    /** `true` only where the document itself says «в гору» (10.4.6's «дополнительный штраф в гору "без трёх"») */
    mountain: z.literal(true).optional(),
    /**
     * «штрафные взятки плюсуются к тем, что не досчитался разыгрывающий»: what they are added to, in
     * the document's words («взятки, что не досчитался разыгрывающий»); the play decides how many, so
     * no total is computed
     */
    added_to: Text.optional(),
    ...may,
  }),
  /** лишается N взяток / на распасах добавляется N взяток */
  z.strictObject({ kind: z.literal("lose_tricks"), tricks: z.number().positive(), ...may }),
  z.strictObject({ kind: z.literal("add_tricks"), tricks: z.number().positive(), ...may }),
  /** все оставшиеся взятки (или первые N) его */
  z.strictObject({ kind: z.literal("takes_tricks"), tricks: z.union([z.number().int().positive(), z.literal("remaining")]), ...may }),
  /** висты / упущенная выгода на провинившегося, доля 0.5 или 1 */
  z.strictObject({ kind: z.literal("whists"), share: z.number().positive().max(1), ...may }),
  /** карта (карты) становится открытой (ФСПР) / «настольной» (Зинин): what follows is in the case's `do` */
  z.strictObject({ kind: z.literal("open_card"), ...may }),
  /** не имеет права участвовать в торговле */
  z.strictObject({ kind: z.literal("no_bidding"), ...may }),
  /** замечание / предупреждение */
  z.strictObject({ kind: z.literal("warning"), ...may }),
  /** штраф в турнирных баллах (ТБ) */
  z.strictObject({ kind: z.literal("tb"), points: z.number().positive(), max: z.boolean().optional(), ...may }),
  /** недопуск к туру */
  z.strictObject({ kind: z.literal("bar"), ...may }),
  /** дисквалификация: с турнира, или со всех турниров на срок */
  z.strictObject({ kind: z.literal("disqualification"), years: z.number().positive().optional(), max: z.boolean().optional(), ...may }),
  /** без наказания (сказано прямо) */
  z.strictObject({ kind: z.literal("none") }),
]);

/** Facts that select a case: fact id -> the values under which it applies. Absent fact = any. */
export const WhenSchema = z.record(Ascii, z.array(z.string().regex(/^[a-z0-9_]+$/)).min(1));

/**
 * One case of a clause: under these facts, the document says this (`quote`, its own words) and
 * the table does that (`do`, written from those words and adding nothing) — or the document is
 * silent (`silent`, saying what it does not say), and then there is neither.
 */
export const CaseSchema = z
  .strictObject({
    id: Ascii,
    when: WhenSchema.default({}),
    /** the document's own words the case rests on; fragments joined by «…» */
    quote: Text.optional(),
    /** what the players and the judge do now, each line from the quote's words (options said as options) */
    do: z.array(Text).min(1).optional(),
    penalties: z.array(PenaltySchema).default([]),
    /** what the document does not say for these facts: the judge says so and sends to the tournament judge */
    silent: Text.optional(),
    /**
     * a silent case's word where a ruling lists it among others, when what the document leaves open is
     * no plain silence («кодекс здесь противоречит сам себе»); absent: «документ здесь молчит»
     */
    open_as: Text.optional(),
    /** a silent case's matter that another clause of the same document rules (10.4.17 is silent where 10.2.2 speaks) */
    see: z.array(ClauseIdSchema).min(1).optional(),
    /** more of what the document says around this case, for the details */
    note: Text.optional(),
    /**
     * The case holds only where every fact of its `when` is told (stated, answered, or settled by one that
     * is): a narrow exception to a general case, never asked about (10.4.20's прикуп said to lie on a middle round).
     */
    told_only: z.boolean().optional(),
    /**
     * The case holds only where the player answers its facts, never on the message's reading of them: the
     * role a message names may not be the one the column means (Zinin 1.3: the player named with 11 cards
     * holds them and did not deal them; Zinin 4.x: «сдающий» in a story of the play may be a playing dealer).
     */
    answered_only: z.boolean().optional(),
    /**
     * With `answered_only`: facts the message may tell that make the value it names sure after all, so it is
     * read (a «сдающий», told as one who «в этой сдаче не играет», is the dealer's column, audit BF).
     */
    unless_told: z.record(Ascii, z.array(z.string()).min(1)).optional(),
    /**
     * The case answers a player's «а так можно?» about an act the clause allows (10.4.16: the last closed
     * trick) or is silent on (Zinin 4.3): a message taken for no irregularity that states every fact of its
     * `when` gets this ruling, so the permission or the silence is cited, not a bare «это не нарушение».
     */
    answers_whether_allowed: z.literal(true).optional(),
    /**
     * With `told_only` and `silent`: the message says the clause's error did not happen («его очередь была»);
     * the silent text is the whole answer, with no call for the tournament judge (audit BI).
     */
    matter_denied: z.literal(true).optional(),
  })
  .refine((c) => !c.matter_denied || (c.told_only === true && c.silent !== undefined), {
    message: "matter_denied is a told_only silent case: the message said the error did not happen",
  })
  .refine((c) => !(c.told_only && c.answered_only), {
    message: "a case is either told_only (only as the message says it) or answered_only (only as the player answers), not both",
  })
  .refine((c) => (c.quote === undefined) !== (c.silent === undefined), {
    message: "a case has either a quote (the document's words) or silent (what the document does not say)",
  })
  .refine((c) => c.silent === undefined || (c.do === undefined && c.penalties.length === 0), {
    message: "a silent case has no do lines and no penalties",
  })
  .refine((c) => c.open_as === undefined || c.silent !== undefined, {
    message: "open_as is the word of a silent case",
  })
  .refine((c) => c.see === undefined || c.silent !== undefined, {
    message: "see names where a silent case's matter is ruled",
  });

/** One penalty cell of the club table: the roles it covers (a spanning cell covers several). */
export const CellSchema = z.strictObject({
  roles: z.array(z.enum(["dealer", "declarer", "defender"])).min(1),
  text: Text,
});

/**
 * Where two clauses differ. `cases` / `with_cases`: the cases of this clause and of the other one
 * the difference bears on (absent = all); a verdict shows the note only where it bears on the case,
 * and, between linked clauses, only where their link bears on it (`links`).
 */
export const NoteSchema = z.strictObject({
  with: ClauseIdSchema,
  note: Text,
  /** empty: the difference bears on none of the cases (it is shown on the clause card only) */
  cases: z.array(Ascii).optional(),
  with_cases: z.array(Ascii).optional(),
  /**
   * Facts the difference bears under, where the cases do not tell them apart: Zinin 1.7's redeal against
   * 4.2's «без двух» is about a deck found short in the play, not in the bidding. Unknown, they are said
   * as the difference's condition. Said of this side's rulings only (under 4.2's the play is the case's own):
   * a mirrored note does not carry it.
   */
  when: WhenSchema.optional(),
  /**
   * Facts the case must tell (stated or answered) for the difference to bear: Zinin 1.1's «вскрыта карта»
   * against 1.10's «увидел прикуп» is about a card of the прикуп, which 1.1 never asks; not said otherwise.
   * Said of this side's rulings only: a mirrored note does not carry it.
   */
  told: WhenSchema.optional(),
  /**
   * Where the document contradicts itself: what the ruling's «⚠» line says of the other clause, when
   * its ruling on the case agrees and the contradiction lies elsewhere in its words (10.4.20's
   * «желательно 4-й парой» against 10.1.5); absent, the line gives the other clause's ruling. Said of
   * this side's rulings only: a mirrored note does not carry it.
   */
  says: Text.optional(),
});

/**
 * A link to the same matter elsewhere, and where it bears. A bare id bears on every case both ways;
 * `cases` / `with_cases` name the cases of this clause and of the linked one it bears on (absent =
 * all), `when` the facts of the incident under which it does (a phase, …). A verdict shows the
 * linked clause, and only those of its cases, where the link bears on the case in hand; the
 * clause card lists every link. Stated on one side, it holds both ways. An empty `with_cases`: it
 * bears on this clause through a part of the other that none of its cases rules on (the differences
 * are shown, the other's cases are not).
 */
export const LinkSchema = z.preprocess(
  (raw) => (typeof raw === "string" ? { with: raw } : raw),
  z.strictObject({
    with: ClauseIdSchema,
    cases: z.array(Ascii).optional(),
    with_cases: z.array(Ascii).optional(),
    when: WhenSchema.optional(),
    /**
     * Facts the case must tell (stated or answered) for the link to bear, both ways: Zinin 1.1's card
     * exposed at the deal meets FSPR 10.1.9 only where the card is told to be the прикуп's (audit AD).
     */
    told: WhenSchema.optional(),
  }),
);

/**
 * Where another clause of the same document rules instead of this one: the document states the
 * matter twice, and the narrower clause decides. `cases`: this clause's cases the other one rules
 * in place of; `when`: facts of the incident that already make it one of those cases. The ruling
 * comes from the other clause, and this one's words are shown as the document contradicting itself.
 * Two clauses may yield to each other for different cases: a yield the other clause would at once
 * give back (its possible cases all among its own yield's) is not taken.
 */
export const YieldSchema = z.strictObject({
  to: ClauseIdSchema,
  cases: z.array(Ascii).min(1),
  when: WhenSchema.optional(),
  /** facts the incident has by being this clause's matter, which the other clause asks otherwise */
  tells: z.record(Ascii, z.string().regex(/^[a-z0-9_]+$/)).optional(),
});

/** A score-sheet convention: what a trick costs by level, in neither document (knowledge/conventions.yaml). */
export const ConventionSchema = z.strictObject({
  name: Text,
  /** level id (knowledge/facts.yaml `level`) -> points a trick costs; absent = no points at all */
  prices: z.record(z.string(), z.number().positive()).optional(),
  /** how many times a ремиз is written (Ленинград: 2) */
  remiz_factor: z.number().positive().default(1),
  note: Text.optional(),
});
export const ConventionsFileSchema = z.strictObject({
  default: Ascii,
  conventions: z.record(Ascii, ConventionSchema),
});

export const ClauseSchema = z.strictObject({
  id: ClauseIdSchema,
  number: z.string().regex(/^\d+(\.\d+)+$/),
  title: Text,
  /** the text as in the document, obvious typos fixed and nothing else */
  text: z.string(),
  /** the club table only: its penalty cells, cell by cell, as printed */
  cells: z.array(CellSchema).optional(),
  /** phases of the game the clause is about, for ranking and to pre-fill `phase` */
  phase: z.array(z.enum(["deal", "bidding", "contract", "play", "offgame"])).min(1),
  /** question wording for this clause, fact id -> question */
  questions: z.record(Ascii, Text).optional(),
  /**
   * Facts this clause takes unless the message or an answer says otherwise, as facts.yaml's
   * `assumed_unless_told` does for every clause: the dealer deals (Зинин 1.3–1.5, whose players' columns are «-»).
   * Shown under the ruling as the judge's assumption, which the player can change (✎).
   */
  assumes: z.record(Ascii, Ascii).optional(),
  /** how this clause names a fact under its ruling, where the fact's `short` would say another clause's condition */
  fact_names: z.record(Ascii, Text).optional(),
  /** facts asked before the others wherever they still split the cases (a moment that sends the case to another clause) */
  ask_first: z.array(Ascii).optional(),
  /**
   * The answers a question offers, where the clause's cases split on one boundary and finer values
   * (read from messages) would overlap as buttons: 10.1.2 asks only «до окончания сдачи» or «после»
   * (audit BF: «до того, как подняли карты» is true of a deal still going, and ruled as after it).
   */
  offers: z.record(Ascii, z.array(Ascii).min(2)).optional(),
  cases: z.array(CaseSchema).min(1),
  /** the same matter in the other document, and where it bears (symmetric: stated on one side is enough) */
  links: z.array(LinkSchema).default([]),
  /** where the documents differ, or the same document disagrees with itself (symmetric) */
  conflicts: z.array(NoteSchema).default([]),
  /** where a narrower clause of the same document rules instead (see YieldSchema) */
  yields: z.array(YieldSchema).default([]),
  /** what the text lacks: no text, cut off, a wrong reference */
  gaps: z.array(Text).default([]),
  /** what the text lacks that bears on some cases only: shown under those rulings (and on the card) */
  case_gaps: z.array(z.strictObject({ cases: z.array(Ascii).min(1), gap: Text })).default([]),
  /**
   * How the clause is read where its words do not name the case (10.4.6 names «на игре», «на висте»,
   * not мизер): said under a ruling whose facts are these, so the reading is the player's to see.
   * `unless`: facts that, once told, make it beside the point (a defender's reading, told of a declarer).
   * `in_ruling`: said under the ruling itself, not only in the details, where it changes what the table
   * does now (a redeal claimed when the card exposed at the deal comes to light in the play, audit AD).
   */
  readings: z
    .array(z.strictObject({ when: WhenSchema, unless: WhenSchema.optional(), says: Text, in_ruling: z.boolean().optional() }))
    .default([]),
  /** words and phrases players use for this incident, for the matcher */
  phrases: z.array(Text).default([]),
});

export const SectionFileSchema = z.strictObject({
  document: DocIdSchema,
  section: z.string().regex(/^\d+(\.\d+)*$/),
  title: Text,
  clauses: z.array(z.unknown()).min(1),
});

export type DocId = z.infer<typeof DocIdSchema>;
export type ClauseId = string;
export type Document = z.infer<typeof DocumentSchema>;
export type Fact = z.infer<typeof FactSchema>;
export type Penalty = z.infer<typeof PenaltySchema>;
export type Case = z.infer<typeof CaseSchema>;
export type Cell = z.infer<typeof CellSchema>;
export type ConflictNote = z.infer<typeof NoteSchema>;
export type Link = z.infer<typeof LinkSchema>;
export type Convention = z.infer<typeof ConventionSchema>;
export type ClauseData = z.infer<typeof ClauseSchema>;
