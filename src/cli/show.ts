/**
 * `cli show <query>`: a clause by number, printed as the bot shows it. An unknown number exits
 * with code 1 and names the numbers that exist near it.
 */
import { clauseCardText, clauseLabel } from "../engine/index.js";
import { lookupClause } from "../knowledge/lookup.js";
import type { Knowledge } from "../knowledge/types.js";

export async function runShow(k: Knowledge, args: readonly string[]): Promise<number> {
  const query = args.join(" ").trim();
  if (!query) {
    process.stderr.write("Укажите номер пункта: например, 10.4.6, «Зинин 4.5» или fspr-10.4.6.\n");
    return 1;
  }
  const result = lookupClause(k, query);
  if (!result) {
    process.stderr.write(`В «${query}» нет номера пункта. Пример: 10.4.6, «Зинин 4.5», fspr-10.4.6.\n`);
    return 1;
  }
  if (result.kind === "unknown") {
    const doc = result.ref.doc === "zinin" ? "в таблице Зинина" : result.ref.doc === "fspr" ? "в кодексе ФСПР" : "";
    const near = result.near.length ? ` Рядом есть: ${result.near.map(clauseLabel).join("; ")}.` : "";
    process.stderr.write(`Пункта ${result.ref.number} ${doc} нет.${near}\n`.replace("  ", " "));
    return 1;
  }
  // The judge who corrects a rule needs to know where it lives.
  process.stdout.write(`${clauseCardText(k, result.clause)}\n\nФайл: ${result.clause.file}\n`);
  return 0;
}
