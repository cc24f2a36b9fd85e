import type { ClauseData, ClauseId, ConflictNote, Convention, DocId, Document, Fact, Link } from "./schema.js";
import type { LexiconFile } from "./lexicon-schema.js";
import type { LoadedRanker } from "./ranker-schema.js";

export type { Case, Cell, ClauseId, ConflictNote, Convention, DocId, Document, Fact, Link, Penalty } from "./schema.js";

/** A clause as the rest of the program sees it: validated, with its section and symmetric links. */
export interface Clause extends Readonly<Omit<ClauseData, "links" | "conflicts">> {
  readonly document: DocId;
  readonly section: { readonly number: string; readonly title: string };
  /** the file it came from, for messages to the judge who edits it */
  readonly file: string;
  /** every linked clause, both ways, once each */
  readonly links: readonly ClauseId[];
  /** where each link bears, seen from this clause (a link stated on the other side, mirrored) */
  readonly bearings: readonly Readonly<Link>[];
  readonly conflicts: readonly Readonly<ConflictNote>[];
}

export interface Knowledge {
  readonly documents: ReadonlyMap<DocId, Document>;
  readonly facts: ReadonlyMap<string, Fact>;
  /** in document order: fspr first, then zinin, each by section and number */
  readonly clauses: readonly Clause[];
  readonly byId: ReadonlyMap<ClauseId, Clause>;
  readonly lexicon: LexiconFile;
  /** the cases players ask about most (knowledge/frequent.yaml), offered by an empty inline query */
  readonly frequent: readonly ClauseId[];
  /** score-sheet conventions (trick prices), knowledge/conventions.yaml: in neither document */
  readonly conventions: ReadonlyMap<string, Convention>;
  /** the convention a dialog uses until the player chooses another (/settings) */
  readonly defaultConvention: string;
  /** the fitted ranking weights (knowledge/ranker.json), when trained */
  readonly ranker?: LoadedRanker;
}
