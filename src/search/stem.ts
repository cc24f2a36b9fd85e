/**
 * Russian Snowball stemmer (@nlpjs/lang-ru). Only the stemmer is used: its normaliser turns
 * й into и, which merges words we keep apart. The package's own word cache grows without bound,
 * so we call the inner stemmer and keep a small cache of our own.
 */
import StemmerRu from "@nlpjs/lang-ru/src/stemmer-ru.js";

interface SnowballStemmer {
  setCurrent(word: string): void;
  innerStem(): void;
  getCurrent(): string;
}

const stemmer = new StemmerRu() as unknown as SnowballStemmer;
const cache = new Map<string, string>();
const CACHE_LIMIT = 20_000;

/** Stem of one normalised token; digits and short words stay as they are. */
export function stem(token: string): string {
  // the cache holds the words that stay as they are too: one look-up for any word seen before
  const hit = cache.get(token);
  if (hit !== undefined) return hit;
  let result = token;
  if (token.length >= 3 && /[а-я]/.test(token)) {
    stemmer.setCurrent(token);
    stemmer.innerStem();
    result = stemmer.getCurrent();
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(token, result);
  return result;
}
