/**
 * Measures a matcher on labelled queries (one JSON object a line: text, the fspr ids and the
 * zinin ids that apply; both empty for off-topic): top-1, top-3, off-topic rejected, and the misses.
 * With a single ruleset only that document's ids count, and queries only the other covers are skipped.
 */
import type { Matcher, Ruleset } from "./types.js";

export interface LabelledQuery {
  readonly text: string;
  readonly fspr: readonly string[];
  readonly zinin: readonly string[];
}

export interface Miss {
  readonly text: string;
  readonly expected: readonly string[];
  readonly got: readonly string[];
}

export interface Figures {
  readonly onTopic: number;
  readonly offTopic: number;
  readonly top1: number;
  readonly top3: number;
  readonly offTopicRejected: number;
  readonly misses: readonly Miss[];
}

export function parseQueries(source: string): LabelledQuery[] {
  return source
    .split("\n")
    .filter((l) => l.trim())
    .map((line, i) => {
      const q = JSON.parse(line) as Partial<LabelledQuery>;
      if (typeof q.text !== "string" || !Array.isArray(q.fspr) || !Array.isArray(q.zinin))
        throw new Error(`line ${i + 1}: expected {text, fspr, zinin}`);
      return { text: q.text, fspr: q.fspr, zinin: q.zinin };
    });
}

const ratio = (n: number, d: number): number => (d === 0 ? 1 : Math.round((n / d) * 1000) / 1000);

export function evaluate(matcher: Matcher, queries: readonly LabelledQuery[], ruleset: Ruleset = "both"): Figures {
  let onTopic = 0;
  let offTopic = 0;
  let top1 = 0;
  let top3 = 0;
  let rejected = 0;
  const misses: Miss[] = [];
  for (const q of queries) {
    const expected = ruleset === "both" ? [...q.fspr, ...q.zinin] : ruleset === "fspr" ? q.fspr : q.zinin;
    const isOff = q.fspr.length === 0 && q.zinin.length === 0;
    if (!isOff && expected.length === 0) continue;
    const got = matcher.match(q.text, ruleset).candidates.map((c) => c.id);
    if (isOff) {
      offTopic++;
      if (got.length === 0) rejected++;
      else misses.push({ text: q.text, expected: [], got: got.slice(0, 3) });
      continue;
    }
    onTopic++;
    if (got[0] !== undefined && expected.includes(got[0])) top1++;
    else misses.push({ text: q.text, expected, got: got.slice(0, 3) });
    if (got.slice(0, 3).some((id) => expected.includes(id))) top3++;
  }
  return { onTopic, offTopic, top1: ratio(top1, onTopic), top3: ratio(top3, onTopic), offTopicRejected: ratio(rejected, offTopic), misses };
}
