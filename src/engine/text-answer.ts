/**
 * A typed reply to a question with buttons: «не знаю», or the answer's label (whole, its head
 * before a comma or bracket, or its first words when no other label starts with them), or a
 * number that is itself the value («7» for the level).
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
  // «нет, не доказали»: the answer is the head, the rest says why
  const typedHead = normalize(text.split(/[,(—]/)[0] ?? text);
  const heads: string[] = [];
  const starting: string[] = [];
  for (const v of q.values) {
    const label = labels[v];
    if (!label) continue;
    if (t === normalize(label) || (/^\d+$/.test(v) && t === v)) return v;
    const head = label.split(/[,(—]/)[0] ?? label;
    if (t === normalize(head) || (typedHead !== t && typedHead === normalize(head))) heads.push(v);
    else if (normalize(label).startsWith(`${t} `)) starting.push(v);
  }
  // a head or first words count only when no other label has them («последнюю» for «Последнюю
  // закрытую»; «контракт против правил» starts two)
  const named = heads.length > 0 ? heads : starting;
  return named.length === 1 ? named[0]! : null;
}
