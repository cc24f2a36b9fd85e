// The package ships no types; we use only its Snowball stemmer, imported alone (the package's index
// also loads its tokenizer, stop words and sentiment dictionaries).
declare module "@nlpjs/lang-ru/src/stemmer-ru.js" {
  export default class StemmerRu {
    constructor(container?: unknown);
  }
}
