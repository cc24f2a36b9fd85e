/**
 * Signals the words alone don't carry. A bid or a contract said with its suit and no level
 * ("объявил бубны", "говорит просто: пики") is not the normative form, though the message
 * never says so: it earns the concept the non-normative clauses are indexed under.
 */
import type { Lexicon } from "./analyze.js";
import { conceptTerm } from "./analyze.js";
import type { Facts } from "./types.js";

const BID = [conceptTerm("заказ"), conceptTerm("заявка"), conceptTerm("торговля")];
const LEVELED = [conceptTerm("уровень"), conceptTerm("мизер")];
const NON_NORMATIVE = conceptTerm("ненормативный");

export function derivedTerms(lex: Lexicon, tokens: readonly string[], stems: readonly string[], terms: readonly string[], facts: Facts): string[] {
  const has = (t: string): boolean => terms.includes(t);
  if (facts.level !== undefined || LEVELED.some(has) || !BID.some(has) || has(NON_NORMATIVE)) return [];
  return lex.suits.scan(tokens, stems).length > 0 ? [NON_NORMATIVE] : [];
}
