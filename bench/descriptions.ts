/**
 * Player-style inputs for the benchmark, written for it (not taken from the eval set): incidents
 * as people type them at the table, clause numbers, and off-topic chatter. `benchInputs` turns
 * them into many variants (case, punctuation, ё, typos, filler) so the matcher sees varied text,
 * deterministically, without a cache effect from repeating one string.
 */
import { seededRandom } from "../src/search/seeded-random.js";

const INCIDENTS: readonly string[] = [
  "при раздаче у меня из рук выпала карта и все увидели что это туз",
  "Сдающий показал одну карту соседу, пока раздавал. Что теперь?",
  "сдавал не тот игрок, заметили только когда все карты разошлись",
  "раздал по три карты вместо двух, уже половину колоды",
  "сдавали против часовой стрелки, это ошибка?",
  "прикуп положили сразу после первой пары, а не после четвертой",
  "в колоде 31 карта, одной десятки нет, выяснили в середине розыгрыша",
  "колоду не сдвинули перед сдачей, просто взял и начал раздавать",
  "после того как сдвинули, сдающий еще раз перетасовал",
  "прикуп открылся еще до конца раздачи",
  "Игрок сказал семь пик не в свою очередь",
  "торговля еще шла, а один уже перевернул прикуп",
  "он торговался странно, сказал сначала мизер потом передумал",
  "заказал восемь бубей, а карт у него на руке было одиннадцать",
  "разыгрывающий снес три карты вместо двух",
  "у вистующего карта лежит открытой на столе, что делать",
  "у меня оказалось 9 карт в руке уже после первого хода",
  "играющий после первого хода заглянул в свой снос",
  "вистер полез смотреть старую взятку, не последнюю",
  "пасующий выложил все карты до конца розыгрыша, мол все мои",
  "он не положил черву, хотя она у него была, а скинул пику",
  "ренонс на распасах, у игрока была масть, а он сбросил другую",
  "на мизере один из вистующих не ответил в масть",
  "партнер подсказал жестом куда ходить",
  "вистующий сказал лишнее слово: ложись, мол, все равно",
  "сели не в том порядке, заметили через две сдачи",
  "можно ли заменить игрока посреди пули",
  "опоздал на тур минут на десять",
  "игрок опоздал на полчаса, стол ждал",
  "один не пришел на тур вообще",
  "подозреваю что они играют в паре, сговор",
  "в пулю записали не тому игроку, ошибка в записи",
  "ошибся при заявке, хотел сказать пас а сказал раз",
  "снос перемешали с прикупом, непонятно что снесено",
  "открыл чужую взятку и посмотрел",
  "взял прикуп до того как торговля кончилась",
  "карта упала лицом вверх во время розыгрыша",
  "сдвинул колоду неправильно, одну карту",
  "на руках у двоих разное число карт, у одного 11 у другого 9",
  "играли в светлую, карты открыты, а текст правила кончается",
  "сдатчик засмотрелся на нижнюю карту колоды",
  "во время сдачи посмотрел свои карты до того как все раздали",
  "случайно увидел прикуп когда сдавали",
  "игрок забрал прикуп себе в руку при сдаче",
  "специально подсмотрел прикуп пока никто не видит",
  "показал карту партнеру во время торговли",
  "в торговле посмотрел прикуп, торговля не закончена",
  "при заказе контракта показал свои карты",
  "заказал игру, которую по правилам нельзя заказывать",
  "пошел не в свою очередь, первый ход был не его",
  "на распасах вышел не тот кто должен",
  "на висте у одного оказалось карт меньше чем надо",
  "сыграли невозможную игру, десятерную без козырей при таком раскладе",
  "повторный фальшренонс, уже второй раз за вечер",
  "вистующий на игре не дал козыря, хотя он был",
  "ходил со своей руки вместо болвана в открытую",
  "заглянул в снос разыгрывающего при заказе",
  "раздающий уронил колоду и все перемешалось",
  "сдатчик дал последнему игроку одну лишнюю карту",
  "при съеме перевернулась нижняя карта",
];

const NUMBERS: readonly string[] = [
  "10.4.6",
  "что в 10.1.2?",
  "пункт 4.5 у Зинина",
  "зинин 1.10",
  "фспр 10.4.20",
  "покажи 10.3.2",
  "10.4.1",
  "правило 2.4 Зинина",
];

const OFF_TOPIC: readonly string[] = [
  "привет",
  "как дела у всех",
  "какая завтра погода в Москве",
  "🙂🙂🙂",
  "кто выиграл в покер вчера",
  "сколько стоит пицца",
  "спасибо, ты лучший",
  "asdf qwer zxcv",
  "в шахматах можно ли рокировку после шаха",
  "ok",
];

const PREFIXES = ["", "", "короче ", "вопрос к судье: ", "ребята, ", "срочно! ", "слушай, "];
const SUFFIXES = ["", "", " что делать?", " какой штраф", " пересдача?", " кто прав", " ???"];

/** One typo the way thumbs make them: a swapped, dropped or doubled letter. */
function typo(text: string, r: () => number): string {
  if (text.length < 4) return text;
  const i = 1 + Math.floor(r() * (text.length - 2));
  switch (Math.floor(r() * 3)) {
    case 0:
      return text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
    case 1:
      return text.slice(0, i) + text.slice(i + 1);
    default:
      return text.slice(0, i) + text[i] + text.slice(i);
  }
}

function variant(text: string, r: () => number): string {
  let t = text;
  if (r() < 0.5) t = t.toLowerCase();
  if (r() < 0.4) t = t.replace(/[.,!?:;]/g, "");
  if (r() < 0.5) t = t.replace(/ё/g, "е");
  const typos = Math.floor(r() * 3);
  for (let k = 0; k < typos; k++) t = typo(t, r);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  return `${pick(PREFIXES)}${t}${pick(SUFFIXES)}`.trim();
}

export interface BenchInputs {
  readonly texts: readonly string[];
  readonly kinds: { readonly incidents: number; readonly numbers: number; readonly offTopic: number };
}

/** `count` texts: about 80% incidents, 10% clause numbers, 10% off-topic, all varied. */
export function benchInputs(count: number, seed = 42): BenchInputs {
  // mulberry32, so every run benchmarks the same texts
  const r = seededRandom(seed);
  const texts: string[] = [];
  const kinds = { incidents: 0, numbers: 0, offTopic: 0 };
  for (let i = 0; i < count; i++) {
    const roll = r();
    if (roll < 0.8) {
      texts.push(variant(INCIDENTS[Math.floor(r() * INCIDENTS.length)]!, r));
      kinds.incidents++;
    } else if (roll < 0.9) {
      texts.push(NUMBERS[Math.floor(r() * NUMBERS.length)]!);
      kinds.numbers++;
    } else {
      texts.push(OFF_TOPIC[Math.floor(r() * OFF_TOPIC.length)]!);
      kinds.offTopic++;
    }
  }
  return { texts, kinds };
}

/** The base incident texts, for the pipeline benchmark and the load test's dialogs. */
export const BASE_INCIDENTS = INCIDENTS;
export const BASE_NUMBERS = NUMBERS;
export const BASE_OFF_TOPIC = OFF_TOPIC;
