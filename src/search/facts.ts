/**
 * Facts a message states outright, found by the lexicon's cue words (`facts:`): who, which game,
 * which phase, when it was noticed, first or repeated, the contract's level. Where a message names
 * two values of one fact, the first named wins: players set the scene first ("на распасах ..."); not
 * for the phase, the moments and first-or-repeated, where the judge asks instead, nor for a second
 * role said as the one who acts (asked too), nor for facts of the scene (a role that looked away,
 * another occasion, what was only expected).
 * Minutes late come from the number next to "минут", with a word that says someone was late.
 */
import type { Facts } from "./types.js";
import { impliedValues, toldBy } from "../knowledge/fact-rules.js";
import type { Fact } from "../knowledge/types.js";
import type { Lexicon } from "./analyze.js";
import { OFFENDER, stemsOf } from "./analyze.js";
import type { PhraseSet } from "./phrases.js";
import { SCENE_FACTS } from "./ranker.js";

export interface Stated {
  readonly facts: Facts;
  readonly minutes?: number;
  /** positions of the tokens that only say when it was done ("до первого хода"): the when, not the what */
  readonly timing: readonly number[];
}

/** facts whose cue words are left out of matching: a move named as a point in time is not the incident */
const TIMING_FACTS = new Set(["acted"]);
/** «всё время комментирует… первый раз»: a story that says both first and many times does not say which; the judge asks */
const REPEAT = "repeat";
/**
 * Moments: where a story names two of them («взятку перевернули и уже сыграли следующую карту»), the
 * first is not the moment it was noticed, and neither may be: the judge asks. Other facts set the
 * scene first («на распасах …»), so the first named wins.
 */
/** «мизер… играли распасы»: two games named in one story, and the judge asks which was played */
const GAME = "game";
const MOMENT_FACTS = new Set(["noticed", "acted", REPEAT, GAME]);
/** the lexicon's cues that deny a fact («распасов не было»): their words state nothing, so the judge asks */
export const DENIED = "not";
type Words = Lexicon["roles"]["words"];

const numberOf = (words: Words, token: string | undefined): number | undefined =>
  token === undefined ? undefined : /^\d+$/.test(token) ? Number(token) : (words.numbers[token] ?? words.fractions[token]);

/** "двадцать пять" read from its first word at `i`: 25; a single number word or digits as they are. */
function numberAt(words: Words, tokens: readonly string[], i: number): number | undefined {
  const n = numberOf(words, tokens[i]);
  const unit = numberOf(words, tokens[i + 1]);
  return n !== undefined && n >= 20 && unit !== undefined && unit < 10 ? n + unit : n;
}

/**
 * One statement of minutes late and where in the message: a number (`low` = `high`), or the span a
 * player gave instead («минут 15-25», «меньше чем на 20»), its ends excluded where he said so.
 */
export interface MinutesSaid {
  readonly at: number;
  readonly low: number;
  readonly high: number;
  readonly lowOpen?: boolean;
  readonly highOpen?: boolean;
}

const exactly = (minutes: number, at: number): MinutesSaid => ({ at, low: minutes, high: minutes });

/** the number said just before `first` as the other end of a range («15-25», «15 или 20», «от 15 до 25») */
function rangeStart(words: Words, tokens: readonly string[], first: number, end: number): number | undefined {
  const joined = words.span.joins.includes(tokens[first - 1] ?? "") ? first - 2 : first - 1;
  const start = numberOf(words, tokens[joined]);
  // «10 00» is a time of day, not a range: the second end is larger
  return start !== undefined && start < end && (joined < first - 1 || /^\d+$/.test(tokens[first - 1] ?? "")) ? start : undefined;
}

/** the span a bound word before the number makes of it: «меньше чем на 20», «не больше 5», «более 20» */
function bounded(words: Words, tokens: readonly string[], first: number, said: MinutesSaid): MinutesSaid {
  const { below, above, not } = words.span;
  for (let b = first - 1; b >= Math.max(0, first - 4); b--) {
    const t = tokens[b]!;
    if (numberOf(words, t) !== undefined) break;
    const up = below.includes(t) ? true : above.includes(t) ? false : undefined;
    if (up === undefined) continue;
    const negated = not.includes(tokens[b - 1] ?? "");
    // «не больше 5» is at most 5; «не меньше 20» at least 20
    const atMost = up !== negated;
    return atMost
      ? { at: said.at, low: 0, high: said.high, highOpen: !negated }
      : { at: said.at, low: said.low, high: Infinity, lowOpen: !negated };
  }
  return said;
}

/** «20 с хвостиком», «минут 20 с лишним»: a word of «more» within three tokens after the number at `last` */
function beyond(words: Words, tokens: readonly string[], last: number, said: MinutesSaid): MinutesSaid {
  const after = [tokens[last + 1], tokens[last + 2], tokens[last + 3]];
  return after.some((t) => t !== undefined && words.span.beyond.includes(t))
    ? { at: said.at, low: said.high, high: Infinity, lowOpen: true }
    : said;
}

/** minutes between the first and the last time of day said («в 10:00 … в 10:12»): tokens «в 10 00» */
function clockMinutes(words: Words, tokens: readonly string[]): MinutesSaid | undefined {
  const times: { minutes: number; at: number }[] = [];
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (!words.span.clock.includes(tokens[i]!)) continue;
    const h = tokens[i + 1]!;
    const m = tokens[i + 2]!;
    if (!/^\d{1,2}$/.test(h) || !/^\d\d$/.test(m) || Number(h) > 23 || Number(m) > 59) continue;
    times.push({ minutes: Number(h) * 60 + Number(m), at: i + 1 });
  }
  if (times.length < 2) return undefined;
  const last = times[times.length - 1]!;
  const between = last.minutes - times[0]!.minutes;
  return between > 0 ? exactly(between, last.at) : undefined;
}

/**
 * Minutes stated as "через 8 минут", "на десять минут", "полчаса", "2 часа", or the other way round,
 * as players say an estimate: "минут на 25", "минут десять"; a span where one is said. The words are
 * the lexicon's (roles). Every statement, in the order said: a message may give the tour's length as
 * well as the lateness.
 */
export function minutesSaid(words: Words, tokens: readonly string[]): MinutesSaid[] {
  const { hour, minute } = words;
  const out: MinutesSaid[] = [];
  const clock = clockMinutes(words, tokens);
  if (clock) out.push(clock);
  /** a number said at `first`..: a range or a bound around it, if one was said */
  // `last`: the token after which a word of «more» may follow («20 минут с хвостиком»)
  const said = (value: number, first: number, at: number, last: number): MinutesSaid => {
    const start = rangeStart(words, tokens, first, value);
    const plain = start === undefined ? exactly(value, at) : { at, low: start, high: value };
    return bounded(words, tokens, start === undefined ? first : first - 2, beyond(words, tokens, last, plain));
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const alone = words.minutes_words[t];
    if (alone !== undefined) {
      out.push(bounded(words, tokens, i, exactly(alone, i)));
      continue;
    }
    if (t === hour.word || hour.forms.includes(t)) {
      const hours = numberOf(words, tokens[i - 1]);
      if (hours !== undefined) out.push(said(hours * hour.minutes, i - 1, i - 1, i));
      else if (t === hour.word && hour.after.includes(tokens[i - 1] ?? "")) out.push(exactly(hour.minutes, i));
      continue;
    }
    // минут, минуты, минутку, мин — not минус or минимум
    if (!minute.forms.includes(t) && !t.startsWith(minute.prefix)) continue;
    const prev = numberOf(words, tokens[i - 1]);
    if (prev !== undefined) {
      // "двадцать пять минут"
      const tens = numberOf(words, tokens[i - 2]);
      const first = tens !== undefined && tens >= 20 && prev < 10 ? i - 2 : i - 1;
      // «туры по 60 минут»: a length of something else, not the lateness
      if (minute.per.includes(tokens[first - 1] ?? "")) continue;
      // «20 минут 30 секунд»: the seconds are part of it (over 20, not 20)
      const secs = numberOf(words, tokens[i + 1]);
      const secWord = tokens[i + 2] ?? "";
      const part = secs !== undefined && (words.second.forms.includes(secWord) || secWord.startsWith(words.second.prefix)) ? secs / 60 : 0;
      out.push(said((first === i - 2 ? tens! + prev : prev) + part, first, first, part > 0 ? i + 2 : i));
      continue;
    }
    const after = minute.around.includes(tokens[i + 1] ?? "") ? i + 2 : i + 1;
    const next = numberAt(words, tokens, after);
    if (next === undefined) continue;
    // «минут на 15-25»: the second number is the range's end
    const end = /^\d+$/.test(tokens[after] ?? "") ? numberOf(words, tokens[after + 1]) : undefined;
    const range = end !== undefined && end > next ? { at: i, low: next, high: end } : beyond(words, tokens, after, exactly(next, i));
    out.push(bounded(words, tokens, i, range));
  }
  return out;
}

/** The minutes a message states: the first said, or the one said nearest a word of being late. */
export function statedMinutes(words: Words, tokens: readonly string[], lateAt: readonly number[] = []): MinutesSaid | undefined {
  const said = minutesSaid(words, tokens);
  if (said.length < 2 || lateAt.length === 0) return said[0];
  // at an equal distance the number after the word of being late is its lateness («тур 70 минут, опоздала на 20 минут»)
  const distance = (m: MinutesSaid): number => Math.min(...lateAt.map((at) => (m.at > at ? m.at - at : at - m.at + 0.5)));
  return said.reduce((best, m) => (distance(m) < distance(best) ? m : best));
}

export function lateValue(minutes: number): string {
  // 10.4.10 counts 5 minutes twice (allowed; «5-20 минут»): exactly 5 is its own value, ruled as both
  return minutes < 5 ? "upto5" : minutes === 5 ? "exactly5" : minutes <= 20 ? "from5to20" : "over20";
}

/** the values of lateness a span leaves possible: «минут 15-25» is two of them, «меньше 5» one */
export function lateValues(said: MinutesSaid): Set<string> {
  const out = new Set<string>();
  // the values change only at whole minutes (5, 20): a quarter-minute step sees each band the span touches
  const top = Math.min(said.high, said.low + 200);
  for (let x = said.low; x <= top; x += 0.25) {
    if ((x === said.low && said.lowOpen) || (x === said.high && said.highOpen)) continue;
    out.add(lateValue(x));
  }
  return out;
}

/** a number of minutes said as one number, not a span */
export const exactMinutes = (said: MinutesSaid | undefined): number | undefined =>
  said !== undefined && said.low === said.high ? said.low : undefined;

/** `fact=value` labels split once: they are the lexicon's, a few hundred at most */
const split = new Map<string, readonly [string, string]>();
function factOf(label: string): readonly [string, string] {
  let fv = split.get(label);
  if (!fv) split.set(label, (fv = label.split("=") as unknown as readonly [string, string]));
  return fv;
}

/** how far before a cue a side-clause word («пока») or a contract word («заказал») may stand */
const REACH = 2;
/** how far after a role a word of looking away may stand («играющий на секунду отвернулся») */
const AWAY_REACH = 3;
/** how far after a role the turn to another actor may come («сдающий ещё не досдал, а игрок…») */
const TURN_REACH = 8;
/** how far a story of another occasion runs when no word brings it back to this one */
const OCCASION_REACH = 6;
const LEVEL = "level";
const NOTICED = "noticed";
/**
 * The fact a story tells in order (the deal, the bidding, the play): where it names two values, the
 * incident's is neither surely the first nor the last, and the judge asks (a clause of a single
 * phase tells it itself). A value named with the moment it was noticed («заметили в торговле») is
 * that moment's: it yields to one named without.
 */
const PHASE = "phase";

/**
 * How many cards the message names by rank (outside another occasion): the longest list of ranks, or
 * one rank alone with no word of several cards; 0 where it names none so.
 */
function cardsNamed(lex: Lexicon, tokens: readonly string[], stems: readonly string[], elsewhere: ReadonlySet<number>): number {
  const { ranks, several, joins } = lex.roles.words.named_card;
  let named = 0;
  let severalSaid = false;
  // the longest list of ranks with only a suit or «и» between («валет, туз и десятка черв»; not «даму на туза»)
  let list = 0;
  let run = 0;
  let last = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (several.includes(tokens[i]!)) severalSaid = true;
    if (elsewhere.has(i) || !ranks.includes(tokens[i]!)) continue;
    named++;
    let joined = last >= 0;
    for (let j = last + 1; j < i && joined; j++) joined = joins.includes(tokens[j]!) || lex.suits.matchAt(tokens, stems, j) !== undefined;
    run = joined ? run + 1 : 1;
    list = Math.max(list, run);
    last = i;
  }
  if (list >= 2) return list;
  return named === 1 && !severalSaid ? 1 : 0;
}

function near(words: readonly string[], tokens: readonly string[], at: number, stemmed: boolean): boolean {
  for (let i = Math.max(0, at - REACH); i < at; i++) {
    const t = tokens[i]!;
    if (stemmed ? words.some((w) => t.startsWith(w)) : words.includes(t)) return true;
  }
  return false;
}

/** Whether some phrase of `set` starts at a position from `from` up to (not including) `to`; the first such hit. */
function hitIn(set: PhraseSet, tokens: readonly string[], stems: readonly string[], from: number, to: number) {
  for (let j = from; j < Math.min(to, tokens.length); j++) {
    const hit = set.matchAt(tokens, stems, j);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Positions told of another occasion («в прошлый раз он опоздал, а сейчас …»): from the opening
 * words up to the closing ones, or a few words on; and of what was only expected («думали, что
 * заиграет восьмерную, но …»): from the opening words up to the turn, where one comes.
 */
function otherOccasion(lex: Lexicon, tokens: readonly string[], stems: readonly string[]): Set<number> {
  const { occasionOpens, occasionCloses, expectedOpens, expectedCloses } = lex.scene;
  const out = new Set<number>();
  for (const open of occasionOpens.scan(tokens, stems)) {
    let end = Math.min(tokens.length, open.start + open.length + OCCASION_REACH);
    const close = hitIn(occasionCloses, tokens, stems, open.start + open.length, end);
    if (close) end = close.start;
    for (let i = open.start; i < end; i++) out.add(i);
  }
  for (const open of expectedOpens.scan(tokens, stems)) {
    const close = hitIn(expectedCloses, tokens, stems, open.start + open.length, open.start + open.length + OCCASION_REACH);
    if (close) for (let i = open.start; i < close.start; i++) out.add(i);
  }
  return out;
}

/** how many words a role named before quoting words may take («левый вистующий говорит: …») */
const SPEAKER_REACH = 3;

interface Quote {
  /** where the quoted words begin: right after the quoting ones («говорит, что я…» is the teller's own first person) */
  readonly end: number;
  /** the speaker's role, where it is known */
  readonly speaker: string | undefined;
}

/**
 * Where another player is quoted («вистующий говорит: …», «Миша сказал: …»), not the teller
 * himself («я сказал, что…»); the speaker's role: a role named right before the quoting words, or a
 * named player's role by what he did right after his name elsewhere in the story («а Миша спасовал»).
 */
function quotesOf(lex: Lexicon, tokens: readonly string[], stems: readonly string[], elsewhere: ReadonlySet<number>): Quote[] {
  const self = lex.roles.words.narrator.self;
  const out: Quote[] = [];
  for (const q of lex.scene.quoted.scan(tokens, stems)) {
    const before = tokens[q.start - 1] ?? "";
    // «никто ничего не сказал. Я вистовал»: no words were said, none quoted
    if (elsewhere.has(q.start) || self.includes(before) || lex.roles.words.span.not.includes(before)) continue;
    out.push({ end: q.start + q.length, speaker: speakerRole(tokens, stems, q.start, lex.scene) });
  }
  return out;
}

/** how many words may come before the name of the player a story opens with («Вчетвером: Костя сдаёт…») */
const NAMED_FIRST_REACH = 1;
/** words a story may open with before the player it is about: the scene (which game, phase, moment) and when a move was made */
const OPENING_FACTS = new Set([...SCENE_FACTS, ...TIMING_FACTS]);

/** a named player's role by what he did right after his name; several names, or none, or no role: undefined */
function namedRole(scene: Lexicon["scene"], tokens: readonly string[], stems: readonly string[], name: string): string | undefined {
  const roles = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] !== name || i + 1 >= tokens.length) continue;
    for (const label of scene.namedRoles.matchAt(tokens, stems, i + 1)?.labels ?? []) roles.add(label);
  }
  return roles.size === 1 ? [...roles][0] : undefined;
}

/** the role of the only player the story names, by what he did right after his name */
function soleNamedRole(
  lex: Lexicon,
  tokens: readonly string[],
  stems: readonly string[],
  elsewhere: ReadonlySet<number>,
  scene: ReadonlySet<number>,
): string | undefined {
  const named = lex.scene.actors.scan(tokens, stems).filter((h) => !elsewhere.has(h.start));
  const names = new Set(named.map((h) => tokens.slice(h.start, h.start + h.length).join(" ")));
  // he opens the story («Ваня играл…»), after the words that set the scene at most («На шестерной игре Петя
  // спасовал…», audit BH): named later («…заказал семь пик, Петя сказал вист, и тут он…»), he may be a bystander
  const first = named[0];
  if (first === undefined || names.size !== 1 || first.length !== 1) return undefined;
  let untold = 0;
  for (let i = 0; i < first.start; i++) if (!scene.has(i)) untold++;
  if (untold > NAMED_FIRST_REACH) return undefined;
  return namedRole(lex.scene, tokens, stems, tokens[first.start]!);
}

/** the role of the one quoted at `at`, or undefined where the story does not say it */
function speakerRole(tokens: readonly string[], stems: readonly string[], at: number, scene: Lexicon["scene"]): string | undefined {
  for (let i = Math.max(0, at - SPEAKER_REACH); i < at; i++) {
    const role = scene.roleNames.matchAt(tokens, stems, i);
    if (role && role.start + role.length === at && role.labels.length === 1) return role.labels[0];
  }
  const name = tokens[at - 1];
  if (name === undefined || scene.actors.matchAt(tokens, stems, at - 1)?.length !== 1) return undefined;
  return namedRole(scene, tokens, stems, name);
}

/** how far before a role a word of having («у моего напарника-вистующего») or of a subordinate clause may stand */
const HAS_REACH = 3;

/**
 * Whether the role at `start`..`end` is said as the one who acts: its singular nominative, or what
 * someone has («у вистующего»); not in a subordinate clause («хотя взятку взял играющий»).
 */
function actsAs(words: Words, tokens: readonly string[], start: number, end: number): boolean {
  const before = tokens.slice(Math.max(0, start - HAS_REACH), start);
  if (before.some((t) => words.subordinate.includes(t))) return false;
  const last = tokens[end - 1]!;
  return words.acts_endings.some((e) => last.endsWith(e)) || before.some((t) => words.has.includes(t));
}

/**
 * A role that is not said to be the offender: right after a side-clause word («пока играющий …»),
 * right before a word of looking away («а играющий отвернулся»), or followed by a turn to another
 * actor no role names («сдающий не досдал, а игрок взял прикуп»).
 */
function sceneRole(
  lex: Lexicon,
  tokens: readonly string[],
  stems: readonly string[],
  start: number,
  end: number,
  /** where a role is named: an actor after one («а пасующая Наташа») is named by that role */
  roleAt: ReadonlySet<number>,
): boolean {
  if (near(lex.roles.words.aside, tokens, start, false)) return true;
  const { lookedAway, turns, actors } = lex.scene;
  if (hitIn(lookedAway, tokens, stems, end, end + AWAY_REACH)) return true;
  for (let j = end; j < Math.min(tokens.length, end + TURN_REACH); j++) {
    const turn = turns.matchAt(tokens, stems, j);
    if (!turn) continue;
    const from = j + turn.length;
    const actor = hitIn(actors, tokens, stems, from, from + 2);
    if (!actor || (actor.start > from && roleAt.has(from))) continue;
    // the other actor acts: words follow him («а Коля перевернул»), and not those of one who objects («а Гена требует»);
    // the last word names the role («сдающий не я, а Миша»)
    const after = actor.start + actor.length;
    if (after < tokens.length && !hitIn(lookedAway, tokens, stems, after, after + AWAY_REACH)) return true;
  }
  return false;
}

/**
 * A fact is taken only where the text states it of the offender and of the moment: a role named
 * in a side clause («пока играющий отвернулся») is not the offender, a fact of another occasion
 * («в прошлой сдаче был мизер») is not this one's, and where the story names several levels (the
 * bidding's, then the contract's) only the one a contract word introduces is the contract's level;
 * with none, or several, the judge asks. `defs`: knowledge/facts.yaml; `stems`: the tokens' stems
 * when the caller has them already.
 */
export function extractFacts(
  lex: Lexicon,
  defs: ReadonlyMap<string, Fact>,
  tokens: readonly string[],
  stems: readonly string[] = stemsOf(tokens),
): Stated {
  const facts: Record<string, string> = {};
  const timing: number[] = [];
  const words = lex.roles.words;
  const levels: string[] = [];
  const contractLevels: string[] = [];
  const torn = new Set<string>();
  /** where each fact's value was said: a denial and the error it denies outweigh each other by their order */
  const saidAt: Record<string, number> = {};
  const elsewhere = otherOccasion(lex, tokens, stems);
  const phases: string[] = [];
  const offenders: { readonly value: string; readonly acts: boolean; readonly errs: boolean }[] = [];
  const noticingPhases: string[] = [];
  const hits = lex.facts.scan(tokens, stems);
  const roleAt = new Set(hits.filter((h) => h.labels.some((l) => factOf(l)[0] === OFFENDER)).map((h) => h.start));
  for (const hit of hits) {
    let when = false;
    if (elsewhere.has(hit.start)) continue;
    for (const label of hit.labels) {
      const [fact, value] = factOf(label);
      if (fact === DENIED) continue;
      if (TIMING_FACTS.has(fact)) when = true;
      if (fact === OFFENDER) {
        if (!sceneRole(lex, tokens, stems, hit.start, hit.start + hit.length, roleAt))
          offenders.push({
            value,
            acts: actsAs(words, tokens, hit.start, hit.start + hit.length),
            errs: hitIn(lex.scene.errs, tokens, stems, hit.start + hit.length, hit.start + hit.length + 1) !== undefined,
          });
        continue;
      }
      if (fact === PHASE) {
        (hit.labels.some((l) => factOf(l)[0] === NOTICED) ? noticingPhases : phases).push(value);
        continue;
      }
      if (fact === LEVEL) {
        levels.push(value);
        // «заказал семь пик», «потом объявил мизер»: the contract word before the level or in its phrase
        if (near(words.contract_stems, tokens, hit.start, true) || words.contract_stems.some((w) => tokens[hit.start]!.startsWith(w)))
          contractLevels.push(value);
        continue;
      }
      // a narrower value said with the one it narrows («сам поменял, пока взятку не перевернули»): the narrower (facts.yaml `refines`)
      const refines = defs.get(fact)?.refines;
      const before = facts[fact];
      if (before !== undefined && before !== value && refines) {
        if (refines[value]?.includes(before)) {
          facts[fact] = value;
          continue;
        }
        if (refines[before]?.includes(value)) continue;
      }
      if ((MOMENT_FACTS.has(fact) || defs.get(fact)?.contradiction_asks) && fact in facts && facts[fact] !== value) torn.add(fact);
      // an act that went on («взял прикуп… и вскрыл его»): the furthest named (facts.yaml `furthest`)
      const order = defs.get(fact)?.furthest;
      if (!(fact in facts) || (order && order.indexOf(value) > order.indexOf(facts[fact]!))) {
        facts[fact] = value;
        saidAt[fact] = hit.start;
      }
    }
    if (when) for (let i = hit.start; i < hit.start + hit.length; i++) timing.push(i);
  }
  for (const fact of torn) delete facts[fact];
  // A denial yields to the error told beside it («у меня 11», facts.yaml `yields_to`), or told after it («по две, как
  // положено… а потом по одной», `yields_to_later`); an error only claimed before it stands denied («говорит, что сдавал
  // по три, но сдавал по две»).
  for (const [fact, value] of Object.entries(facts)) {
    const def = defs.get(fact);
    const told = (byValue: Readonly<Record<string, readonly string[]>> | undefined, after: boolean): boolean =>
      Object.entries(byValue ?? {}).some(
        ([other, values]) => values.includes(facts[other] ?? "") && (!after || (saidAt[other] ?? -1) > (saidAt[fact] ?? -1)),
      );
    if (told(def?.yields_to?.[value], false) || told(def?.yields_to_later?.[value], true)) delete facts[fact];
  }
  // The first role named is the offender, unless another role is said as the one who acts («я
  // разыгрывающий, восемь треф; левый вистующий кладёт…», «вистующий зашёл, а разыгрывающий кинул
  // карты»): the order they come in does not say which of them did it, and the judge asks.
  // The teller who tells his own act («…вистующий зашёл в бубну, я положил трефу») may be the one who
  // erred: a role named in the third person is then not surely the offender, unless it is his own.
  // A first person quoted from another player («вистующий говорит: у меня 11») is his, not the teller's.
  const quotes = quotesOf(lex, tokens, stems, elsewhere);
  const quotedBy = (start: number) => quotes.find((q) => q.end === start);
  const told = new Set<string>();
  // «в этой сдаче не играю» denies the role it names
  const denied = (at: number) => words.span.not.includes(tokens[at - 1] ?? "");
  for (const hit of lex.scene.narrator.scan(tokens, stems))
    if (!elsewhere.has(hit.start) && !quotedBy(hit.start) && !denied(hit.start)) for (const v of hit.labels) told.add(v);
  const acts = lex.scene.tellerActs.scan(tokens, stems).filter((hit) => !elsewhere.has(hit.start));
  const selfActs = acts.some((hit) => !quotedBy(hit.start));
  const first = offenders[0];
  if (first !== undefined && offenders.every((o) => !o.acts || o.value === first.value)) {
    if (!selfActs || (told.size === 1 && told.has(first.value) && offenders.every((o) => o.value === first.value)))
      facts[OFFENDER] = first.value;
  }
  // The teller who names his own role («я играл…», «вистую») and tells his own act erred himself (audit BB);
  // so does one who names his role and no one else who could have («Я разыгрываю семь пик. На третьем круге
  // сбросил бубну…»). Another player named («Витя перевернул»), or a role named in the scene, even one that only
  // looked away or noticed, is someone else the story is about.
  const noOneElse = (): boolean =>
    first === undefined &&
    !lex.scene.actors.scan(tokens, stems).some((hit) => !elsewhere.has(hit.start)) &&
    !hits.some(
      (h) =>
        !elsewhere.has(h.start) &&
        h.labels.some((l) => {
          const [fact, value] = factOf(l);
          return (fact === OFFENDER && !told.has(value)) || (fact === DENIED && value === OFFENDER);
        }),
    );
  if (facts[OFFENDER] === undefined && told.size === 1 && (selfActs || noOneElse())) facts[OFFENDER] = [...told][0]!;
  // A speaker who tells his own act in the first person («играющий говорит: я посмотрел снос») did it, where
  // his role is known: named before his words, or by what he did after his name («а Миша спасовал»).
  const speakers = new Set(
    acts.flatMap((hit) => {
      const role = quotedBy(hit.start)?.speaker;
      return role === undefined ? [] : [role];
    }),
  );
  if (speakers.size === 1) facts[OFFENDER] = [...speakers][0]!;
  // A role said to have erred («у меня 11, а у Пети 9 — сдающий ошибся») is the offender, whoever else the story names.
  const erring = new Set(offenders.filter((o) => o.errs).map((o) => o.value));
  if (facts[OFFENDER] === undefined && erring.size === 1) facts[OFFENDER] = [...erring][0]!;
  // The one player the story names, given his role by what he did («Ваня играл семь бубен, …», «Лёха заказал
  // шесть треф, после первой взятки полез в снос»), is the one it is about, where it names no role and the
  // teller tells no role of his own (audit BF).
  if (facts[OFFENDER] === undefined && offenders.length === 0 && told.size === 0) {
    // the words that set the scene: which game, which phase, when («На шестерной игре», «Во время торговли»)
    const scene = new Set<number>();
    for (const hit of hits)
      if (hit.labels.some((l) => OPENING_FACTS.has(factOf(l)[0])) && hit.labels.every((l) => factOf(l)[0] !== OFFENDER))
        for (let i = hit.start; i < hit.start + hit.length; i++) scene.add(i);
    const role = soleNamedRole(lex, tokens, stems, elsewhere, scene);
    if (role !== undefined) facts[OFFENDER] = role;
  }
  // one card named by its rank and no word of several: one card was opened; cards listed by rank: that many (lexicon roles.named_card)
  const { fact: cardsFact, counts } = lex.roles.words.named_card;
  const cards = cardsNamed(lex, tokens, stems, elsewhere);
  // a list outnumbers a cue on its first card («показал валета и даму»: the cue «показал валета» says one)
  const open = facts[cardsFact];
  if (cards > 0 && !torn.has(cardsFact) && (open === undefined || (cards > 1 && open === counts[0])))
    facts[cardsFact] = counts[Math.min(cards, counts.length) - 1]!;
  const phase =
    new Set(phases).size === 1 ? phases[0] : phases.length === 0 && new Set(noticingPhases).size === 1 ? noticingPhases[0] : undefined;
  if (phase !== undefined) facts[PHASE] = phase;
  let level = new Set(levels).size === 1 ? levels[0] : new Set(contractLevels).size === 1 ? contractLevels[0] : undefined;
  // two games named («влез со словом мизер… играли распасы»): the level, said with one of them, is no more certain
  if (torn.has(GAME)) level = undefined;
  if (level !== undefined) facts.level = level;
  // A level stated of a player of the contract («играющий на семи бубнах») tells what was played
  // (facts.yaml `tells`: six to ten is a game), where that role bears on it (`implies`: there are
  // players of a contract on a game or a мизер, none on распасы); a dealer's or a passer's level is the bidding's.
  // With several roles named and the offender asked, it holds where it holds for each of them.
  const roles = facts.offender !== undefined ? [facts.offender] : [...offenders.map((o) => o.value), ...told];
  if (level !== undefined && roles.length > 0) {
    for (const [other, told] of Object.entries(toldBy(defs, LEVEL, level))) {
      if (roles.every((r) => impliedValues(defs, OFFENDER, r, other)?.includes(told))) facts[other] ??= told;
    }
  }
  const late = lex.lateness.scan(tokens, stems);
  const said = statedMinutes(
    lex.roles.words,
    tokens,
    late.map((h) => h.start),
  );
  // a span that crosses a band («минут 15-25») is not a value: the judge asks
  const values = said !== undefined && late.length > 0 ? [...lateValues(said)] : [];
  if (values.length === 1) facts.late = values[0]!;
  const minutes = exactMinutes(said);
  return minutes === undefined ? { facts, timing } : { facts, minutes, timing };
}
