/**
 * `npm run --silent cli -- match --jsonl [--ruleset fspr|zinin|both]`: one JSON line in
 * ({"text": "..."}), exactly one JSON line out, in order. A bad line gets {"error": "..."}
 * and the run goes on: a script feeding us should never lose its place.
 */
import { createInterface } from "node:readline";
import type { Knowledge } from "../knowledge/types.js";
import { createMatcher } from "../search/matcher.js";
import type { Matcher, Ruleset } from "../search/types.js";
import { RULESETS } from "../search/types.js";

const USAGE = 'Использование: match --jsonl [--ruleset fspr|zinin|both]; на входе строки {"text": "..."}';

/** One input line -> one output line (without the newline). */
export function matchLine(matcher: Matcher, line: string, ruleset: Ruleset): string {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return JSON.stringify({ error: "строка не JSON" });
  }
  if (typeof input !== "object" || input === null || typeof (input as { text?: unknown }).text !== "string") {
    return JSON.stringify({ error: 'нужен объект {"text": "..."}' });
  }
  const r = matcher.match((input as { text: string }).text, ruleset);
  return JSON.stringify({
    candidates: r.candidates,
    facts: r.facts,
    confidence: r.confidence,
    byNumber: r.byNumber,
    numbers: r.numbers,
    kind: r.kind ?? "incident",
  });
}

export function parseMatchArgs(args: readonly string[]): { ruleset: Ruleset } | { error: string } {
  let ruleset: Ruleset = "both";
  let jsonl = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--jsonl") jsonl = true;
    else if (a === "--ruleset") {
      const v = args[++i];
      if (!v || !(RULESETS as readonly string[]).includes(v)) return { error: `--ruleset: fspr, zinin или both, а не «${v ?? ""}»` };
      ruleset = v as Ruleset;
    } else return { error: `неизвестный аргумент «${a}»` };
  }
  return jsonl ? { ruleset } : { error: "нужен --jsonl" };
}

export async function runMatch(knowledge: Knowledge, args: readonly string[]): Promise<number> {
  const parsed = parseMatchArgs(args);
  if ("error" in parsed) {
    process.stderr.write(`${parsed.error}\n${USAGE}\n`);
    return 1;
  }
  const matcher = createMatcher(knowledge);
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) process.stdout.write(`${matchLine(matcher, line, parsed.ruleset)}\n`);
  return 0;
}
