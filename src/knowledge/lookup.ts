/**
 * Exact look-up of a clause by the number players write: `fspr-10.4.6`, `10.4.6`, `п. 10.4.6`,
 * `пункт 6 раздела 10.4`, `Зинин 4.5`, `4.5 по Зинину`, `таблица Зинина 1.12`.
 * Exact means exact: 10.4.1 is never 10.4.16.
 */
import type { Clause, DocId, Knowledge } from "./types.js";

export interface ClauseRef {
  /** the document, when the text names it or the number's form tells it */
  readonly doc: DocId | undefined;
  readonly number: string;
}

export type LookupResult =
  | { readonly kind: "found"; readonly clause: Clause }
  | { readonly kind: "unknown"; readonly ref: ClauseRef; readonly near: readonly Clause[] };

const ID_RE = /\b(fspr|zinin)-(\d+(?:\.\d+)+)\b/i;
const SPELLED_RE = /пункт\S*\s+(\d{1,2})\s+(?:под)?раздел\S*\s+(\d{1,2}(?:\.\d{1,2})?)/i;
const NUMBER_RE = /(?<![\d.,])(\d{1,2}(?:\.\d{1,2}){1,2})(?![\d]|[.,]\d)/;

function docHint(text: string): DocId | undefined {
  const t = text.toLowerCase().replace(/ё/g, "е");
  if (/зинин|клубн\S* таблиц|таблиц\S* ошибок и наказ/.test(t)) return "zinin";
  if (/фспр|fspr|спортивн\S* кодекс|\bкодекс/.test(t)) return "fspr";
  return undefined;
}

/** Finds a clause number in a text; null when there is none. */
export function parseClauseRef(text: string): ClauseRef | null {
  const id = ID_RE.exec(text);
  if (id) return { doc: id[1]!.toLowerCase() as DocId, number: id[2]! };
  const hint = docHint(text);
  const spelled = SPELLED_RE.exec(text);
  if (spelled) {
    const number = `${spelled[2]}.${spelled[1]}`;
    return { doc: hint ?? (number.startsWith("10.") ? "fspr" : undefined), number };
  }
  const plain = NUMBER_RE.exec(text);
  if (!plain) return null;
  let number = plain[1]!;
  const parts = number.split(".");
  // The FSPR section is 10 and its items have three parts; the club table's rows have two.
  if (parts.length === 3) return { doc: hint ?? (parts[0] === "10" ? "fspr" : undefined), number };
  if (hint === "fspr" && parts[0] !== "10") number = `10.${number}`;
  return { doc: hint ?? (parts[0] === "10" ? "fspr" : "zinin"), number };
}

/** Clauses of the same document whose number shares the longest prefix with the one asked for. */
function nearby(k: Knowledge, ref: ClauseRef): Clause[] {
  const pool = k.clauses.filter((c) => !ref.doc || c.document === ref.doc);
  const asked = ref.number.split(".");
  const shared = (c: Clause): number => {
    const parts = c.number.split(".");
    let n = 0;
    while (n < parts.length && parts[n] === asked[n]) n++;
    return n;
  };
  const best = Math.max(0, ...pool.map(shared));
  if (best === 0) return [];
  const last = Number(asked[asked.length - 1]);
  return pool
    .filter((c) => shared(c) === best)
    .sort((a, b) => Math.abs(Number(a.number.split(".").pop()) - last) - Math.abs(Number(b.number.split(".").pop()) - last))
    .slice(0, 6)
    .sort((a, b) => a.number.localeCompare(b.number, "en", { numeric: true }));
}

export function lookupRef(k: Knowledge, ref: ClauseRef): LookupResult {
  const docs: DocId[] = ref.doc ? [ref.doc] : ["fspr", "zinin"];
  for (const doc of docs) {
    const clause = k.byId.get(`${doc}-${ref.number}`);
    if (clause) return { kind: "found", clause };
  }
  return { kind: "unknown", ref, near: nearby(k, ref) };
}

/** Looks a text up by number; null when the text holds no clause number at all. */
export function lookupClause(k: Knowledge, text: string): LookupResult | null {
  const ref = parseClauseRef(text);
  return ref ? lookupRef(k, ref) : null;
}
