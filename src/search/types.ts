import type { ClauseId } from "../knowledge/types.js";

/** Which code(s) to rule by. `both`: FSPR first, the club table after it where it differs. */
export type Ruleset = "fspr" | "zinin" | "both";
export const RULESETS: readonly Ruleset[] = ["fspr", "zinin", "both"];

/** Whether a clause of `document` is ruled by under `ruleset`. */
export function inRuleset(clause: { readonly document: string }, ruleset: Ruleset): boolean {
  return ruleset === "both" || clause.document === ruleset;
}

export interface Candidate {
  readonly id: ClauseId;
  /** 0..1, higher is better */
  readonly score: number;
}

/** "clear": the first candidate is the one; "ambiguous": one of these; "none": nothing fits. */
export type Confidence = "clear" | "ambiguous" | "none";

/** Facts stated in the text: fact id (knowledge/facts.yaml) -> value id. */
export type Facts = Readonly<Record<string, string>>;

/**
 * What the message is: an incident (candidates, unless nothing fits), a line about something else,
 * or a question about preferans that is no irregularity (strategy, scoring a normal deal…): no candidates.
 */
export type MatchKind = "incident" | "off_topic" | "not_an_irregularity";

export interface MatchResult {
  /** best first, at most 5; empty when nothing fits */
  readonly candidates: readonly Candidate[];
  readonly facts: Facts;
  readonly confidence: Confidence;
  /** the text named a clause by its number (exact look-up), candidates[0] is that clause */
  readonly byNumber: boolean;
  /** numbers stated in the text that a ruling computes with, e.g. minutes late */
  readonly numbers: Readonly<{ minutes?: number }>;
  /** absent from matchers that only look clauses up (the baseline, test doubles): read as an incident */
  readonly kind?: MatchKind;
}

export interface Matcher {
  match(text: string, ruleset?: Ruleset): MatchResult;
}
