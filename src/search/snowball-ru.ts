/**
 * The Russian Snowball stemmer of @nlpjs/lang-ru, the same algorithm over the same suffix tables
 * (read from the package), written as plain code over one string and a few indices. The package's
 * generated code does every step through `this.cursor`, `this.limit`, … and a binary search per
 * suffix list; at start-up, before the JIT has warmed, that made stemming the knowledge's ~1 500
 * words about a third of building the index. Every step below names the Snowball step it is;
 * test/search/snowball-ru.test.ts holds it to the package's output.
 *
 * All the algorithm's deletions are suffixes of what is left, so a stem is a prefix `word[0, end)`:
 * a suffix list is a trie of reversed suffixes, walked back from `end`, the longest entry winning
 * (Snowball's `among`; a failed condition after it fails the step, shorter entries are not tried).
 */
import nlpRu from "@nlpjs/lang-ru";

interface Among {
  readonly s: string;
  readonly result: number;
}

interface Node {
  next: Map<number, Node> | undefined;
  /** the entry's result code (1, 2, 3) where an entry ends here, else 0 */
  result: number;
}

function trieOf(table: readonly Among[]): Node {
  const root: Node = { next: undefined, result: 0 };
  for (const { s, result } of table) {
    let node = root;
    for (let i = s.length - 1; i >= 0; i--) {
      const c = s.charCodeAt(i);
      node.next ??= new Map();
      let child = node.next.get(c);
      if (!child) node.next.set(c, (child = { next: undefined, result: 0 }));
      node = child;
    }
    node.result = result;
  }
  return root;
}

const tables = nlpRu.StemmerRu as unknown as Readonly<Record<string, readonly Among[] | readonly number[]>>;
const table = (name: string): Node => trieOf(tables[name] as readonly Among[]);
const PERFECTIVE_GERUND = table("a_0");
const ADJECTIVE = table("a_1");
const PARTICIPLE = table("a_2");
const REFLEXIVE = table("a_3");
const VERB = table("a_4");
const NOUN = table("a_5");
const DERIVATIONAL = table("a_6");
const TIDY_UP = table("a_7");

/** the vowels (grouping v: а..я with a bit set) */
const V = tables.g_v as readonly number[];
const V_MIN = 0x430;
const V_MAX = 0x44f;
function vowel(c: number): boolean {
  if (c < V_MIN || c > V_MAX) return false;
  const k = c - V_MIN;
  return (V[k >>> 3]! & (1 << (k & 7))) !== 0;
}

const A = 0x430; // а
const YA = 0x44f; // я
const I = 0x438; // и
const N = 0x43d; // н

/**
 * The longest entry of `trie` that ends at `end` and starts at or after `floor`: its length × 8 +
 * its result code, or 0.
 */
function among(word: string, end: number, floor: number, trie: Node): number {
  let node = trie;
  let found = 0;
  for (let i = end - 1; i >= floor; i--) {
    const next = node.next?.get(word.charCodeAt(i));
    if (!next) break;
    node = next;
    if (node.result !== 0) found = ((end - i) << 3) | node.result;
  }
  return found;
}

/** 'а' or 'я' just before `at`, inside the region */
function afterAOrYa(word: string, at: number, floor: number): boolean {
  if (at - 1 < floor) return false;
  const c = word.charCodeAt(at - 1);
  return c === A || c === YA;
}

/** Stem of a lower-case word, as the package's StemmerRu gives it. */
export function snowballRu(word: string): string {
  const n = word.length;
  // mark_regions: pV after the first vowel; p2 after vowel, non-vowel, vowel, non-vowel
  let pV = n;
  let p2 = n;
  let i = 0;
  while (i < n && !vowel(word.charCodeAt(i))) i++;
  if (i < n) {
    pV = i + 1;
    i = pV;
    while (i < n && vowel(word.charCodeAt(i))) i++;
    if (i < n) {
      i++;
      while (i < n && !vowel(word.charCodeAt(i))) i++;
      if (i < n) {
        i++;
        while (i < n && vowel(word.charCodeAt(i))) i++;
        if (i < n) p2 = i + 1;
      }
    }
  }
  // backwards, within pV..end
  const rv = pV;
  let end = n;
  let m = among(word, end, rv, PERFECTIVE_GERUND);
  let gerund = false;
  if (m !== 0) {
    const start = end - (m >> 3);
    if ((m & 7) === 2 || afterAOrYa(word, start, rv)) {
      end = start;
      gerund = true;
    }
  }
  if (!gerund) {
    // try reflexive
    m = among(word, end, rv, REFLEXIVE);
    if (m !== 0) end -= m >> 3;
    // adjectival or verb or noun
    m = among(word, end, rv, ADJECTIVE);
    if (m !== 0) {
      end -= m >> 3;
      // try participle
      const p = among(word, end, rv, PARTICIPLE);
      if (p !== 0) {
        const start = end - (p >> 3);
        if ((p & 7) === 2 || afterAOrYa(word, start, rv)) end = start;
      }
    } else {
      let verb = false;
      m = among(word, end, rv, VERB);
      if (m !== 0) {
        const start = end - (m >> 3);
        if ((m & 7) === 2 || afterAOrYa(word, start, rv)) {
          end = start;
          verb = true;
        }
      }
      if (!verb) {
        m = among(word, end, rv, NOUN);
        if (m !== 0) end -= m >> 3;
      }
    }
  }
  // try [и] delete
  if (end - 1 >= rv && word.charCodeAt(end - 1) === I) end--;
  // derivational: ост, ость, starting in R2
  m = among(word, end, rv, DERIVATIONAL);
  if (m !== 0 && end - (m >> 3) >= p2) end -= m >> 3;
  // tidy_up
  m = among(word, end, rv, TIDY_UP);
  if (m !== 0) {
    const start = end - (m >> 3);
    const code = m & 7;
    if (code === 1) {
      // ейш, ейше; then нн -> н
      end = start;
      if (end - 2 >= rv && word.charCodeAt(end - 1) === N && word.charCodeAt(end - 2) === N) end--;
    } else if (code === 2) {
      // н after н
      if (start - 1 >= rv && word.charCodeAt(start - 1) === N) end = start;
    } else end = start;
  }
  return end === n ? word : word.slice(0, end);
}
