/**
 * A ruling's action lines are the clause's own: every ruled case says what to do in its `do`
 * lines (no generic template writes them), and a duty, a destination or a measure a line names
 * must be in the words the case quotes — Zinin's «настольная» card is not FSPR's «сыграть при
 * первой возможности», «2 очка» is not «2 в гору», «может» stays «может».
 */
import { describe, expect, it } from "vitest";
import { loadKnowledge } from "../../src/knowledge/load.js";

const k = loadKnowledge();

/** Lower case, ё→е, quotes dropped. */
const norm = (s: string): string =>
  s
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/["«»]/g, "")
    .replace(/\s+/g, " ");

/** What a line says -> what the quote must then say. */
const BACKED: readonly [said: RegExp, quoted: RegExp][] = [
  [/первой возможности|как только будет возможность/, /первой возможности|как только предоставится возможность/],
  [/в гору|на гору/, /в гору|на гору/],
  [/вистами|висты/, /вист/],
  [/пересда|сдаются заново|пересдает/, /пересда|сдаются заново/],
  [/ремиз/, /ремиз/],
  [/замечани/, /замечани/],
  [/предупреждени/, /предупреждени/],
  [/ тб|баллов/, / тб|балл/],
  [/дисквалифиц/, /дисквалифиц/],
  [/(?<![а-я])(может|могут|вправе|возможна)(?![а-я])/, /(?<![а-я])(может|могут|вправе|возможн[а-я]*|по решению)(?![а-я])/],
  [/наказания нет|без наказания|не наказывается|штраф не накладывается/, /наказания нет|нет наказания|без наказания|не наказывается|не накладывается|^-$/],
  [/открыт/, /открыт/],
  [/настольн/, /настольн/],
];

describe("every ruled case has its own action lines, backed by its quote", () => {
  for (const clause of k.clauses) {
    it(clause.id, () => {
      for (const kase of clause.cases) {
        if (kase.silent) continue;
        expect(kase.do, `${clause.id}/${kase.id}: do lines`).toBeDefined();
        const quote = norm(kase.quote!);
        // the lines a case states; a «-» cell of the club table says only that it has no penalty
        for (const line of kase.do!.map(norm)) {
          for (const [said, quoted] of BACKED) {
            if (kase.quote === "-" && /наказания нет/.test(line)) continue;
            if (said.test(line)) expect(quote, `${clause.id}/${kase.id}: «${line}» needs ${String(quoted)}`).toMatch(quoted);
          }
        }
      }
    });
  }
});
