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
import type { Facts } from "./types.js";

/** how many words may stand between the suit and «была» («трефа у него же была») */
const HELD_GAP = 4;

function suitHeld(lex: Lexicon, tokens: readonly string[], stems: readonly string[]): boolean {
  const held = lex.roles.words.held;
  for (let i = 0; i < tokens.length; i++) {
    const hit = lex.suits.matchAt(tokens, stems, i);
    if (!hit) continue;
    for (let j = i + hit.length; j < Math.min(tokens.length, i + hit.length + HELD_GAP); j++) if (held.includes(tokens[j]!)) return true;
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
function belowBidding(lex: Lexicon, tokens: readonly string[], stems: readonly string[]): boolean {
  const { bid_stems: bidStems, contract_stems: contractStems, levels, misere_stem: misere } = lex.roles.words;
  let context: "bid" | "contract" | undefined;
  let bid = 0;
  let contract: number | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const s = stems[i]!;
    if (bidStems.some((b) => s.startsWith(b))) context = "bid";
    else if (contractStems.some((c) => s.startsWith(c))) context = "contract";
    // мизер as 0: below any level
    const level = levels[tokens[i]!] ?? (s.startsWith(misere) ? 0 : undefined);
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
  const r = lex.roles;
  if (!terms.includes(r.suitHeld) && suitHeld(lex, tokens, stems)) out.push(r.suitHeld);
  if (!terms.includes(r.againstRules) && belowBidding(lex, tokens, stems)) out.push(r.againstRules);
  if (
    facts.level === undefined &&
    !hasAny(terms, r.leveled) &&
    hasAny(terms, r.bid) &&
    !terms.includes(r.nonNormative) &&
    hasSuit(lex, tokens, stems)
  )
    out.push(r.nonNormative);
  return out;
}
