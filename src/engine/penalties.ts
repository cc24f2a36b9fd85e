/**
 * Arithmetic around a penalty: the minutes of lateness counted as the document counts them, and
 * points in the гора where the document says a penalty goes there. What a trick costs is in
 * neither document: it is a score-sheet convention (knowledge/conventions.yaml), named in every
 * line that uses it.
 */
import { lowerFirst } from "./clause-card.js";
import type { Convention, Knowledge, Penalty } from "../knowledge/types.js";

export function num(n: number): string {
  return String(Math.round(n * 100) / 100).replace(".", ",");
}

/** взятка / взятки / взяток */
export function tricksWord(n: number): string {
  if (!Number.isInteger(n)) return "взятки";
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return "взятка";
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return "взятки";
  return "взяток";
}

/** «на 1 взятку», «на 2 взятки», «на 5 взяток» */
export function tricksAcc(n: number): string {
  const w = tricksWord(n);
  return w === "взятка" ? "взятку" : w;
}

/** «лишается 1 взятки», «лишается 2 взяток» */
export function tricksGen(n: number): string {
  return !Number.isInteger(n) || (n % 10 === 1 && n % 100 !== 11) ? "взятки" : "взяток";
}

/** The fact that names the level a penalty's points depend on, or null when it has no points. */
function levelFactOf(p: Penalty): "level" | "bid_level" | null {
  if (p.kind === "tricks") return p.mountain && p.level !== "unstated" ? "level" : null;
  // a ремиз is priced only where the document itself sends it «в гору» (10.4.6's «без трёх»): elsewhere
  // where it is written is the score sheet's rule, which neither document states
  if (p.kind === "remiz") return p.on !== "whist" && p.mountain ? (p.level === "reached" ? "bid_level" : "level") : null;
  return null;
}

/** A convention that computes points at all («без очков» does not). */
export function pricing(k: Knowledge, conventionId: string | undefined): (Convention & { id: string }) | null {
  const id = conventionId && k.conventions.has(conventionId) ? conventionId : k.defaultConvention;
  const conv = k.conventions.get(id);
  return conv?.prices ? { ...conv, id } : null;
}

/** The level facts whose values the points of these penalties need, in order. */
export function levelFacts(penalties: readonly Penalty[]): ("level" | "bid_level")[] {
  return [...new Set(penalties.map(levelFactOf).filter((f): f is "level" | "bid_level" => f !== null))];
}

/** Whether a tricks penalty is counted at the level the bidding stood at (10.4.17). */
export function countsAtBiddingLevel(penalties: readonly Penalty[]): boolean {
  return penalties.some((p) => p.kind === "tricks" && p.level === "bidding");
}

function levelName(k: Knowledge, fact: string, level: string): string {
  return (k.facts.get(fact)?.values[level] ?? k.facts.get("level")?.values[level] ?? level).toLowerCase();
}

function priceList(k: Knowledge, conv: Convention): string {
  return Object.entries(conv.prices ?? {})
    .map(([level, price]) => `${levelName(k, "level", level)} ${price}`)
    .join(", ");
}

/** «2 взятки × 4 (семерная) = 8 в гору», or the count and the price list when the level is not known. */
function computation(
  k: Knowledge,
  p: Penalty,
  conv: Convention,
  known: Readonly<Record<string, string>>,
  withList: boolean,
): string | null {
  const fact = levelFactOf(p);
  if (!fact || !conv.prices) return null;
  const level = known[fact];
  const price = level !== undefined ? conv.prices[level] : undefined;
  const factor = p.kind === "remiz" ? conv.remiz_factor : 1;
  let n: number | null;
  if (p.kind === "tricks") n = p.tricks;
  else if (p.kind === "remiz" && p.tricks !== "all") n = p.tricks + (p.plus ?? 0);
  else n = level !== undefined && /^\d+$/.test(level) ? Number(level) : null;
  const lead = p.kind === "remiz" ? `ремиз ${remizName(p)} на игре: ` : "";
  const times = factor !== 1 ? ` × ${num(factor)}` : "";
  if (p.kind === "remiz" && p.added_to !== undefined && n !== null) {
    // the tricks they are added to are the play's, not the judge's: a formula, no total
    const cost =
      price !== undefined
        ? `${price} (${levelName(k, fact, level!)})${times} в гору`
        : `цена взятки${withList ? ` (${priceList(k, conv)})` : ""}${times}`;
    return `ремиз на игре: (${num(n)} ${n === 1 ? "штрафная" : "штрафные"} ${tricksWord(n)} + ${p.added_to}) × ${cost}`;
  }
  if (price === undefined || n === null) {
    const what = n === null ? "число взяток той игры" : `${num(n)} ${tricksWord(n)}`;
    return `${lead}${what} × цена взятки${withList ? ` (${priceList(k, conv)})` : ""}${times}`;
  }
  const min = p.kind === "tricks" && p.min ? "не меньше чем " : "";
  return `${lead}${min}${num(n)} ${tricksWord(n)} × ${price} (${levelName(k, fact, level!)})${times} = ${num(n * price * factor)} в гору`;
}

/** «без 2», «без 2 и плюс ещё без 2», «без всех» */
function remizName(p: Extract<Penalty, { kind: "remiz" }>): string {
  if (p.tricks === "all") return "без всех";
  return `без ${num(p.tricks)}${p.plus !== undefined ? ` и плюс ещё без ${num(p.plus)}` : ""}`;
}

function label(conv: Convention): string {
  return `По ценам «${conv.name}»${conv.note ? ` (${conv.note})` : ""}; в документе цен нет`;
}

/**
 * Points for the penalties the document sends to the гора, under the chosen convention and
 * labelled with it; null when there are none or the convention counts no points. Without
 * `withList` an unknown level leaves the price out (the caller shows the list once: priceLine).
 */
export function pointsLine(
  k: Knowledge,
  penalties: readonly Penalty[],
  known: Readonly<Record<string, string>>,
  conventionId: string | undefined,
  withList = true,
): string | null {
  const conv = pricing(k, conventionId);
  if (!conv) return null;
  const parts = penalties.map((p) => computation(k, p, conv, known, withList)).filter((x): x is string => x !== null);
  if (parts.length === 0) return null;
  // without the list (a branch of a conditional ruling), the label comes once with the list
  return withList ? `${label(conv)}: ${parts.join("; ")}.` : `(${parts.join("; ")})`;
}

/** «Очки в скобках — по ценам «<соглашение>»; в документе цен нет: …» — once under a conditional ruling. */
export function priceLine(k: Knowledge, conventionId: string | undefined, levelKnown: boolean): string | null {
  const conv = pricing(k, conventionId);
  if (!conv) return null;
  return `Очки в скобках — ${lowerFirst(label(conv))}${levelKnown ? "" : `: цена взятки — ${priceList(k, conv)}`}.`;
}

function perMinutes(per: string | undefined, minutes: number | undefined): { count: number; unit: number } | null {
  const m = per ? /(\d+)\s*мин/.exec(per) : null;
  if (!m || minutes === undefined) return null;
  const unit = Number(m[1]);
  return { count: Math.max(1, Math.floor(minutes / unit)), unit };
}

/**
 * «Штраф 4 в гору за каждые 5 минут» for the minutes the player named: the document's own points,
 * no convention. How a part of 5 minutes counts the document does not say, and the line says so.
 */
export function minutesLine(penalties: readonly Penalty[], minutes: number | undefined): string | null {
  for (const p of penalties) {
    if (p.kind !== "mountain" || p.points === undefined) continue;
    const times = perMinutes(p.per, minutes);
    if (times === null) continue;
    // both counts where the minutes are not whole fives: the document names neither
    const begun = Math.ceil(minutes! / times.unit);
    const part =
      minutes! % times.unit !== 0
        ? `; если считать и начатые ${times.unit} минут — ${begun} × ${num(p.points)} = ${num(begun * p.points)}; как считать неполные, кодекс не говорит`
        : "";
    return `${num(minutes!)} мин.: ${times.count} × ${num(p.points)} = ${num(times.count * p.points)} в гору (по ${num(p.points)} за каждые полные ${times.unit} минут${part}).`;
  }
  return null;
}
