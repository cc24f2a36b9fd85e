/**
 * The right verdict for a simulated player, worked out by the pure judge alone: the same opening
 * text and the same way of choosing buttons, with no Telegram in between. The load test checks
 * that each player's dialog through the bot ends exactly there.
 */
import type { Judge, Reply } from "../../src/engine/types.js";
import { choose } from "../../bench/policy.js";

export interface Expected {
  /** the texts of the judge's last answer, one per reply (a ruling, then any notes after it) */
  readonly texts: readonly string[];
  readonly verdict: string | undefined;
  readonly presses: number;
}

/** The replies the player looks at: the last one with buttons, as the last message they see. */
export function shownButtons(replies: readonly Reply[]): { text: string; data: string }[] {
  const withButtons = [...replies].reverse().find((r) => r.buttons.some((row) => row.length > 0));
  return (withButtons?.buttons ?? []).flat().map((b) => ({ text: b.label, data: b.data }));
}

export function expectedDialog(judge: Judge, opener: string, seed: number, maxPresses = 6): Expected {
  let { state, replies } = judge.step(judge.initial("both"), { kind: "text", text: opener });
  let presses = 0;
  for (let step = 0; step < maxPresses; step++) {
    const choice = choose(shownButtons(replies), seed, step);
    if (choice.kind !== "press") break;
    ({ state, replies } = judge.step(state, { kind: "press", data: choice.button.data! }));
    presses++;
  }
  const ruling = replies.find((r) => r.verdict);
  return {
    texts: replies.map((r) => r.text.trim()),
    verdict: ruling?.verdict ? `${ruling.verdict.clause}#${ruling.verdict.case}` : undefined,
    presses,
  };
}
