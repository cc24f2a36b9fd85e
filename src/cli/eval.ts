/**
 * `npm run eval [-- --json] [--file queries.jsonl] [--ruleset both|fspr|zinin]`: the matcher and
 * a plain Fuse.js baseline over the same labelled queries, side by side.
 * Default file: test/search/fixtures/dev.jsonl.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadKnowledge } from "../knowledge/load.js";
import { createBaseline } from "../search/baseline.js";
import { evaluate, parseQueries, type Figures } from "../search/evaluate.js";
import { createMatcher } from "../search/matcher.js";
import { RULESETS, type Ruleset } from "../search/types.js";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const DEV_QUERIES = resolve(ROOT, "test/search/fixtures/dev.jsonl");

function option(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function table(file: string, ruleset: Ruleset, mine: Figures, base: Figures): string {
  const row = (label: string, a: number, b: number): string => `${label.padEnd(22)}${a.toFixed(3).padStart(9)}${b.toFixed(3).padStart(11)}`;
  const misses = (f: Figures): string[] =>
    f.misses.map((m) => `  ${m.text}\n    ждали ${m.expected.join(", ") || "(не по теме)"}; дал ${m.got.join(", ") || "—"}`);
  return [
    `${file}: ${mine.onTopic} по теме, ${mine.offTopic} не по теме; свод правил: ${ruleset}`,
    `${"".padEnd(22)}${"matcher".padStart(9)}${"baseline".padStart(11)}`,
    row("top-1", mine.top1, base.top1),
    row("top-3", mine.top3, base.top3),
    row("off-topic rejected", mine.offTopicRejected, base.offTopicRejected),
    "",
    `Промахи matcher (${mine.misses.length}):`,
    ...misses(mine),
    "",
    `Промахи baseline (${base.misses.length}):`,
    ...misses(base),
  ].join("\n");
}

export function runEval(args: readonly string[]): number {
  const file = resolve(option(args, "--file") ?? DEV_QUERIES);
  const ruleset = (option(args, "--ruleset") ?? "both") as Ruleset;
  if (!RULESETS.includes(ruleset)) {
    process.stderr.write(`--ruleset: fspr, zinin или both\n`);
    return 1;
  }
  const knowledge = loadKnowledge(option(args, "--knowledge"));
  const queries = parseQueries(readFileSync(file, "utf8"));
  const mine = evaluate(createMatcher(knowledge), queries, ruleset);
  const base = evaluate(createBaseline(knowledge), queries, ruleset);
  if (args.includes("--json")) {
    const strip = ({ misses, ...rest }: Figures): object => ({ ...rest, misses: misses.length, missed: misses });
    process.stdout.write(`${JSON.stringify({ file, ruleset, matcher: strip(mine), baseline: strip(base) })}\n`);
  } else process.stdout.write(`${table(file, ruleset, mine, base)}\n`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = runEval(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
