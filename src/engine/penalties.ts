/**
 * From a penalty as data to what the table does now, and to points in the гора where the
 * penalty is in tricks on a contract. Price of a trick by level (Сочи and Ленинград agree):
 * 6 = 2, 7 = 4, 8 = 6, 9 = 8, 10 = 10, мизер = 10.
 */
import type { Knowledge, Penalty } from "../knowledge/types.js";

export const TRICK_PRICE: Readonly<Record<string, number>> = { "6": 2, "7": 4, "8": 6, "9": 8, "10": 10, misere: 10 };

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

/** Penalties whose points depend on the level of the contract. */
export function needsLevel(penalties: readonly Penalty[]): boolean {
  return penalties.some((p) => p.kind === "tricks" || p.kind === "remiz");
}

function levelName(k: Knowledge, level: string): string {
  return (k.facts.get("level")?.values[level] ?? level).toLowerCase();
}

/** «шестерная 2, семерная 4, …»: the price of a trick by level. */
export function priceList(k: Knowledge): string {
  return Object.entries(TRICK_PRICE)
    .map(([level, price]) => `${levelName(k, level)} ${price}`)
    .join(", ");
}

/**
 * «1 взятка × 4 (семерная) = 4 в гору». When the level is not known: the count times the price
 * of a trick, and the caller shows the price list once.
 */
export function pointsLine(k: Knowledge, p: Penalty, level: string | undefined): string | null {
  if (p.kind !== "tricks" && p.kind !== "remiz") return null;
  const price = level !== undefined ? TRICK_PRICE[level] : undefined;
  let n: number | null;
  if (p.kind === "tricks") n = p.tricks;
  else if (p.tricks !== "all") n = p.tricks;
  else n = level !== undefined && /^\d+$/.test(level) ? Number(level) : null;
  const lead = p.kind === "remiz" ? `ремиз ${p.tricks === "all" ? "без всех" : `без ${num(p.tricks)}`}: ` : "";
  const tail = p.kind === "remiz" ? " (в «Ленинграде» ремиз пишется вдвое)" : "";
  if (price === undefined || n === null) {
    const what = n === null ? "число взяток контракта" : `${num(n)} ${tricksWord(n)}`;
    return `${lead}${what} × цена взятки по уровню игры${tail}.`;
  }
  const min = p.kind === "tricks" && p.min ? "не меньше чем " : "";
  return `${lead}${min}${num(n)} ${tricksWord(n)} × ${price} (${levelName(k, level!)}) = ${num(n * price)} в гору${tail}.`;
}

function perMinutes(per: string | undefined, minutes: number | undefined): { count: number; unit: number } | null {
  const m = per ? /(\d+)\s*мин/.exec(per) : null;
  if (!m || minutes === undefined) return null;
  const unit = Number(m[1]);
  return { count: Math.max(1, Math.floor(minutes / unit)), unit };
}

/**
 * What to do at the table for one penalty. `who` is the offender as the players name him
 * («Сдающий»), or «Нарушитель» when the role is not known.
 */
export function actionLine(p: Penalty, who: string, minutes?: number): string {
  switch (p.kind) {
    case "redeal":
      return p.on_demand ? "Пересдать, если этого требует любой из игроков." : "Пересдать.";
    case "mountain": {
      if (p.points === undefined) return `${who} получает штраф в гору (размер кодекс не называет — решает судья).`;
      const points = p.points;
      const times = perMinutes(p.per, minutes);
      if (times !== null) {
        // «За каждые 5 минут» — the code does not say how a part of 5 minutes counts: say so.
        const part = minutes! % times.unit !== 0 ? `; как считать неполные ${times.unit} минут, кодекс не уточняет` : "";
        return `${who} записывает себе в гору ${times.count} × ${num(points)} = ${num(times.count * points)} (${num(minutes!)} мин.: ${times.count} полных по ${times.unit} минут, ${num(points)} за каждые ${p.per}${part}).`;
      }
      const per = p.per ? ` за каждые ${p.per}` : "";
      const prog = p.progressive
        ? ` (при каждом следующем повторе — больше: ${num(points)}, ${num(points * 2)}, ${num(points * 3)} …)`
        : "";
      return `${who} записывает себе ${p.min ? "не меньше " : ""}${num(points)} в гору${per}${prog}.`;
    }
    case "tricks":
      return `${who} записывает себе штраф в гору на ${num(p.tricks)} ${tricksAcc(p.tricks)}${p.level === "bidding" ? " по уровню, на котором шла торговля" : " по цене разыгрываемой игры"}.`;
    case "remiz":
      return `Засчитать ремиз: ${p.tricks === "all" ? "без всех" : `без ${num(p.tricks)}`} на объявленной игре.`;
    case "lose_tricks":
      return `${who} лишается ${num(p.tricks)} ${tricksGen(p.tricks)}.`;
    case "add_tricks":
      return `${who} получает ещё ${num(p.tricks)} ${tricksAcc(p.tricks)}.`;
    case "takes_tricks":
      return p.tricks === "remaining"
        ? "Все оставшиеся взятки записать нарушителю."
        : `Первые ${p.tricks} ${tricksWord(p.tricks)} — нарушителя.`;
    case "whists":
      return `Упущенную выгоду записать вистами на нарушителя${p.share < 1 ? ` в размере ${num(p.share * 100)}%` : " полностью"}.`;
    case "open_card":
      return "Карта становится открытой: положить её на стол, нарушитель играет ею при первой возможности.";
    case "no_bidding":
      return `${who} не участвует в торговле.`;
    case "warning":
      return `${who} получает замечание (предупреждение).`;
    case "tb":
      return `Штраф ${p.max ? "до " : ""}${num(p.points)} ТБ.`;
    case "bar":
      return `${who} не допускается к туру.`;
    case "disqualification":
      return `Дисквалификация${p.years ? ` (до ${num(p.years)} лет)` : ""} — решают судейская коллегия и организаторы.`;
    case "none":
      return "Наказания нет.";
  }
}
