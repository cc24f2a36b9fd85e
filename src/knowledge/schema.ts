/**
 * The shape of `knowledge/`: what a judge edits. Every object is strict, so a misspelt field
 * is an error at start-up rather than a rule silently ignored.
 */
import { z } from "zod";

export const DOC_IDS = ["fspr", "zinin"] as const;
export const DocIdSchema = z.enum(DOC_IDS);

/** Clause ids are fixed by docs/clause-ids.md: `fspr-10.4.6`, `zinin-4.5`. */
export const ClauseIdSchema = z.string().regex(/^(fspr-10\.\d+\.\d+|zinin-\d+\.\d+)$/, "clause id like fspr-10.4.6 or zinin-4.5");
const Ascii = z.string().regex(/^[a-z0-9_]+$/, "short ASCII id: a-z, 0-9, _");
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
  /** value id -> answer label, in the order the buttons show them */
  values: z.record(z.string().regex(/^[a-z0-9_]+$/), Text),
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
  /** values offered as an answer only where a case of the clause names them (a role of one phase) */
  only_when_named: z.array(z.string()).min(1).optional(),
});
export const FactsFileSchema = z.record(Ascii, FactSchema);

/**
 * A penalty as data, where the code states one. `ruling` (the document's own words) always
 * goes with it; this is what later code computes with.
 */
export const PenaltySchema = z.discriminatedUnion("kind", [
  /** пересдача */
  z.strictObject({ kind: z.literal("redeal"), on_demand: z.boolean().optional() }),
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
    })
    .refine((p) => (p.points === undefined) === (p.amount_unstated === true), {
      message: "a mountain penalty has either points or amount_unstated: true",
    }),
  /** штраф на N взяток (в гору, в контракте уровня `level`: played / bidding) */
  z.strictObject({
    kind: z.literal("tricks"),
    tricks: z.number().positive(),
    level: z.enum(["played", "bidding"]).optional(),
    min: z.boolean().optional(),
  }),
  /** без N на объявленной игре; `tricks: "all"` for «без всех» */
  z.strictObject({ kind: z.literal("remiz"), tricks: z.union([z.number().int().positive(), z.literal("all")]) }),
  /** лишается N взяток / на распасах добавляется N взяток */
  z.strictObject({ kind: z.literal("lose_tricks"), tricks: z.number().positive() }),
  z.strictObject({ kind: z.literal("add_tricks"), tricks: z.number().positive() }),
  /** все оставшиеся взятки (или первые N) его */
  z.strictObject({ kind: z.literal("takes_tricks"), tricks: z.union([z.number().int().positive(), z.literal("remaining")]) }),
  /** висты / упущенная выгода на провинившегося, доля 0.5 или 1 */
  z.strictObject({ kind: z.literal("whists"), share: z.number().positive().max(1) }),
  /** карта (карты) становится открытой / «настольной» */
  z.strictObject({ kind: z.literal("open_card") }),
  /** не имеет права участвовать в торговле */
  z.strictObject({ kind: z.literal("no_bidding") }),
  /** замечание / предупреждение */
  z.strictObject({ kind: z.literal("warning") }),
  /** штраф в турнирных баллах (ТБ) */
  z.strictObject({ kind: z.literal("tb"), points: z.number().positive(), max: z.boolean().optional() }),
  /** недопуск к туру */
  z.strictObject({ kind: z.literal("bar") }),
  /** дисквалификация: с турнира, или со всех турниров на срок */
  z.strictObject({ kind: z.literal("disqualification"), years: z.number().positive().optional() }),
  /** без наказания (сказано прямо) */
  z.strictObject({ kind: z.literal("none") }),
]);

/** Facts that select a case: fact id -> the values under which it applies. Absent fact = any. */
export const WhenSchema = z.record(Ascii, z.array(z.string().regex(/^[a-z0-9_]+$/)).min(1));

export const CaseSchema = z.strictObject({
  id: Ascii,
  when: WhenSchema.default({}),
  /** the ruling in the document's own words */
  ruling: Text,
  penalties: z.array(PenaltySchema).default([]),
  /** the code says nothing for these facts: the judge says so and sends to the tournament judge */
  silent: z.boolean().optional(),
  note: Text.optional(),
});

/** One penalty cell of the club table: the roles it covers (a spanning cell covers several). */
export const CellSchema = z.strictObject({
  roles: z.array(z.enum(["dealer", "declarer", "defender"])).min(1),
  text: Text,
});

export const NoteSchema = z.strictObject({ with: ClauseIdSchema, note: Text });

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
  cases: z.array(CaseSchema).min(1),
  /** the same matter in the other document (symmetric: stated on one side is enough) */
  links: z.array(ClauseIdSchema).default([]),
  /** where the documents differ, or the same document disagrees with itself (symmetric) */
  conflicts: z.array(NoteSchema).default([]),
  /** what the text lacks: no text, cut off, a wrong reference */
  gaps: z.array(Text).default([]),
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
export type ClauseData = z.infer<typeof ClauseSchema>;
