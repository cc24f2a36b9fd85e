/**
 * One analysis for clauses and messages alike, so both sides meet on the same terms:
 * tokens -> lexicon concepts (players' words brought to one canonical word) -> stems of the rest,
 * stopwords dropped. A concept term is `@` + the canonical word of its group.
 */
import type { LexiconFile, LexiconRoles } from "../knowledge/lexicon-schema.js";
import { normalise, tokenize } from "./normalize.js";
import { ANY_WORD, PhraseSet } from "./phrases.js";
import { stem } from "./stem.js";

export interface Analysis {
  readonly tokens: readonly string[];
  /** concept and stem terms, in text order, repeats kept */
  readonly terms: readonly string[];
  /** tokens matched by no lexicon word and no stopword (candidates for typo correction) */
  readonly unmatched: readonly number[];
}

export interface Lexicon {
  readonly synonyms: PhraseSet;
  readonly stopwords: PhraseSet;
  readonly domain: PhraseSet;
  readonly foreign: PhraseSet;
  readonly otherGames: PhraseSet;
  readonly preferansOnly: PhraseSet;
  readonly lateness: PhraseSet;
  readonly suits: PhraseSet;
  /** label `fact=value` */
  readonly facts: PhraseSet;
  /** what tells a fact named in a story of the incident from one named of the scene (lexicon roles) */
  readonly scene: Scene;
  /** surface words the lexicon names, for typo correction */
  readonly words: ReadonlySet<string>;
  /** what the search code reads by name (lexicon `roles`), concepts as terms */
  readonly roles: Roles;
  /** what analysis needs to know of one word, worked out once per distinct word (the lexicon is fixed once compiled) */
  readonly wordInfo: (token: string) => WordInfo;
}

/** lexicon `roles.looked_away`, `another_acts`, `other_occasion`, `expected`, as phrase sets */
export interface Scene {
  readonly lookedAway: PhraseSet;
  readonly turns: PhraseSet;
  readonly actors: PhraseSet;
  readonly occasionOpens: PhraseSet;
  readonly occasionCloses: PhraseSet;
  readonly expectedOpens: PhraseSet;
  readonly expectedCloses: PhraseSet;
  /** the teller's own role said in the first person, labelled with the offender value it names */
  readonly narrator: PhraseSet;
  /** the teller's own act at the table, said in the first person */
  readonly tellerActs: PhraseSet;
  /** words quoting another player: the first person right after them is his */
  readonly quoted: PhraseSet;
  /** a named player's bidding or dealing said right after his name, labelled with the offender value it gives */
  readonly namedRoles: PhraseSet;
  /** words right after a role that say it erred («сдающий ошибся») */
  readonly errs: PhraseSet;
  /** the cues of the fact `offender` alone, labelled with its value: who is named, whatever the words around say */
  readonly roleNames: PhraseSet;
}

function sceneOf(r: LexiconRoles, offenderCues: Readonly<Record<string, readonly string[]>>): Scene {
  // not words to match clauses by: kept out of the typo corrector's vocabulary
  const none = new Set<string>();
  return {
    lookedAway: phraseSet(r.looked_away, "away", none),
    turns: phraseSet(r.another_acts.turns, "turn", none),
    actors: phraseSet(r.another_acts.actors, "actor", none),
    occasionOpens: phraseSet(r.other_occasion.opens, "opens", none),
    occasionCloses: phraseSet(r.other_occasion.closes, "closes", none),
    expectedOpens: phraseSet(r.expected.opens, "expects", none),
    expectedCloses: phraseSet(r.expected.closes, "turns", none),
    narrator: labelledSet(r.narrator.roles, none),
    tellerActs: phraseSet(r.narrator.acts, "acts", none),
    quoted: phraseSet(r.narrator.quoted, "quotes", none),
    namedRoles: labelledSet(r.narrator.named_roles, none),
    roleNames: labelledSet(offenderCues, none),
    errs: phraseSet(r.errs, "errs", none),
  };
}

export interface WordInfo {
  readonly stem: string;
  /** some synonym or stopword pattern starts with this word: if not, it stands for its stem */
  readonly starts: boolean;
}

export interface Roles {
  readonly objects: readonly string[];
  /** offender value -> the concept term naming it */
  readonly offenders: Readonly<Record<string, string>>;
  readonly bid: readonly string[];
  readonly leveled: readonly string[];
  readonly nonNormative: string;
  readonly againstRules: string;
  readonly suitHeld: string;
  readonly words: LexiconRoles;
}

function rolesOf(r: LexiconRoles): Roles {
  return {
    objects: r.objects.map(conceptTerm),
    offenders: Object.fromEntries(Object.entries(r.offenders).map(([k, c]) => [k, conceptTerm(c)])),
    bid: r.signals.bid.map(conceptTerm),
    leveled: r.signals.leveled.map(conceptTerm),
    nonNormative: conceptTerm(r.signals.non_normative),
    againstRules: conceptTerm(r.signals.against_rules),
    suitHeld: conceptTerm(r.signals.suit_held),
    words: r,
  };
}

export const conceptTerm = (canonical: string): string => `@${normalise(canonical.replace(/[*=]/g, ""))}`;

/** A lexicon pattern as written (`=слово`, `слов*`, several words) -> normalised, noting its plain words in `words`. */
function notePattern(pattern: string, words: Set<string>): string {
  const out: string[] = [];
  const parts = pattern.split(/\s+/);
  for (let k = 0; k < parts.length; k++) {
    const w = parts[k]!;
    if (w === ANY_WORD) {
      out.push(w);
      continue;
    }
    const mark = w.startsWith("=") ? "=" : "";
    const star = w.endsWith("*") ? "*" : "";
    const core = normalise(w.replace(/[*=]/g, ""));
    if (core.length >= 4 && !core.includes(" ")) words.add(core);
    if (core) out.push(`${mark}${core}${star}`);
  }
  return out.join(" ");
}

function phraseSet(list: readonly string[], label: string, words: Set<string>): PhraseSet {
  const s = new PhraseSet();
  for (const w of list) s.add(notePattern(w, words), label);
  return s;
}

/** phrases by the label each group gives them */
function labelledSet(groups: Readonly<Record<string, readonly string[]>>, words: Set<string>): PhraseSet {
  const s = new PhraseSet();
  for (const [label, list] of Object.entries(groups)) for (const w of list) s.add(notePattern(w, words), label);
  return s;
}

/** Distinct words whose analysis facts are remembered; far more than a deployment's vocabulary. */
const WORDS_LIMIT = 20_000;

/** the fact whose values are the roles (knowledge/facts.yaml) */
export const OFFENDER = "offender";

export function compileLexicon(file: LexiconFile): Lexicon {
  const words = new Set<string>();
  const synonyms = new PhraseSet();
  for (const group of file.synonyms) {
    const label = conceptTerm(group[0]!);
    for (const word of group) synonyms.add(notePattern(word, words), label);
  }
  // a name inside a cue («пока Серёга сдавал») may be any word but a negation («пока не сдавали»)
  const facts = new PhraseSet(new Set(file.roles.span.not));
  for (const [fact, values] of Object.entries(file.facts)) {
    for (const [value, cues] of Object.entries(values)) for (const cue of cues) facts.add(notePattern(cue, words), `${fact}=${value}`);
  }
  const stopwords = phraseSet(file.stopwords, "stop", words);
  const infos = new Map<string, WordInfo>();
  const wordInfo = (token: string): WordInfo => {
    let info = infos.get(token);
    if (info === undefined) {
      const s = stem(token);
      info = { stem: s, starts: synonyms.startsWith(token, s) || stopwords.startsWith(token, s) };
      if (infos.size >= WORDS_LIMIT) infos.clear();
      infos.set(token, info);
    }
    return info;
  };
  return {
    synonyms,
    facts,
    scene: sceneOf(file.roles, file.facts[OFFENDER] ?? {}),
    stopwords,
    domain: phraseSet(file.domain, "domain", words),
    foreign: phraseSet(file.foreign, "foreign", words),
    otherGames: phraseSet(file.other_games, "game", words),
    preferansOnly: phraseSet(file.preferans_only, "preferans", words),
    lateness: phraseSet(file.lateness, "late", words),
    suits: phraseSet(file.suits, "suit", words),
    words,
    wordInfo,
    roles: rolesOf(file.roles),
  };
}

export function stemsOf(tokens: readonly string[]): string[] {
  const stems = new Array<string>(tokens.length);
  for (let i = 0; i < tokens.length; i++) stems[i] = stem(tokens[i]!);
  return stems;
}

/** `stems`: the tokens' stems when the caller has them already. */
export function analyseTokens(lex: Lexicon, tokens: readonly string[], stems?: readonly string[]): Analysis {
  const n = tokens.length;
  const infos = new Array<WordInfo>(n);
  for (let i = 0; i < n; i++) infos[i] = lex.wordInfo(tokens[i]!);
  let st = stems;
  if (st === undefined) {
    const own = new Array<string>(n);
    for (let i = 0; i < n; i++) own[i] = infos[i]!.stem;
    st = own;
  }
  const terms: string[] = [];
  const unmatched: number[] = [];
  for (let i = 0; i < n;) {
    if (infos[i]!.starts) {
      const hit = lex.synonyms.matchAt(tokens, st, i);
      // the longer pattern wins here too: «дальше что» (a stopword phrase) over «=дальше» (a bid word)
      const stop = lex.stopwords.matchAt(tokens, st, i);
      if (hit && !(stop && stop.length > hit.length)) {
        for (let k = 0; k < hit.labels.length; k++) terms.push(hit.labels[k]!);
        i += hit.length;
        continue;
      }
      if (stop) {
        i += stop.length;
        continue;
      }
    }
    if (tokens[i]!.length > 1) {
      terms.push(st[i]!);
      unmatched.push(i);
    }
    i++;
  }
  return { tokens, terms, unmatched };
}

export function analyse(lex: Lexicon, text: string): Analysis {
  return analyseTokens(lex, tokenize(text));
}
