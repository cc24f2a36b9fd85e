/**
 * Per-knowledge memo tables for the judge's pure functions. What they remember depends only on
 * the knowledge, a clause and a handful of fact values, so the tables stay small in practice;
 * each is emptied when it reaches its cap all the same, so no input can make them grow unbounded.
 * Keyed by the knowledge object (weakly): a reloaded knowledge starts with empty tables.
 */
const tables = new WeakMap<object, Map<string, Map<string, unknown>>>();

/** entries per table, by default: small values (case lists, fact records) */
const CAP = 50_000;

/**
 * The value remembered under `key` in table `name` of `owner`, computed once by `make`; `cap`
 * bounds the table (set it lower for large values, e.g. texts).
 */
export function remember<V>(owner: object, name: string, key: string, make: () => V, cap = CAP): V {
  let byName = tables.get(owner);
  if (!byName) tables.set(owner, (byName = new Map<string, Map<string, unknown>>()));
  let table = byName.get(name);
  if (!table) byName.set(name, (table = new Map<string, unknown>()));
  const hit = table.get(key);
  if (hit !== undefined || table.has(key)) return hit as V;
  const value = make();
  if (table.size >= cap) table.clear();
  table.set(key, value);
  return value;
}

/**
 * A key of a small record of fact values: the same facts in any order give the same key, and
 * different records never share one (lengths go before names and values, whatever they contain).
 */
export function recordKey(record: Readonly<Record<string, string>>): string {
  const keys = Object.keys(record);
  if (keys.length > 1) keys.sort();
  let key = "";
  for (const f of keys) {
    const v = String(record[f]);
    key += `${f.length}:${f}${v.length}:${v}`;
  }
  return key;
}
