/**
 * Ranking: each message term earns its idf times the weight of the best field of the clause that
 * has it; the sum is divided by what a perfect title hit on every term would earn, so scores stay
 * in 0..1. Facts the message states then tilt the order: a clause about the phase the message
 * describes goes up, one about another phase goes down; a clause whose cases rule only on other
 * values of a stated fact (after the first move, when the message says before) goes down; a
 * club-table row with no penalty for the offender's role goes down, and so does a clause whose title
 * names another offender («Разыгрывающий посмотрел снос» when the вистующий did). A clause about an object
 * (снос, прикуп, взятка) goes down when the message names another object or none.
 */
import type { Facts } from "./types.js";
import { FIELD_WEIGHTS, type ClauseIndex, type IndexedClause, type TermEntry } from "./index.js";

const TOP_WEIGHT = FIELD_WEIGHTS.title;
/** terms no clause has count for less: they are mostly the story around the incident */
const UNKNOWN_SHARE = 0.35;
const CONCEPT_BOOST = 1.3;
/** the share of the score that rides on covering a whole name of the clause */
const NAME_SHARE = 0.4;

/** facts whose stated value a clause's cases can rule out (the phase is the clause's own field) */
const CASE_FACTS = ["acted", "game", "offender", "noticed"] as const;
/** the stated value falls only under a case where the code is silent */
const SILENT_ONLY = 0.85;
/** the clause's cases rule on other values only */
const RULED_OUT = 0.8;
/** the message names objects (снос, прикуп, взятка, колода) and none is the clause's */
const OTHER_OBJECT = 0.75;
/** the clause is about an object the message does not name at all: players name what was seen or taken */
const NO_OBJECT = 0.85;

const ROLE_COLUMN: Readonly<Record<string, "dealer" | "declarer" | "defender">> = {
  dealer: "dealer",
  declarer: "declarer",
  defender: "defender",
};

export interface Scored {
  readonly entry: IndexedClause;
  /** may pass 1 after the fact factors; the caller clamps what it shows */
  readonly score: number;
}

/** the clause's title names who did it, and the message names someone else */
const OTHER_ROLE = 0.8;

/** a clause of the phase the message states, and of another phase */
const PHASE_BOOST = 1.2;
const PHASE_OTHER = 0.8;
/** the most the name coverage and the factors can multiply a base score by (every other factor is ≤ 1) */
const MAX_LIFT = PHASE_BOOST;

/** What the message states that the fact factors weigh, read once per message, not once per clause. */
interface Stated {
  readonly phase: string | undefined;
  readonly role: string | undefined;
  /** the offender as stated, any role (the club table's columns have no пасующий) */
  readonly offender: string | undefined;
  /** the case facts the message states, and their values, side by side */
  readonly caseFacts: readonly string[];
  readonly caseValues: readonly string[];
}

function statedOf(facts: Facts): Stated {
  const caseFacts: string[] = [];
  const caseValues: string[] = [];
  for (const fact of CASE_FACTS) {
    const value = facts[fact];
    if (value) {
      caseFacts.push(fact);
      caseValues.push(value);
    }
  }
  return {
    phase: facts.phase || undefined,
    role: facts.offender ? ROLE_COLUMN[facts.offender] : undefined,
    offender: facts.offender || undefined,
    caseFacts,
    caseValues,
  };
}

function factFactor(entry: IndexedClause, stated: Stated): number {
  let f = 1;
  if (stated.phase) f *= entry.phases.has(stated.phase) ? PHASE_BOOST : PHASE_OTHER;
  if (stated.role && entry.blankRoles.has(stated.role)) f *= 0.85;
  if (stated.offender && entry.roles.size > 0 && !entry.roles.has(stated.offender)) f *= OTHER_ROLE;
  for (let k = 0; k < stated.caseFacts.length; k++) {
    const value = stated.caseValues[k]!;
    const scope = entry.scopes.get(stated.caseFacts[k]!);
    if (!scope || scope.any || scope.ruled.has(value)) continue;
    f *= scope.silent.has(value) ? SILENT_ONLY : RULED_OUT;
  }
  return f;
}

/** Action + object: "посмотрел снос" is not about a clause on the прикуп, whatever the verb shares. */
function objectFactor(entry: IndexedClause, objects: readonly string[]): number {
  if (entry.objects.size === 0) return 1;
  if (objects.length === 0) return NO_OBJECT;
  for (const o of objects) if (entry.objects.has(o)) return 1;
  return OTHER_OBJECT;
}

/** How much of its best-covered name (title or phrase) the message covers, by idf: 0..1. */
function coverage(totals: Float64Array, entry: IndexedClause, have: Float64Array): number {
  let best = 0;
  for (let n = entry.nameAt; n < entry.nameAt + entry.nameCount; n++) {
    const total = totals[n]!;
    if (total > 0 && have[n]! > best * total) best = have[n]! / total;
  }
  return best;
}

/**
 * Per-index scratch space, reused call after call: matching is synchronous, so one call never
 * sees another's. Only the slots a call touched are cleared after it.
 */
interface Scratch {
  readonly have: Float64Array;
  readonly sums: Float64Array;
}
const scratchOf = new WeakMap<ClauseIndex, Scratch>();

function scratch(index: ClauseIndex): Scratch {
  let s = scratchOf.get(index);
  if (!s) scratchOf.set(index, (s = { have: new Float64Array(index.nameTotals.length), sums: new Float64Array(index.entries.length) }));
  return s;
}

/**
 * Best first, equal scores in index order: a stable insertion sort, the order a stable sort by
 * descending score gives, without a comparator call per step (a few dozen clauses at most).
 */
export function sortByScore(out: Scored[]): Scored[] {
  for (let i = 1; i < out.length; i++) {
    const cur = out[i]!;
    let j = i - 1;
    while (j >= 0 && out[j]!.score < cur.score) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = cur;
  }
  return out;
}

/** Scores every clause sharing a term with the message; `floor`: clauses that cannot reach it are left out. */
export function scoreAll(index: ClauseIndex, terms: readonly string[], facts: Facts, floor = 0): Scored[] {
  // the message's terms once each, first seen first (sums are added up in this order)
  const unique: string[] = [];
  for (const t of terms) if (!unique.includes(t)) unique.push(t);
  let max = 0;
  const known: TermEntry[] = [];
  const knownIdf: number[] = [];
  for (const t of unique) {
    const boost = t.startsWith("@") ? CONCEPT_BOOST : 1;
    const entry = index.terms.get(t);
    if (entry === undefined) max += index.unknownIdf * UNKNOWN_SHARE * TOP_WEIGHT;
    else {
      known.push(entry);
      knownIdf.push(entry.idf * boost);
      max += entry.idf * boost * TOP_WEIGHT;
    }
  }
  if (known.length === 0 || max === 0) return [];
  const objects: string[] = [];
  for (const o of index.objects) if (unique.includes(o)) objects.push(o);
  const { have, sums } = scratch(index);
  const stated = statedOf(facts);
  // each name's covered idf, added up term by term over the names that hold the term
  for (const { idf, names } of known) for (let k = 0; k < names.length; k++) have[names[k]!]! += idf;
  for (let j = 0; j < known.length; j++) {
    const { at, weight } = known[j]!;
    const idf = knownIdf[j]!;
    for (let k = 0; k < at.length; k++) sums[at[k]!]! += idf * weight[k]!;
  }
  const out: Scored[] = [];
  for (let at = 0; at < sums.length; at++) {
    const sum = sums[at]!;
    if (sum === 0) continue;
    sums[at] = 0;
    // Only a clause whose base score, lifted as far as it can be, still reaches the floor is worth the rest.
    if (sum > 0 && (sum / max) * MAX_LIFT >= floor) {
      const entry = index.entries[at]!;
      const base = sum / max;
      out.push({
        entry,
        score:
          base *
          (1 - NAME_SHARE + NAME_SHARE * coverage(index.nameTotals, entry, have)) *
          factFactor(entry, stated) *
          objectFactor(entry, objects),
      });
    }
  }
  for (const { names } of known) for (let k = 0; k < names.length; k++) have[names[k]!] = 0;
  return sortByScore(out);
}
