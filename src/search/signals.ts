/**
 * Signals the words alone don't carry. A bid or a contract said with its suit and no level
 * ("объявил бубны", "говорит просто: пики") is not the normative form, though the message
 * never says so: it earns the concept the non-normative clauses are indexed under. A suit
 * said to be in hand a few words later («а трефа у него была», «хотя пики были») is how
 * players describe a revoke: it earns the concept «масть была». A contract lower than the level the
 * bidding reached («торговались до семи, а заказал шесть»), or a мизер named after bidding, is
 * a contract against the rules, though the message never says so: it earns «невозможная игра».
 */
import type { Lexicon } from "./analyze.js";
import { conceptTerm } from "./analyze.js";
import type { Facts } from "./types.js";

const BID = [conceptTerm("заказ"), conceptTerm("заявка"), conceptTerm("торговля")];
const LEVELED = [conceptTerm("уровень"), conceptTerm("мизер")];
const NON_NORMATIVE = conceptTerm("ненормативный");

const AGAINST_RULES = conceptTerm("невозможная игра");
/** levels as players say them in bidding and contracts («до семи», «семь пик», «7 червей») */
const LEVELS: Readonly<Record<string, number>> = {
  шесть: 6,
  шести: 6,
  "6": 6,
  семь: 7,
  семи: 7,
  "7": 7,
  восемь: 8,
  восьми: 8,
  "8": 8,
  девять: 9,
  девяти: 9,
  "9": 9,
  десять: 10,
  десяти: 10,
  "10": 10,
};
/** stems that open a bid (what follows is the bidding's level) or a contract (its level) */
const BID_STEMS = ["торг", "заявк", "дотор"];
const CONTRACT_STEMS = ["заказ", "объяв", "назнач", "заяв"];

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

/**
 * The contract is lower than the level the bidding reached, or is a мизер after a level was bid,
 * in either order of telling: a level counts for the bid or the contract word it follows.
 */
function belowBidding(tokens: readonly string[], stems: readonly string[]): boolean {
  let context: "bid" | "contract" | undefined;
  let bid = 0;
  let contract: number | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const s = stems[i]!;
    if (BID_STEMS.some((b) => s.startsWith(b))) context = "bid";
    else if (CONTRACT_STEMS.some((c) => s.startsWith(c))) context = "contract";
    // мизер as 0: below any level
    const level = LEVELS[tokens[i]!] ?? (s.startsWith("мизер") ? 0 : undefined);
    if (level === undefined || context === undefined) continue;
    if (context === "bid") bid = Math.max(bid, level);
    else contract ??= level;
  }
  return contract !== undefined && bid > 0 && contract < bid;
}

export function derivedTerms(
  lex: Lexicon,
  tokens: readonly string[],
  stems: readonly string[],
  terms: readonly string[],
  facts: Facts,
): string[] {
  const out: string[] = [];
  if (!terms.includes(SUIT_HELD) && suitHeld(lex, tokens, stems)) out.push(SUIT_HELD);
  if (!terms.includes(AGAINST_RULES) && belowBidding(tokens, stems)) out.push(AGAINST_RULES);
  if (
    facts.level === undefined &&
    !hasAny(terms, LEVELED) &&
    hasAny(terms, BID) &&
    !terms.includes(NON_NORMATIVE) &&
    hasSuit(lex, tokens, stems)
  )
    out.push(NON_NORMATIVE);
  return out;
}
