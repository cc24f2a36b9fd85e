/**
 * Measures a matcher on labelled queries (one JSON object a line: text, the fspr ids and the
 * zinin ids that apply; both empty for a line that is no incident, whose `kind` then says
 * `off_topic` (the default) or `not_an_irregularity`): top-1, top-3, off-topic rejected,
 * questions that are no irregularity recognised, incidents answered with nothing, and the misses.
 * With a single ruleset only that document's ids count, and queries only the other covers are skipped.
 */
import type { Matcher, Ruleset } from "./types.js";

export type QueryKind = "incident" | "off_topic" | "not_an_irregularity";

export interface LabelledQuery {
  readonly text: string;
  readonly fspr: readonly string[];
  readonly zinin: readonly string[];
  readonly kind: QueryKind;
  /** who wrote it, where the line says: cross-validation keeps one writer's lines in one fold */
  readonly source?: string;
}

export interface Miss {
  readonly text: string;
  readonly expected: readonly string[];
  readonly got: readonly string[];
}

export interface Figures {
  readonly onTopic: number;
  readonly offTopic: number;
  readonly notIrregularity: number;
  readonly top1: number;
  readonly top3: number;
  readonly offTopicRejected: number;
  /** share of the questions that are no irregularity answered as such (kind, no candidates) */
  readonly notIrregularityRecognised: number;
  /** incidents answered with no candidate at all («Не нашёл») */
  readonly notFound: number;
  /** the counts the shares are of, so figures over folds add up */
  readonly counts: Counts;
  readonly misses: readonly Miss[];
}

export interface Counts {
  readonly onTopic: number;
  readonly offTopic: number;
  readonly notIrregularity: number;
  readonly top1: number;
  readonly top3: number;
  readonly rejected: number;
  readonly recognised: number;
  readonly notFound: number;
}

const KINDS: readonly string[] = ["incident", "off_topic", "not_an_irregularity"];

export function parseQueries(source: string): LabelledQuery[] {
  return source
    .split("\n")
    .filter((l) => l.trim())
    .map((line, i) => {
      const q = JSON.parse(line) as Partial<Record<keyof LabelledQuery, unknown>>;
      if (typeof q.text !== "string" || !Array.isArray(q.fspr) || !Array.isArray(q.zinin))
        throw new Error(`line ${i + 1}: expected {text, fspr, zinin}`);
      if (q.kind !== undefined && !KINDS.includes(q.kind as string)) throw new Error(`line ${i + 1}: kind is one of ${KINDS.join(", ")}`);
      const fspr = q.fspr as string[];
      const zinin = q.zinin as string[];
      const labelled = fspr.length + zinin.length > 0;
      const kind: QueryKind = labelled ? "incident" : q.kind === "not_an_irregularity" ? "not_an_irregularity" : "off_topic";
      return { text: q.text, fspr, zinin, kind, ...(typeof q.source === "string" ? { source: q.source } : {}) };
    });
}

const ratio = (n: number, d: number): number => (d === 0 ? 1 : Math.round((n / d) * 1000) / 1000);

export function evaluate(matcher: Matcher, queries: readonly LabelledQuery[], ruleset: Ruleset = "both"): Figures {
  let onTopic = 0;
  let offTopic = 0;
  let notIrregularity = 0;
  let top1 = 0;
  let top3 = 0;
  let rejected = 0;
  let recognised = 0;
  let notFound = 0;
  const misses: Miss[] = [];
  for (const q of queries) {
    const expected = ruleset === "both" ? [...q.fspr, ...q.zinin] : ruleset === "fspr" ? q.fspr : q.zinin;
    if (q.kind === "incident" && expected.length === 0) continue;
    const r = matcher.match(q.text, ruleset);
    const got = r.candidates.map((c) => c.id);
    if (q.kind === "off_topic") {
      offTopic++;
      if (got.length === 0) rejected++;
      else misses.push({ text: q.text, expected: [], got: got.slice(0, 3) });
      continue;
    }
    if (q.kind === "not_an_irregularity") {
      notIrregularity++;
      if (got.length === 0 && r.kind === "not_an_irregularity") recognised++;
      else misses.push({ text: q.text, expected: ["not_an_irregularity"], got: got.length ? got.slice(0, 3) : [r.kind ?? "none"] });
      continue;
    }
    onTopic++;
    if (got.length === 0) notFound++;
    if (got[0] !== undefined && expected.includes(got[0])) top1++;
    else misses.push({ text: q.text, expected, got: got.slice(0, 3) });
    if (got.slice(0, 3).some((id) => expected.includes(id))) top3++;
  }
  return figuresOf({ onTopic, offTopic, notIrregularity, top1, top3, rejected, recognised, notFound }, misses);
}

function figuresOf(c: Counts, misses: readonly Miss[]): Figures {
  return {
    onTopic: c.onTopic,
    offTopic: c.offTopic,
    notIrregularity: c.notIrregularity,
    top1: ratio(c.top1, c.onTopic),
    top3: ratio(c.top3, c.onTopic),
    offTopicRejected: ratio(c.rejected, c.offTopic),
    notIrregularityRecognised: ratio(c.recognised, c.notIrregularity),
    notFound: c.notFound,
    counts: c,
    misses,
  };
}

/** Figures over several disjoint sets (the folds of a cross-validation) as if measured on their union. */
export function combine(parts: readonly Figures[]): Figures {
  const keys = ["onTopic", "offTopic", "notIrregularity", "top1", "top3", "rejected", "recognised", "notFound"] as const;
  const sum = Object.fromEntries(keys.map((k) => [k, parts.reduce((s, f) => s + f.counts[k], 0)])) as unknown as Counts;
  return figuresOf(
    sum,
    parts.flatMap((f) => f.misses),
  );
}
