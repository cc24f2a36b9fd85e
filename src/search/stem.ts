/**
 * Russian Snowball stemmer: the algorithm and suffix tables of @nlpjs/lang-ru, run by our own
 * plain implementation (snowball-ru.ts: the package's generated code is slow before the JIT warms,
 * which is all of start-up). The package's normaliser turns й into и, which merges words we keep
 * apart, so it is not used; its own word cache grows without bound, so we keep a small one.
 */
import { snowballRu } from "./snowball-ru.js";

const cache = new Map<string, string>();
const CACHE_LIMIT = 20_000;

/** Stem of one normalised token; digits and short words stay as they are. */
export function stem(token: string): string {
  // the cache holds the words that stay as they are too: one look-up for any word seen before
  const hit = cache.get(token);
  if (hit !== undefined) return hit;
  const result = token.length >= 3 && /[а-я]/.test(token) ? snowballRu(token) : token;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(token, result);
  return result;
}
