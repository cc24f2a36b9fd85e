/**
 * Test helpers: drive the judge as a player would, pressing buttons by what they do.
 */
import { expect } from "vitest";
import { decode } from "../../src/engine/buttons.js";
import { pendingQuestion } from "../../src/engine/dialog.js";
import { parseState } from "../../src/engine/state.js";
import type { Input, Judge, Reply } from "../../src/engine/types.js";
import type { Case, Clause, Knowledge } from "../../src/knowledge/types.js";
import type { Ruleset } from "../../src/search/types.js";
import { assumedValue, consistent } from "../../src/engine/cases.js";

export interface Turn {
  readonly state: unknown;
  readonly replies: readonly Reply[];
}

export function press(judge: Judge, state: unknown, data: string): Turn {
  return judge.step(state, { kind: "press", data });
}

export function say(judge: Judge, state: unknown, text: string): Turn {
  return judge.step(state, { kind: "text", text });
}

export function command(judge: Judge, state: unknown, name: Extract<Input, { kind: "command" }>["name"], arg?: string): Turn {
  return judge.step(state, arg === undefined ? { kind: "command", name } : { kind: "command", name, arg });
}

/** Takes `clause` from «Что из этого произошло?» when the judge offers a choice; fails unless the dialog is then on it. */
export function pickClause(judge: Judge, turn: Turn, clause: string): Turn {
  const state = parseState(turn.state);
  let picked = turn;
  if (state?.stage === "pick") {
    const i = state.picks!.indexOf(clause);
    expect(i, `${clause} not offered among ${state.picks!.join(", ")}`).toBeGreaterThanOrEqual(0);
    picked = press(judge, turn.state, find(last(turn), "c", String(i))!);
  }
  expect(parseState(picked.state)?.clause).toBe(clause);
  return picked;
}

export function last(turn: Turn): Reply {
  const r = turn.replies[turn.replies.length - 1];
  if (!r) throw new Error("the judge said nothing");
  return r;
}

export function buttons(reply: Reply): { label: string; data: string }[] {
  return reply.buttons.flat().map((b) => ({ label: b.label, data: b.data }));
}

/** The data of the button whose action (and first argument, if given) is as asked. */
export function find(reply: Reply, action: string, arg?: string): string | undefined {
  return buttons(reply).find((b) => {
    const p = decode(b.data);
    return p && p.action === action && (arg === undefined || p.args[0] === arg);
  })?.data;
}

/** The answer buttons of a question: value id -> data. */
export function answers(reply: Reply): Map<string, string> {
  const out = new Map<string, string>();
  for (const b of buttons(reply)) {
    const p = decode(b.data);
    if (p?.action === "a" && p.args[0]) out.set(p.args[0], b.data);
  }
  return out;
}

export function isQuestion(reply: Reply): boolean {
  return answers(reply).size > 0;
}

export interface Walk {
  readonly verdict: Reply;
  /** the facts asked, in order */
  readonly asked: string[];
  /** every reply seen on the way */
  readonly seen: Reply[];
}

/**
 * From `turn` on, answers every question with a value the target case allows (any offered
 * value where the case does not constrain the fact) until the judge rules.
 */
export function answerTowards(judge: Judge, k: Knowledge, turn: Turn, target: Case): Walk {
  const asked: string[] = [];
  const seen: Reply[] = [...turn.replies];
  const chosen: Record<string, string> = {};
  for (let i = 0; i < 10; i++) {
    if (!isQuestion(last(turn))) {
      // a fact the judge assumes and never asks («самовольный»): the player changes it under the ruling
      const assumed = changeTowards(k, last(turn), target);
      if (!assumed) break;
      const change = press(judge, turn.state, assumed.button);
      const pick = answers(last(change)).get(assumed.value);
      if (!pick) throw new Error(`${target.id}: no button ${assumed.value} to change ${assumed.fact}`);
      turn = press(judge, change.state, pick);
      seen.push(...change.replies, ...turn.replies);
      continue;
    }
    const offered = answers(last(turn));
    const q = pendingQuestion(k, turn.state);
    if (!q) throw new Error("a question the state does not wait on");
    asked.push(q.fact);
    // the first answer that keeps the target possible (a declarer rules out распасы, …)
    const value = [...offered.keys()].find((v) => consistent(target, { ...chosen, [q.fact]: v }, k));
    if (value) chosen[q.fact] = value;
    if (!value) throw new Error(`${target.id}: no button fits for ${q.fact}`);
    turn = press(judge, turn.state, offered.get(value)!);
    seen.push(...turn.replies);
  }
  return { verdict: last(turn), asked, seen };
}

/** The «✎» button of an assumed fact (`assumed_unless_told`, a clause's `assumes`) the ruling took otherwise than the target case names it. */
function changeTowards(k: Knowledge, ruling: Reply, target: Case): { fact: string; value: string; button: string } | undefined {
  // the clause's own assumption (`assumes`: the dealer deals) as well as the facts' (`assumed_unless_told`)
  const clause = ruling.verdict ? k.byId.get(ruling.verdict.clause) : undefined;
  for (const line of ruling.facts ?? []) {
    const wanted = target.when[line.fact];
    if (
      line.source !== "assumed" ||
      (clause ? assumedValue(clause, line.fact, k) : k.facts.get(line.fact)?.assumed_unless_told) === undefined ||
      !wanted ||
      wanted.includes(line.value)
    )
      continue;
    const button = find(ruling, "f", line.fact);
    if (button) return { fact: line.fact, value: wanted[0]!, button };
  }
  return undefined;
}

/** Opens the clause by number, presses «Применить к случаю», then answers towards the case. */
export function walkTo(judge: Judge, k: Knowledge, clause: Clause, target: Case, ruleset: Ruleset = "both"): Walk {
  const card = command(judge, judge.initial(ruleset), "rule", clause.id);
  const apply = find(last(card), "p", clause.id);
  if (!apply) throw new Error(`${clause.id}: the card has no «Применить к случаю» button`);
  const walk = answerTowards(judge, k, press(judge, card.state, apply), target);
  return { ...walk, seen: [...card.replies, ...walk.seen] };
}
