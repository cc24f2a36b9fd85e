/** Browsing the codes: documents → sections → clauses, as buttons. */
import type { Clause, DocId, Knowledge } from "../knowledge/types.js";
import type { Ruleset } from "../search/types.js";
import { button, type Token } from "./buttons.js";
import { T } from "./texts.js";
import type { Button, Reply } from "./types.js";

export const LABEL_MAX = 60;

export function clip(label: string, max = LABEL_MAX): string {
  return label.length <= max ? label : `${label.slice(0, max - 1).trimEnd()}…`;
}

export interface Section {
  readonly doc: DocId;
  readonly number: string;
  readonly title: string;
  readonly clauses: readonly Clause[];
}

export function sections(k: Knowledge, doc: DocId): Section[] {
  const out = new Map<string, Section & { clauses: Clause[] }>();
  for (const c of k.clauses) {
    if (c.document !== doc) continue;
    const s = out.get(c.section.number) ?? { doc, number: c.section.number, title: c.section.title, clauses: [] };
    s.clauses.push(c);
    out.set(c.section.number, s);
  }
  return [...out.values()];
}

function docs(k: Knowledge, ruleset: Ruleset): DocId[] {
  return [...k.documents.keys()].filter((d) => ruleset === "both" || d === ruleset);
}

export function sectionButtons(k: Knowledge, token: Token, ruleset: Ruleset): Button[][] {
  const rows: Button[][] = [];
  for (const doc of docs(k, ruleset)) {
    const short = k.documents.get(doc)?.short ?? doc;
    for (const s of sections(k, doc)) rows.push([button(token, clip(`${short}: ${s.number} ${s.title}`), "l", doc, s.number)]);
  }
  return rows;
}

/** `l`, `l:<doc>`, `l:<doc>:<section>`: null when the arguments name nothing. */
export function listReply(k: Knowledge, token: Token, ruleset: Ruleset, args: readonly string[]): Reply | null {
  const [doc, section] = args;
  const ds = docs(k, ruleset);
  if (doc === undefined) {
    if (ds.length === 1) return listReply(k, token, ruleset, [ds[0]!]);
    return {
      text: T.listDocs,
      buttons: [...k.documents.values()].filter((d) => ds.includes(d.id)).map((d) => [button(token, clip(d.short), "l", d.id)]),
      citations: [],
    };
  }
  const document = k.documents.get(doc as DocId);
  if (!document) return null;
  const secs = sections(k, document.id);
  if (section === undefined) {
    const rows = secs.map((s) => [button(token, clip(`${s.number} ${s.title}`), "l", document.id, s.number)]);
    if (ds.length > 1) rows.push([button(token, T.toDocuments, "l")]);
    return { text: `${document.title}. Разделы:`, buttons: rows, citations: [] };
  }
  const s = secs.find((x) => x.number === section);
  if (!s) return null;
  const rows = s.clauses.map((c) => [button(token, clip(`${c.number} ${c.title}`), "k", c.id)]);
  rows.push([button(token, T.toSections, "l", document.id)]);
  return { text: `${document.short}, ${s.number} «${s.title}»:`, buttons: rows, citations: [] };
}
