/**
 * The clause index: each clause's fields analysed once, with the weight a hit in each field
 * carries. A title or a players' phrase names the incident; the text and the rulings only
 * mention it, and long texts mention everything, so their weight shrinks with their length.
 */
import type { Clause } from "../knowledge/types.js";
import { analyse, type Analysis, type Lexicon } from "./analyze.js";

export const FIELD_WEIGHTS = { title: 3, phrases: 3, text: 1.5, rulings: 1, section: 0.75 } as const;
/** a word in one players' phrase of many is the story of that phrase; a word in most of them names the incident */
const PHRASE_FLOOR = 0.6;

/** What a clause's cases say about one fact: the values a ruling names, the values only a silent case names. */
export interface FactScope {
  /** some ruled case does not depend on this fact */
  readonly any: boolean;
  readonly ruled: ReadonlySet<string>;
  readonly silent: ReadonlySet<string>;
}
type Field = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as Field[];
/** the club table's penalty columns, as the offender fact names them */
export const CELL_ROLES: readonly string[] = ["dealer", "declarer", "defender"];

export interface IndexedClause {
  readonly clause: Clause;
  /** the clause's own, copied: the clauses differ in shape, the entries share one, and ranking reads these for every candidate */
  readonly id: Clause["id"];
  readonly document: Clause["document"];
  readonly links: Clause["links"];
  /** term -> the best weight a hit on it earns in this clause */
  readonly weights: ReadonlyMap<string, number>;
  /**
   * Its title and players' phrases ("names": a message that covers one names the incident), as a
   * range of the index's flat list of names: `nameTotals` and each term's `names` hold them.
   */
  readonly nameAt: number;
  readonly nameCount: number;
  /** fact id -> what the cases say about it, for facts some case names */
  readonly scopes: ReadonlyMap<string, FactScope>;
  /** the objects its title names (снос, прикуп, взятка) */
  readonly objects: ReadonlySet<string>;
  /** the offenders its title names («Разыгрывающий посмотрел снос»), as offender values */
  readonly roles: ReadonlySet<string>;
  /** the phases it is about (the clause's own field, as a set) */
  readonly phases: ReadonlySet<string>;
  /** club-table roles whose cell is a bare "-": no penalty for that offender */
  readonly blankRoles: ReadonlySet<string>;
}

/** Everything the ranking needs about one term, found with one look-up. */
export interface TermEntry {
  /** inverse document frequency */
  readonly idf: number;
  /** the clauses that have it (positions in `entries`) and the weight each gives it, side by side */
  readonly at: Int32Array;
  readonly weight: Float64Array;
  /** the names (flat positions) it is in: a message adds up its coverage of each name term by term */
  readonly names: Int32Array;
}

export interface ClauseIndex {
  readonly entries: readonly IndexedClause[];
  /** every term some clause has */
  readonly terms: ReadonlyMap<string, TermEntry>;
  /** idf sum of each name, flat over all clauses */
  readonly nameTotals: Float64Array;
  /** idf of a term no clause has */
  readonly unknownIdf: number;
  /** surface words of the clauses, for typo correction */
  readonly words: ReadonlySet<string>;
  /** the objects an incident is about (lexicon roles.objects): a message about one is not about a clause on another */
  readonly objects: readonly string[];
}

function fieldsOf(c: Clause): Record<Field, string[]> {
  return {
    title: [c.title],
    phrases: [...c.phrases],
    // A club-table row's text repeats the column names (Сдающий: … Вистующий: …), which would make
    // every row about every role; its cells say the same without them.
    text: c.cells ? c.cells.map((cell) => cell.text) : [c.text],
    rulings: c.cases.map((k) => k.quote ?? k.silent ?? ""),
    section: [c.section.title],
  };
}

function scopesOf(clause: Clause): Map<string, FactScope> {
  const facts = new Set(clause.cases.flatMap((k) => Object.keys(k.when)));
  const scopes = new Map<string, FactScope>();
  for (const fact of facts) {
    const ruled = new Set<string>();
    const silent = new Set<string>();
    let any = false;
    for (const k of clause.cases) {
      const values = k.when[fact];
      if (!values) {
        if (!k.silent) any = true;
      } else for (const v of values) (k.silent ? silent : ruled).add(v);
    }
    scopes.set(fact, { any, ruled, silent });
  }
  return scopes;
}

/** Club-table roles whose cell (the first naming the role) is a bare "-". */
function blankRolesOf(clause: Clause): Set<string> {
  const blank = new Set<string>();
  if (!clause.cells) return blank;
  for (const role of CELL_ROLES) {
    const cell = clause.cells.find((c) => (c.roles as readonly string[]).includes(role));
    if (cell && cell.text.trim() === "-") blank.add(role);
  }
  return blank;
}

/** A string of the knowledge analysed, with what the index derives from it, each done once. */
interface Read {
  readonly analysis: Analysis;
  /** its terms once each, first seen first */
  distinct: readonly string[] | undefined;
  /** its words are in the typo fixer's list */
  worded: boolean;
}

/** Terms of `list` once each, first seen first. */
function distinct(list: readonly string[]): string[] {
  return [...new Set(list)];
}

export function buildIndex(lex: Lexicon, clauses: readonly Clause[]): ClauseIndex {
  const words = new Set<string>();
  // Titles and phrases are read three ways, and rulings often repeat the text: analyse each string once.
  const analysed = new Map<string, Read>();
  const read = (t: string): Read => {
    let r = analysed.get(t);
    if (!r) analysed.set(t, (r = { analysis: analyse(lex, t), distinct: undefined, worded: false }));
    return r;
  };
  const distinctOf = (r: Read): readonly string[] => (r.distinct ??= distinct(r.analysis.terms));
  const raw = clauses.map((clause) => {
    const fields = fieldsOf(clause);
    const termsBy = {} as Record<Field, string[]>;
    for (const field of FIELDS) {
      const terms: string[] = [];
      // indexed loops here and below: this runs once at start-up, before the JIT has warmed
      const strings = fields[field];
      for (let j = 0; j < strings.length; j++) {
        const r = read(strings[j]!);
        if (field !== "text" && field !== "rulings" && !r.worded) {
          r.worded = true;
          const tokens = r.analysis.tokens;
          for (let k = 0; k < tokens.length; k++) if (tokens[k]!.length >= 4 && !/\d/.test(tokens[k]!)) words.add(tokens[k]!);
        }
        const found = r.analysis.terms;
        for (let k = 0; k < found.length; k++) terms.push(found[k]!);
      }
      termsBy[field] = terms;
    }
    // in how many of the clause's phrases each term is
    const phraseCount = new Map<string, number>();
    for (const t of clause.phrases) {
      const terms = distinctOf(read(t));
      for (let k = 0; k < terms.length; k++) phraseCount.set(terms[k]!, (phraseCount.get(terms[k]!) ?? 0) + 1);
    }
    const titleTerms = new Set(read(clause.title).analysis.terms);
    const names: (readonly string[])[] = [];
    for (const t of [clause.title, ...clause.phrases]) {
      const terms = distinctOf(read(t));
      if (terms.length > 0) names.push(terms);
    }
    return { clause, termsBy, names, phraseCount, titleTerms };
  });
  const avg = (field: Field): number => raw.reduce((s, r) => s + r.termsBy[field].length, 0) / Math.max(1, raw.length);
  const avgLen = { text: avg("text"), rulings: avg("rulings") };

  const df = new Map<string, number>();
  const entries = raw.map(({ clause, termsBy, names, phraseCount, titleTerms }) => {
    const weights = new Map<string, number>();
    for (const field of FIELDS) {
      let w: number = FIELD_WEIGHTS[field];
      if (field === "text" || field === "rulings") {
        const len = termsBy[field].length;
        w = w / (1 + 0.5 * (len / Math.max(1, avgLen[field]) - 1));
        w = Math.min(w, FIELD_WEIGHTS[field] * 1.5);
      }
      const terms = termsBy[field];
      for (let k = 0; k < terms.length; k++) {
        const t = terms[k]!;
        let tw = w;
        if (field === "phrases") {
          const share = (phraseCount.get(t) ?? 0) / Math.max(1, clause.phrases.length);
          tw = w * (PHRASE_FLOOR + (1 - PHRASE_FLOOR) * Math.min(1, 3 * share));
        }
        weights.set(t, Math.max(weights.get(t) ?? 0, tw));
      }
    }
    for (const t of weights.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    const objects = new Set(lex.roles.objects.filter((o) => titleTerms.has(o)));
    // a title may say who did it
    const offenders = lex.roles.offenders;
    const roles = new Set(Object.keys(offenders).filter((r) => titleTerms.has(offenders[r]!)));
    return { clause, weights, names, scopes: scopesOf(clause), objects, roles };
  });
  const n = entries.length;
  const idfOf = (d: number): number => Math.log(1 + (n - d + 0.5) / (d + 0.5));
  const idf = new Map<string, number>();
  for (const [t, d] of df) idf.set(t, idfOf(d));
  const postings = new Map<string, { at: number[]; weight: number[] }>();
  entries.forEach((e, at) => {
    for (const [t, weight] of e.weights) {
      const list = postings.get(t);
      if (list) {
        list.at.push(at);
        list.weight.push(weight);
      } else postings.set(t, { at: [at], weight: [weight] });
    }
  });
  const namePostings = new Map<string, number[]>();
  const totals: number[] = [];
  const indexed = entries.map((e): IndexedClause => {
    const nameAt = totals.length;
    for (const terms of e.names) {
      for (let k = 0; k < terms.length; k++) {
        const t = terms[k]!;
        const list = namePostings.get(t);
        if (list) list.push(totals.length);
        else namePostings.set(t, [totals.length]);
      }
      totals.push(terms.reduce((sum, t) => sum + (idf.get(t) ?? 0), 0));
    }
    // a literal, not a spread of the rest: every entry then shares one hidden class, and the ranking's
    // property reads stay monomorphic (the spread gave each entry its own)
    return {
      clause: e.clause,
      id: e.clause.id,
      document: e.clause.document,
      links: e.clause.links,
      weights: e.weights,
      nameAt,
      nameCount: e.names.length,
      scopes: e.scopes,
      objects: e.objects,
      roles: e.roles,
      phases: new Set(e.clause.phase),
      blankRoles: blankRolesOf(e.clause),
    };
  });
  const terms = new Map<string, TermEntry>();
  for (const [t, p] of postings) {
    terms.set(t, {
      idf: idf.get(t)!,
      at: Int32Array.from(p.at),
      weight: Float64Array.from(p.weight),
      names: Int32Array.from(namePostings.get(t) ?? []),
    });
  }
  return { entries: indexed, terms, nameTotals: Float64Array.from(totals), unknownIdf: idfOf(0), words, objects: lex.roles.objects };
}
