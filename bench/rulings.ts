/**
 * How long a ruling is on the phone: every description of the quality sets
 * (test/search/fixtures/*.jsonl) is taken through the dialog as a player would (the first
 * clause offered, the first answer to each question) to its ruling, rendered for Telegram, and
 * measured by its visible part (what shows without opening the folded details). Also counted:
 * rulings without facts, and questions about a fact the description already stated.
 *   npx tsx bench/rulings.ts [ruleset] [file.jsonl …]   (files: other sets instead of the fixtures)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createJudge, type Reply } from "../src/engine/index.js";
import { pendingQuestion } from "../src/engine/dialog.js";
import { loadKnowledge } from "../src/knowledge/load.js";
import { createMatcher } from "../src/search/matcher.js";
import { RULESETS, type Ruleset } from "../src/search/types.js";
import { renderReply } from "../src/telegram/render.js";

const FIXTURES = join(import.meta.dirname, "../test/search/fixtures");

/** The text a reader sees before opening the expandable quote. */
function visible(html: string): string {
  return html
    .replace(/<blockquote expandable>[\s\S]*?<\/blockquote>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const ruleset: Ruleset = RULESETS.find((r) => r === process.argv[2]) ?? "both";
const k = loadKnowledge();
const matcher = createMatcher(k);
const judge = createJudge(k, matcher);

const lengths: number[] = [];
const factParts: number[] = [];
let withoutFacts = 0;
let askedStated = 0;
let questions = 0;
const longest: { length: number; text: string }[] = [];

const named = process.argv.slice(3);
const files = named.length
  ? named
  : readdirSync(FIXTURES)
      .filter((f) => f.endsWith(".jsonl"))
      .map((f) => join(FIXTURES, f));
for (const file of files) {
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const { text } = JSON.parse(line) as { text: string };
    const stated = matcher.match(text, ruleset).facts ?? {};
    let turn = judge.step(judge.initial(ruleset), { kind: "text", text });
    let ruling: Reply | undefined;
    for (let i = 0; i < 8 && !ruling; i++) {
      const last = turn.replies.at(-1);
      if (!last) break;
      if (last.verdict) {
        ruling = last;
        break;
      }
      const q = pendingQuestion(k, turn.state);
      if (q) {
        questions++;
        if (stated[q.fact] !== undefined) askedStated++;
      }
      // the first clause offered, else the first answer
      const next = last.buttons.flat().find((b) => /:(c|a):/.test(b.data));
      if (!next) break;
      turn = judge.step(turn.state, { kind: "press", data: next.data });
    }
    if (!ruling) continue;
    if (!ruling.facts?.length) withoutFacts++;
    const [message] = renderReply(ruling, { owner: 1, citationLabel: (id) => judge.citationLabel(id) });
    const shown = visible(message!.html);
    lengths.push(shown.length);
    factParts.push(/^Исходя из: .*$/m.exec(shown)?.[0].length ?? 0);
    longest.push({ length: shown.length, text });
  }
}

lengths.sort((a, b) => a - b);
const over = (n: number): number => lengths.filter((l) => l > n).length;
console.log(`ruleset ${ruleset}: ${lengths.length} rulings over the quality sets' descriptions`);
console.log(`visible length: median ${quantile(lengths, 0.5)}, p90 ${quantile(lengths, 0.9)}, max ${lengths.at(-1) ?? 0}`);
console.log(`≤ 700: ${(((lengths.length - over(700)) / lengths.length) * 100).toFixed(1)}%; over 1200: ${over(1200)}`);
factParts.sort((a, b) => a - b);
console.log(`of which «Исходя из: …»: median ${quantile(factParts, 0.5)}, p90 ${quantile(factParts, 0.9)}, max ${factParts.at(-1) ?? 0}`);
console.log(`rulings without «Исходя из»: ${withoutFacts}; questions about a stated fact: ${askedStated} of ${questions}`);
for (const l of longest.sort((a, b) => b.length - a.length).slice(0, 3)) console.log(`  ${l.length}: ${l.text}`);
