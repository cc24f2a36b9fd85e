/**
 * A typed reply to a question with buttons: «не знаю», or the answer's label (whole or its
 * head before a comma or bracket), or a number that is itself the value («7» for the level).
 */
import type { Knowledge } from "../knowledge/types.js";
import type { Question } from "./cases.js";
import { UNKNOWN } from "./state.js";

export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const DONT_KNOW = new Set(["не знаю", "незнаю", "хз", "не помню", "не уверен", "непонятно", "неизвестно"]);

/** The value id the text names, UNKNOWN for «не знаю», null when the text is not an answer. */
export function textAnswer(k: Knowledge, q: Question, text: string): string | null {
  const t = normalize(text);
  if (!t) return null;
  if (DONT_KNOW.has(t)) return UNKNOWN;
  const labels = k.facts.get(q.fact)?.values ?? {};
  for (const v of q.values) {
    const label = labels[v];
    if (!label) continue;
    const head = label.split(/[,(—]/)[0] ?? label;
    if (t === normalize(label) || t === normalize(head) || (/^\d+$/.test(v) && t === v)) return v;
  }
  return null;
}
