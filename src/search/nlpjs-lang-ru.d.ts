// The package ships no types; we use only its Snowball stemmer.
declare module "@nlpjs/lang-ru" {
  export class StemmerRu {
    constructor(container?: unknown);
  }
  const lang: { StemmerRu: typeof StemmerRu };
  export default lang;
}
