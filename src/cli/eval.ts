/**
 * `npm run eval [-- --json] [--file queries.jsonl] [--ruleset both|fspr|zinin] [--misses]`.
 * Without --file: the fitted matcher cross-validated over the training pool
 * (TRAIN_POOL in ./train.ts: train.jsonl and the fresh*.jsonl sets measured once already, one writer a fold, the older sets always trained on), and on the
 * test portion (test/search/corpus/test.jsonl, with the weights `npm run train` wrote) when it is
 * there; each beside the hand-set scorer alone and plain Fuse.js. With --file: the three on that file.
 * With --facts FILE (lines {text, facts: {fact: value}}): the facts the bot's matcher reads against
 * the writers' labels, fact by fact, and every wrong read (with --misses, the unlabelled reads too).
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadKnowledge } from "../knowledge/load.js";
import type { Knowledge } from "../knowledge/types.js";
import { createBaseline } from "../search/baseline.js";
import { crossValidate } from "../search/cross-validate.js";
import { evaluate, type Figures, type LabelledQuery } from "../search/evaluate.js";
import { evaluateFacts, parseFactsQueries, type FactCounts, type FactReading, type FactsFigures } from "../search/evaluate-facts.js";
import { createMatcher } from "../search/matcher.js";
import { RULESETS, type Ruleset } from "../search/types.js";
import { fixtureQueries, readQueries, TEST_PORTION, TRAIN_POOL, trainingPool } from "./train.js";

function option(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

interface Measured {
  readonly title: string;
  readonly columns: readonly (readonly [string, Figures])[];
}

function table(m: Measured, withMisses: boolean): string {
  const first = m.columns[0]![1];
  const cell = (x: number, digits: number): string => x.toFixed(digits).padStart(13);
  const row = (label: string, get: (f: Figures) => number, digits = 3): string =>
    `${label.padEnd(28)}${m.columns.map(([, f]) => cell(get(f), digits)).join("")}`;
  const misses = m.columns.flatMap(([name, f]) =>
    withMisses
      ? [
          "",
          `Промахи ${name} (${f.misses.length}):`,
          ...f.misses.map((x) => `  ${x.text}\n    ждали ${x.expected.join(", ") || "(не по теме)"}; дал ${x.got.join(", ") || "—"}`),
        ]
      : [],
  );
  return [
    `${m.title}: ${first.onTopic} случаев, ${first.offTopic} не по теме, ${first.notIrregularity} вопросов не о нарушении`,
    `${"".padEnd(28)}${m.columns.map(([name]) => name.padStart(13)).join("")}`,
    row("top-1", (f) => f.top1),
    row("top-3", (f) => f.top3),
    row("off-topic rejected", (f) => f.offTopicRejected),
    row("not an irregularity", (f) => f.notIrregularityRecognised),
    row("«Не нашёл» on incidents", (f) => f.notFound, 0),
    ...misses,
  ].join("\n");
}

/** The fitted matcher, the hand-set scorer and Fuse.js, on one file as it is. */
function onFile(k: Knowledge, title: string, queries: readonly LabelledQuery[], ruleset: Ruleset): Measured {
  return {
    title,
    columns: [
      ["fitted", evaluate(createMatcher(k), queries, ruleset)],
      ["hand-set", evaluate(createMatcher(k, null), queries, ruleset)],
      ["fuse.js", evaluate(createBaseline(k), queries, ruleset)],
    ],
  };
}

function factsTable(title: string, f: FactsFigures, withUnlabelled: boolean): string {
  const heads = ["labelled", "read", "agree", "wrong", "unlabelled", "not read"] as const;
  const row = (label: string, c: FactCounts): string =>
    `${label.padEnd(12)}${[c.labelled, c.read, c.agree, c.wrong, c.unlabelled, c.notRead].map((n) => String(n).padStart(11)).join("")}`;
  const excerpt = (text: string): string => (text.length > 160 ? `${text.slice(0, 157)}…` : text);
  const listed = (name: string, reads: readonly FactReading[]): string[] => [
    "",
    `${name} (${reads.length}):`,
    ...reads.map((r) => `  ${r.fact}: прочитано ${r.read}, в разметке ${r.label ?? "нет"} — ${excerpt(r.text)}`),
  ];
  return [
    `${title}: ${f.lines} строк, факты ${f.compared.join(", ")}`,
    `${"".padEnd(12)}${heads.map((h) => h.padStart(11)).join("")}`,
    ...f.compared.map((fact) => row(fact, f.byFact[fact]!)),
    row("всего", f),
    ...listed("Прочитано не то", f.wrongReads),
    ...(withUnlabelled ? listed("Прочитано без разметки", f.unlabelledReads) : []),
  ].join("\n");
}

function runFactsEval(k: Knowledge, file: string, ruleset: Ruleset, args: readonly string[]): number {
  const f = evaluateFacts(createMatcher(k), parseFactsQueries(readFileSync(file, "utf8"), k.facts), ruleset);
  if (args.includes("--json")) process.stdout.write(`${JSON.stringify({ title: file, ruleset, ...f })}\n`);
  else process.stdout.write(`${factsTable(`${file} (ruleset ${ruleset})`, f, args.includes("--misses"))}\n`);
  return 0;
}

export function runEval(args: readonly string[]): number {
  const ruleset = (option(args, "--ruleset") ?? "both") as Ruleset;
  if (!RULESETS.includes(ruleset)) {
    process.stderr.write(`--ruleset: fspr, zinin или both\n`);
    return 1;
  }
  const k = loadKnowledge(option(args, "--knowledge"));
  const factsFile = option(args, "--facts");
  if (factsFile) return runFactsEval(k, resolve(factsFile), ruleset, args);
  const file = option(args, "--file");
  const measured: Measured[] = [];
  if (file) measured.push(onFile(k, resolve(file), readQueries(resolve(file)), ruleset));
  else {
    const pool = trainingPool();
    measured.push({
      title: `${TRAIN_POOL.join(" + ")} (cross-validated, ruleset ${ruleset})`,
      columns: [
        ["fitted (CV)", crossValidate(k, pool, fixtureQueries(), ruleset)],
        ["hand-set", evaluate(createMatcher(k, null), pool, ruleset)],
        ["fuse.js", evaluate(createBaseline(k), pool, ruleset)],
      ],
    });
    if (existsSync(TEST_PORTION)) measured.push(onFile(k, `${TEST_PORTION} (ruleset ${ruleset})`, readQueries(TEST_PORTION), ruleset));
  }
  if (args.includes("--json")) {
    const strip = ({ misses, ...rest }: Figures): object => ({ ...rest, misses: misses.length, missed: misses });
    const out = measured.map((m) => ({ title: m.title, ruleset, ...Object.fromEntries(m.columns.map(([name, f]) => [name, strip(f)])) }));
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } else process.stdout.write(`${measured.map((m) => table(m, args.includes("--misses"))).join("\n\n")}\n`);
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
