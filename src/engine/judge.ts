/**
 * The judge: the dialog as a pure state machine over the knowledge and the matcher, plus the
 * clause look-up for inline mode. It knows nothing of Telegram or the console.
 */
import { lookupClause } from "../knowledge/lookup.js";
import type { Clause, Knowledge } from "../knowledge/types.js";
import { inRuleset, RULESETS, type Matcher, type Ruleset } from "../search/types.js";
import { isReadOnlyPress } from "./buttons.js";
import { clauseLabel, renderClauseCard } from "./clause-card.js";
import { restore, sharedRuling, transition, type Ctx } from "./dialog.js";
import { freshState, makeState, parseState, rulesetOf, salvageRuleset, type State } from "./state.js";
import type { DialogState, InlineResult, Input, Judge, StepResult } from "./types.js";

/** Said only if a bug slips through: the player starts over instead of seeing an exception. */
export const INTERNAL_ERROR = "Не получилось разобрать это — опишите случай заново, пожалуйста.";

const summaries = new WeakMap<Clause, string>();

/** An inline result's line under the title: the clause's title and its first penalty. */
function summary(clause: Clause): string {
  let line = summaries.get(clause);
  if (line === undefined) summaries.set(clause, (line = writeSummary(clause)));
  return line;
}

function writeSummary(clause: Clause): string {
  // the first thing the clause has the players do: its first case's first do line (a silent case has none)
  const first = clause.cases.find((c) => c.do?.length)?.do?.[0] ?? "";
  const one = `${clause.title}${first ? ` — ${first}` : ""}`.replace(/\s+/g, " ").trim();
  return one.length > 120 ? `${one.slice(0, 119).trimEnd()}…` : one;
}

/** «fspr-10.4.6 offender=defender level=7»: a ruling shared from the dialog («Поделиться»). */
const SHARED = /^((?:fspr|zinin)-\d+(?:\.\d+)+)((?: [a-z0-9_]{1,40}=[a-z0-9_]{1,40})+)$/;

export function createJudge(knowledge: Knowledge, matcher: Matcher): Judge {
  const ctx: Ctx = { k: knowledge, matcher };

  const clauseResult = (c: Clause, ruleset: Ruleset): InlineResult => ({
    id: c.id,
    title: clauseLabel(c),
    description: summary(c),
    card: renderClauseCard(knowledge, c, ruleset),
  });

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

    rulesetOf(raw: unknown): Ruleset | undefined {
      return rulesetOf(parseState(raw) ?? raw);
    },

    withRuleset(raw: unknown, ruleset: Ruleset): DialogState {
      const r = RULESETS.includes(ruleset) ? ruleset : "both";
      const state = parseState(raw);
      // the open question stays open: only the ruleset changes, not the version its buttons carry
      return state ? makeState({ ...state, ruleset: r }) : freshState(r);
    },

    citationLabel(id: string): string | undefined {
      const clause = knowledge.byId.get(id);
      return clause ? clauseLabel(clause) : undefined;
    },

    caseOf(raw: unknown): string | undefined {
      const state = parseState(raw);
      return state && state.stage !== "idle" ? state.dialogId : undefined;
    },

    isReadOnlyPress(data: string): boolean {
      return isReadOnlyPress(data);
    },

    inline(query: string, ruleset: Ruleset = "both", limit = 10): readonly InlineResult[] {
      try {
        const q = String(query ?? "")
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 256);
        const max = Math.max(1, Math.min(50, Math.floor(Number(limit) || 10)));
        if (!q) {
          return knowledge.frequent
            .map((id) => knowledge.byId.get(id))
            .filter((c): c is Clause => !!c && inRuleset(c, ruleset))
            .slice(0, max)
            .map((c) => clauseResult(c, ruleset));
        }
        const shared = SHARED.exec(q);
        const sharedClause = shared ? knowledge.byId.get(shared[1]!) : undefined;
        if (shared && sharedClause) {
          const facts = shared[2]!
            .trim()
            .split(" ")
            .map((pair): [string, string] => pair.split("=") as [string, string]);
          const card = sharedRuling(ctx, sharedClause, facts, ruleset);
          if (card) return [{ id: sharedClause.id, title: clauseLabel(sharedClause), description: card.text.split("\n")[0] ?? "", card }];
        }
        const look = lookupClause(knowledge, q);
        const ids = look?.kind === "found" ? [look.clause.id] : matcher.match(q, ruleset).candidates.map((c) => c.id);
        return ids
          .map((id) => knowledge.byId.get(id))
          .filter((c): c is Clause => !!c && inRuleset(c, ruleset))
          .slice(0, max)
          .map((c) => clauseResult(c, ruleset));
      } catch {
        return [];
      }
    },
  };
}
