/**
 * Signals the words alone don't carry. A bid or a contract said with its suit and no level
 * ("объявил бубны", "говорит просто: пики") is not the normative form, though the message
 * never says so: it earns the concept the non-normative clauses are indexed under. A suit
 * said to be in hand a few words later («а трефа у него была», «хотя пики были») is how
 * players describe a revoke: it earns the concept «масть была».
 */
import type { Lexicon } from "./analyze.js";
import { conceptTerm } from "./analyze.js";
import type { Facts } from "./types.js";

const BID = [conceptTerm("заказ"), conceptTerm("заявка"), conceptTerm("торговля")];
const LEVELED = [conceptTerm("уровень"), conceptTerm("мизер")];
const NON_NORMATIVE = conceptTerm("ненормативный");

const SUIT_HELD = conceptTerm("масть была");
const HELD = new Set(["был", "была", "были", "было", "есть", "имелась", "имелись", "имеется", "оказалась", "оказались"]);
/** how many words may stand between the suit and «была» («трефа у него же была») */
const HELD_GAP = 4;

function suitHeld(lex: Lexicon, tokens: readonly string[], stems: readonly string[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const hit = lex.suits.matchAt(tokens, stems, i);
    if (!hit) continue;
    for (let j = i + hit.length; j < Math.min(tokens.length, i + hit.length + HELD_GAP); j++) if (HELD.has(tokens[j]!)) return true;
  }
  return false;
}

function hasAny(terms: readonly string[], wanted: readonly string[]): boolean {
  for (const t of wanted) if (terms.includes(t)) return true;
  return false;
}

function hasSuit(lex: Lexicon, tokens: readonly string[], stems: readonly string[]): boolean {
  for (let i = 0; i < tokens.length; i++) if (lex.suits.matchAt(tokens, stems, i)) return true;
  return false;
}

export function derivedTerms(lex: Lexicon, tokens: readonly string[], stems: readonly string[], terms: readonly string[], facts: Facts): string[] {
  const out: string[] = [];
  if (!terms.includes(SUIT_HELD) && suitHeld(lex, tokens, stems)) out.push(SUIT_HELD);
  if (facts.level === undefined && !hasAny(terms, LEVELED) && hasAny(terms, BID) && !terms.includes(NON_NORMATIVE) && hasSuit(lex, tokens, stems)) out.push(NON_NORMATIVE);
  return out;
}
