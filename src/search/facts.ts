/**
 * Facts a message states outright, found by the lexicon's cue words (`facts:`): who, which game,
 * which phase, when it was noticed, first or repeated, the contract's level. Where a message names
 * two values of one fact, the first named wins: players set the scene first ("на распасах ...").
 * Minutes late come from the number next to "минут", with a word that says someone was late.
 */
import type { Facts } from "./types.js";
import type { Lexicon } from "./analyze.js";
import { stemsOf } from "./analyze.js";

export interface Stated {
  readonly facts: Facts;
  readonly minutes?: number;
  /** positions of the tokens that only say when it was done ("до первого хода"): the when, not the what */
  readonly timing: readonly number[];
}

/** facts whose cue words are left out of matching: a move named as a point in time is not the incident */
const TIMING_FACTS = new Set(["acted"]);
/**
 * Moments: where a story names two of them («взятку перевернули и уже сыграли следующую карту»), the
 * first is not the moment it was noticed, and neither may be: the judge asks. Other facts set the
 * scene first («на распасах …»), so the first named wins.
 */
const MOMENT_FACTS = new Set(["noticed", "acted"]);
/** the lexicon's cues that deny a fact («распасов не было»): their words state nothing, so the judge asks */
export const DENIED = "not";
/**
 * A contract's level stated of a player of the contract («играющий на семи бубнах») says a game was
 * played: a level is no мизер, and there are no players of a contract on распасы.
 */
const GAME_OF_LEVEL = { fact: "game", value: "game", offenders: ["declarer", "defender"] };

type Words = Lexicon["roles"]["words"];

const numberOf = (words: Words, token: string | undefined): number | undefined =>
  token === undefined ? undefined : /^\d+$/.test(token) ? Number(token) : words.numbers[token];

/** "двадцать пять" read from its first word at `i`: 25; a single number word or digits as they are. */
function numberAt(words: Words, tokens: readonly string[], i: number): number | undefined {
  const n = numberOf(words, tokens[i]);
  const unit = numberOf(words, tokens[i + 1]);
  return n !== undefined && n >= 20 && unit !== undefined && unit < 10 ? n + unit : n;
}

/**
 * Minutes stated as "через 8 минут", "на десять минут", "полчаса", or the other way round, as
 * players say an estimate: "минут на 25", "минут десять". The words are the lexicon's (roles).
 */
export function statedMinutes(words: Words, tokens: readonly string[]): number | undefined {
  const { hour, minute } = words;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const alone = words.minutes_words[t];
    if (alone !== undefined) return alone;
    if (t === hour.word && hour.after.includes(tokens[i - 1] ?? "")) return hour.minutes;
    // минут, минуты, минутку, мин — not минус or минимум
    if (!minute.forms.includes(t) && !t.startsWith(minute.prefix)) continue;
    const prev = numberOf(words, tokens[i - 1]);
    if (prev !== undefined) {
      // "двадцать пять минут"
      const tens = numberOf(words, tokens[i - 2]);
      return tens !== undefined && tens >= 20 && prev < 10 ? tens + prev : prev;
    }
    const after = minute.around.includes(tokens[i + 1] ?? "") ? i + 2 : i + 1;
    const next = numberAt(words, tokens, after);
    if (next !== undefined) return next;
  }
  return undefined;
}

export function lateValue(minutes: number): string {
  return minutes <= 5 ? "upto5" : minutes <= 20 ? "from5to20" : "over20";
}

/** `fact=value` labels split once: they are the lexicon's, a few hundred at most */
const split = new Map<string, readonly [string, string]>();
function factOf(label: string): readonly [string, string] {
  let fv = split.get(label);
  if (!fv) split.set(label, (fv = label.split("=") as unknown as readonly [string, string]));
  return fv;
}

/** `stems`: the tokens' stems when the caller has them already. */
/** how far before a cue a side-clause word («пока») or a contract word («заказал») may stand */
const REACH = 2;

function near(words: readonly string[], tokens: readonly string[], at: number, stemmed: boolean): boolean {
  for (let i = Math.max(0, at - REACH); i < at; i++) {
    const t = tokens[i]!;
    if (stemmed ? words.some((w) => t.startsWith(w)) : words.includes(t)) return true;
  }
  return false;
}

/**
 * A fact is taken only where the text states it of the offender and of the moment: a role named
 * in a side clause («пока играющий отвернулся») is not the offender, and where the story names
 * several levels (the bidding's, then the contract's) only the one a contract word introduces is
 * the contract's level; with none, or several, the judge asks.
 */
export function extractFacts(lex: Lexicon, tokens: readonly string[], stems: readonly string[] = stemsOf(tokens)): Stated {
  const facts: Record<string, string> = {};
  const timing: number[] = [];
  const words = lex.roles.words;
  const levels: string[] = [];
  const contractLevels: string[] = [];
  const torn = new Set<string>();
  for (const hit of lex.facts.scan(tokens, stems)) {
    let when = false;
    for (const label of hit.labels) {
      const [fact, value] = factOf(label);
      if (fact === DENIED) continue;
      if (TIMING_FACTS.has(fact)) when = true;
      if (fact === "offender" && near(words.aside, tokens, hit.start, false)) continue;
      if (fact === "level") {
        levels.push(value);
        if (near(words.contract_stems, tokens, hit.start, true)) contractLevels.push(value);
        continue;
      }
      if (MOMENT_FACTS.has(fact) && fact in facts && facts[fact] !== value) torn.add(fact);
      if (!(fact in facts)) facts[fact] = value;
    }
    if (when) for (let i = hit.start; i < hit.start + hit.length; i++) timing.push(i);
  }
  for (const fact of torn) delete facts[fact];
  const level = new Set(levels).size === 1 ? levels[0] : new Set(contractLevels).size === 1 ? contractLevels[0] : undefined;
  if (level !== undefined) facts.level = level;
  // a numeric level: мизер is the one that is not
  if (level !== undefined && /^\d+$/.test(level) && GAME_OF_LEVEL.offenders.some((o) => o === facts.offender)) {
    facts[GAME_OF_LEVEL.fact] ??= GAME_OF_LEVEL.value;
  }
  const minutes = statedMinutes(lex.roles.words, tokens);
  if (minutes !== undefined && lex.lateness.scan(tokens, stems).length > 0) {
    facts.late = lateValue(minutes);
    return { facts, minutes, timing };
  }
  return minutes === undefined ? { facts, timing } : { facts, minutes, timing };
}
