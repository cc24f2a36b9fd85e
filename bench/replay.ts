/**
 * `npx tsx bench/replay.ts > out.jsonl`: every line of test/search/corpus and test/search/fixtures
 * through the matcher, in each ruleset, one JSON line each (candidates, scores, confidence, kind,
 * facts). Two trees' outputs compared with diff show whether a change of data layout left the
 * answers as they were.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadKnowledge } from "../src/knowledge/load.js";
import { createMatcher } from "../src/search/matcher.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const matcher = createMatcher(loadKnowledge());
for (const dir of ["test/search/corpus", "test/search/fixtures"]) {
  for (const file of readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith(".jsonl"))
    .sort()) {
    for (const line of readFileSync(join(ROOT, dir, file), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const { text } = JSON.parse(line) as { text: string };
      for (const ruleset of ["both", "fspr", "zinin"] as const) {
        const r = matcher.match(text, ruleset);
        process.stdout.write(`${JSON.stringify([file, ruleset, r.candidates, r.confidence, r.kind, r.facts, r.numbers])}\n`);
      }
    }
  }
}
