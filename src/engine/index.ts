/**
 * The engine's public module: all that an adapter (the console, Telegram, any other messenger)
 * may use. A judge is created once over the knowledge and a matcher; its `step` runs the dialog,
 * its other members give what rendering needs (citation labels, rulesets, inline results).
 * test/engine/boundary.test.ts checks that src/telegram and src/cli import nothing else of it.
 */
export { createJudge, INTERNAL_ERROR } from "./judge.js";
export { clauseCardText, clauseLabel } from "./clause-card.js";
export type {
  Button,
  Command,
  DialogState,
  FactLine,
  FactSource,
  InlineResult,
  Input,
  Judge,
  Reply,
  Ruleset,
  StepResult,
  Verdict,
} from "./types.js";
