/**
 * The judge: the dialog as a pure state machine over the knowledge and the matcher, plus the
 * clause look-up for inline mode. It knows nothing of Telegram or the console.
 */
import { lookupClause } from "../knowledge/lookup.js";
import type { Clause, Knowledge } from "../knowledge/types.js";
import { inRuleset, type Matcher, type Ruleset } from "../search/types.js";
import { clauseLabel, renderClauseCard } from "./clause-card.js";
import { restore, transition, type Ctx } from "./dialog.js";
import { freshState, parseState, salvageRuleset, type State } from "./state.js";
import type { InlineResult, Input, Judge, StepResult } from "./types.js";

/** Said only if a bug slips through: the player starts over instead of seeing an exception. */
export const INTERNAL_ERROR = "Не получилось разобрать это — опишите случай заново, пожалуйста.";

const summaries = new WeakMap<Clause, string>();

/** The ruling in a line, for an inline result (written once per clause). */
function summary(clause: Clause): string {
  let line = summaries.get(clause);
  if (line === undefined) summaries.set(clause, (line = writeSummary(clause)));
  return line;
}

function writeSummary(clause: Clause): string {
  const says = (c: Clause["cases"][number]): string => c.quote ?? c.silent ?? "";
  const text = clause.cases.length === 1 ? says(clause.cases[0]!) : clause.cases.map(says).join("; ");
  const one = (text || clause.text || clause.title).replace(/\s+/g, " ").trim();
  return one.length > 120 ? `${one.slice(0, 119).trimEnd()}…` : one;
}

export function createJudge(knowledge: Knowledge, matcher: Matcher): Judge {
  const ctx: Ctx = { k: knowledge, matcher };
  return {
    initial(ruleset: Ruleset = "both"): State {
      return freshState(ruleset);
    },

    step(raw: unknown, input: Input): StepResult {
      const ruleset = salvageRuleset(raw);
      try {
        const state = restore(ctx, parseState(raw), ruleset);
        // An input of the wrong shape (from an adapter's bug) gets the help, like any odd message.
        const safe: Input = typeof input === "object" && input !== null ? input : { kind: "command", name: "help" };
        return transition(ctx, state, safe);
      } catch {
        // No catch would leave the player with no answer at all; the tests check this never shows.
        return { state: freshState(ruleset), replies: [{ text: INTERNAL_ERROR, buttons: [], citations: [] }] };
      }
    },

    inline(query: string, ruleset: Ruleset = "both", limit = 10): readonly InlineResult[] {
      try {
        const q = String(query ?? "")
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 256);
        if (!q) return [];
        const max = Math.max(1, Math.min(50, Math.floor(Number(limit) || 10)));
        const look = lookupClause(knowledge, q);
        const ids = look?.kind === "found" ? [look.clause.id] : matcher.match(q, ruleset).candidates.map((c) => c.id);
        return ids
          .map((id) => knowledge.byId.get(id))
          .filter((c): c is Clause => !!c && inRuleset(c, ruleset))
          .slice(0, max)
          .map((c) => ({ id: c.id, title: clauseLabel(c), description: summary(c), card: renderClauseCard(knowledge, c, ruleset) }));
      } catch {
        return [];
      }
    },
  };
}
