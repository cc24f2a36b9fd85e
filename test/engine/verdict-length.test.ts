/**
 * A verdict is read at the table: even when the player answers «Не знаю» to every question,
 * in every ruleset, its visible part stays short (every branch whole), the whole fits in one
 * Telegram message, and it still cites the clause.
 */
import { describe, expect, it } from "vitest";
import type { Ruleset } from "../../src/search/types.js";
import { command, find, isQuestion, last, press } from "./drive.js";
import { real } from "./setup.js";

const { k, judge } = real();
const TELEGRAM_MESSAGE = 4096;
/** the part a player reads at the table, before «Подробнее» (issue 14) */
const VISIBLE = 1200;

describe.each<Ruleset>(["both", "fspr", "zinin"])("«Не знаю» to every question, ruleset %s", (ruleset) => {
  const clauses = k.clauses.filter((c) => ruleset === "both" || c.document === ruleset);
  it.each(clauses.map((c) => [c.id] as const))("%s", (id) => {
    const card = command(judge, judge.initial(ruleset), "rule", id);
    let turn = press(judge, card.state, find(last(card), "p", id)!);
    for (let i = 0; i < 5 && isQuestion(last(turn)); i++) turn = press(judge, turn.state, find(last(turn), "u")!);
    const verdict = last(turn);
    expect(verdict.verdict?.clause).toBe(id);
    expect(verdict.citations).toContain(id);
    expect(verdict.text.length).toBeLessThanOrEqual(VISIBLE);
    expect(verdict.text.length + (verdict.details?.length ?? 0)).toBeLessThanOrEqual(TELEGRAM_MESSAGE);
  });
});
