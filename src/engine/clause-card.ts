/**
 * A clause as the judge shows it (bot, console, `cli show`): title, document and number, text,
 * cases, links, conflicts and gaps. Plain text; adapters format it.
 */
import type { Clause, Knowledge } from "../knowledge/types.js";
import { inRuleset, type Ruleset } from "../search/types.js";
import { fixedFacts } from "./cases.js";
import type { Reply } from "./types.js";

const DOC_LABEL: Record<Clause["document"], string> = { fspr: "ФСПР", zinin: "Зинин" };

/** «ФСПР 10.4.6 «Фальшренонс …»» — how a citation reads everywhere. */
export function clauseLabel(clause: Clause): string {
  return `${DOC_LABEL[clause.document]} ${clause.number} «${clause.title}»`;
}

/** «ФСПР 10.1.1», «Зинин 4.5» — the clause as a ruling's last words cite it. */
export function clauseShort(clause: Clause): string {
  return `${DOC_LABEL[clause.document]} ${clause.number}`;
}

/** «Разыгрывающий» -> «разыгрывающий», for a label inside a sentence. */
export function lowerFirst(text: string): string {
  return text ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** A fact's values as a condition says them: «Разыгрывающий (играющий)» -> «разыгрывающий», the button's gloss not needed. */
export function conditionLabels(k: Knowledge, fact: string, values: readonly string[]): string[] {
  const def = k.facts.get(fact);
  return values.map((v) => lowerFirst(def?.values[v] ?? v).replace(/\s*\([^)]*\)$/, ""));
}

/**
 * «Позже, в ходе розыгрыша; вистующий»: a case's open conditions, by the answers' own labels;
 * a bare «Да» / «Нет» goes with its question.
 */
export function describeConditions(k: Knowledge, clause: Clause, when: Readonly<Record<string, readonly string[]>>): string {
  const text = Object.entries(when)
    .map(([fact, values]) => {
      const def = k.facts.get(fact);
      const labels = conditionLabels(k, fact, values);
      if (!values.some((v) => v === "yes" || v === "no")) return labels.join(" или ");
      const q = def?.name ?? (clause.questions?.[fact] ?? def?.question ?? fact).replace(/\?\s*$/, "");
      return `${lowerFirst(q)} — ${labels.join(" или ")}`;
    })
    .join("; ");
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/**
 * The conditions of a case in words: «Разыгрывающий; распасы — нет». Empty when it always applies.
 * A fact every case of the clause fixes (the row's own matter: 1.10 is the прикуп seen by chance) is
 * the clause itself, not a condition of one of its cases.
 */
export function describeWhen(k: Knowledge, clause: Clause, when: Readonly<Record<string, readonly string[]>>): string {
  const fixed = fixedFacts(clause, k);
  return describeConditions(k, clause, Object.fromEntries(Object.entries(when).filter(([fact]) => !(fact in fixed))));
}

/**
 * The clause card in two parts: what a player reads (the clause's words as the document has them)
 * and the rest, which adapters fold: what each case has the players do (the words are above, so a
 * case is not quoted again), the other document, differences, what the document does not say.
 */
function clauseCardParts(k: Knowledge, clause: Clause, ruleset: Ruleset): { text: string; details: string } {
  const doc = k.documents.get(clause.document);
  const lines: string[] = [clauseLabel(clause), doc ? `${doc.title} (${doc.edition})` : clause.document];
  lines.push(`Раздел ${clause.section.number} «${clause.section.title}»`, "");
  lines.push(clause.text.trim() ? clause.text.trim() : "(в документе текста нет)");

  const cases = clause.cases.map((c) => {
    const cond = describeWhen(k, clause, c.when);
    const says = c.silent ? (c.open_as ? c.silent : `${c.silent} (документ здесь молчит)`) : (c.do ?? [`«${c.quote}»`]).join(" ");
    return `• ${cond ? `${cond}: ` : ""}${says}`;
  });
  const more: string[] = [];
  if (cases.length) more.push(["Решения:", ...cases].join("\n"));
  const links = clause.links.map((id) => k.byId.get(id)).filter((c): c is Clause => !!c && inRuleset(c, ruleset));
  if (links.length) more.push(`См. также: ${links.map(clauseLabel).join("; ")}`);

  const conflicts = clause.conflicts.filter((c) => {
    const other = k.byId.get(c.with);
    return other && inRuleset(other, ruleset);
  });
  for (const c of conflicts) more.push(`Расхождение с ${clauseLabel(k.byId.get(c.with)!)}: ${c.note}`);

  for (const gap of [...clause.gaps, ...clause.case_gaps.map((g) => g.gap)]) more.push(`Чего нет в документе: ${gap}`);
  return { text: lines.join("\n"), details: more.join("\n\n") };
}

/** The whole card as one text (`cli show`). */
export function clauseCardText(k: Knowledge, clause: Clause, ruleset: Ruleset = "both"): string {
  const { text, details } = clauseCardParts(k, clause, ruleset);
  return details ? `${text}\n\n${details}` : text;
}

/** The clause card as a reply; the dialog adds its own buttons. */
export function renderClauseCard(k: Knowledge, clause: Clause, ruleset: Ruleset = "both"): Reply {
  const { text, details } = clauseCardParts(k, clause, ruleset);
  return { text, ...(details ? { details } : {}), buttons: [], citations: [clause.id], share: clause.id };
}
