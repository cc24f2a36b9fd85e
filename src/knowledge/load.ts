/**
 * Loads and validates all of `knowledge/` at start-up. Any fault stops the program with one
 * message naming the file, the clause and the field, so a judge can find and fix it.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { load as parseYaml } from "js-yaml";
import type { z } from "zod";
import {
  ClauseSchema,
  ConventionsFileSchema,
  DocumentsFileSchema,
  FactsFileSchema,
  FrequentFileSchema,
  SectionFileSchema,
  type ClauseData,
  type ConflictNote,
  type Convention,
  type DocId,
  type Document,
  type Fact,
  type Link,
} from "./schema.js";
import { LexiconFileSchema, type LexiconFile } from "./lexicon-schema.js";
import { RankerFileSchema, type LoadedRanker } from "./ranker-schema.js";
import type { Clause, Knowledge } from "./types.js";
import { decodeWeights } from "./weights.js";

export const DEFAULT_KNOWLEDGE_DIR = resolve(fileURLToPath(new URL("../../knowledge", import.meta.url)));

export class KnowledgeError extends Error {
  override name = "KnowledgeError";
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), "");
}

/**
 * Each schema runs once per start-up: zod's per-object code generation (its JIT) costs more than
 * it saves on one pass, so it is off for these calls only (other code keeps it for repeated parses).
 */
const ONE_PASS = { jitless: true } as const;

function validate<S extends z.ZodType>(schema: S, data: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(data, ONE_PASS);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue ? formatPath(issue.path) : "";
  throw new KnowledgeError(`${where}${field ? `, field ${field}` : ""}: ${issue?.message ?? "invalid"}`);
}

function readYaml(file: string, label: string): unknown {
  let source: string;
  try {
    source = readFileSync(file, "utf8");
  } catch {
    throw new KnowledgeError(`${label}: cannot read the file`);
  }
  try {
    // js-yaml: YAML 1.2 core schema, duplicate keys are an error.
    return parseYaml(source, { filename: label });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new KnowledgeError(`${label}: not valid YAML: ${reason}`);
  }
}

function compareNumbers(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** { fact: value } as { fact: [value] }, so one check reads `tells` and `implies` alike. */
function wrapValues(told: Readonly<Record<string, string>>): Record<string, readonly string[]> {
  return Object.fromEntries(Object.entries(told).map(([f, v]) => [f, [v]]));
}

/**
 * What is wrong with the facts a `when` names, or null: each fact and each of its values must be
 * knowledge/facts.yaml's (a case's, a reading's, a link's, a yield's).
 */
function whenIssue(facts: ReadonlyMap<string, Fact>, when: Readonly<Record<string, readonly string[]>> | undefined): string | null {
  for (const [factId, values] of Object.entries(when ?? {})) {
    const fact = facts.get(factId);
    if (!fact) return `${factId}: no such fact in knowledge/facts.yaml`;
    const bad = values.find((v) => !(v in fact.values));
    if (bad !== undefined) return `${factId}: value "${bad}" is not defined for fact ${factId} in knowledge/facts.yaml`;
  }
  return null;
}

function checkClause(clause: ClauseData, doc: DocId, section: string, facts: ReadonlyMap<string, Fact>, where: string): void {
  const fail = (msg: string): never => {
    throw new KnowledgeError(`${where}: ${msg}`);
  };
  if (clause.id !== `${doc}-${clause.number}`) fail(`field id: "${clause.id}" does not match document ${doc} and number ${clause.number}`);
  if (!clause.number.startsWith(`${section}.`)) fail(`field number: ${clause.number} is not in section ${section}`);
  if (doc === "zinin" && !clause.cells) fail("field cells: a row of the club table needs its penalty cells");
  if (doc !== "zinin" && clause.cells) fail("field cells: only rows of the club table have cells");
  if (clause.cells) {
    const roles = clause.cells.flatMap((c) => c.roles);
    // a row broken off after the играющий's cell (Зинин 4.7) has no вистующий cell: the table is silent for him
    for (const role of ["dealer", "declarer", "defender"] as const) {
      const n = roles.filter((r) => r === role).length;
      if (n > 1 || (n === 0 && role !== "defender")) fail(`field cells: role ${role} must be covered by exactly one cell`);
    }
  }
  const checkWhen = (field: string, when: Readonly<Record<string, readonly string[]>>): void => {
    const issue = whenIssue(facts, when);
    if (issue) fail(`field ${field}.when.${issue}`);
  };
  const caseIds = new Set<string>();
  clause.cases.forEach((c, i) => {
    if (caseIds.has(c.id)) fail(`field cases[${i}].id: case "${c.id}" appears twice`);
    caseIds.add(c.id);
    checkWhen(`cases[${i}]`, c.when);
    if (c.unless_told) checkWhen(`cases[${i}].unless_told`, c.unless_told);
  });
  clause.readings.forEach((r, i) => {
    checkWhen(`readings[${i}]`, r.when);
    if (r.unless) checkWhen(`readings[${i}].unless`, r.unless);
  });
  clause.conflicts.forEach((n, i) => {
    if (n.when) checkWhen(`conflicts[${i}]`, n.when);
    if (n.told) checkWhen(`conflicts[${i}].told`, n.told);
  });
  for (const factId of Object.keys(clause.fact_names ?? {})) {
    if (!facts.has(factId)) fail(`field fact_names.${factId}: no such fact in knowledge/facts.yaml`);
  }
  for (const factId of clause.ask_first ?? []) {
    if (!clause.cases.some((c) => factId in c.when)) fail(`field ask_first: no case of the clause names fact "${factId}"`);
  }
  for (const [factId, values] of Object.entries(clause.offers ?? {})) {
    const fact = facts.get(factId);
    if (!fact) fail(`field offers.${factId}: no such fact in knowledge/facts.yaml`);
    for (const value of values) {
      if (fact && !(value in fact.values)) fail(`field offers.${factId}: "${value}" is not a value of ${factId}`);
      if (!clause.cases.some((c) => c.when[factId]?.includes(value))) fail(`field offers.${factId}: no case of the clause names "${value}"`);
    }
  }
  for (const [factId, value] of Object.entries(clause.assumes ?? {})) {
    const fact = facts.get(factId);
    if (!fact) fail(`field assumes.${factId}: no such fact in knowledge/facts.yaml`);
    else if (!(value in fact.values)) fail(`field assumes.${factId}: "${value}" is not a value of ${factId}`);
    else if (!clause.cases.some((c) => c.when[factId]?.includes(value))) fail(`field assumes.${factId}: no case of the clause names "${value}"`);
  }
  for (const factId of Object.keys(clause.questions ?? {})) {
    if (!facts.has(factId)) fail(`field questions.${factId}: no such fact in knowledge/facts.yaml`);
  }
}

/** A group's name as the search code writes it: lower case, ё as е, no pattern marks. */
const groupName = (word: string): string => word.replace(/[*=]/g, "").toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim();

/** Every concept the search code reads by name is the first word of a synonym group. */
function checkLexiconRoles(lexicon: LexiconFile, where: string): void {
  const groups = new Set(lexicon.synonyms.map((g) => groupName(g[0]!)));
  const { roles } = lexicon;
  const named: [string, string][] = [
    ...roles.objects.map((c, i): [string, string] => [`roles.objects[${i}]`, c]),
    ...Object.entries(roles.offenders).map(([k, c]): [string, string] => [`roles.offenders.${k}`, c]),
    ...roles.signals.bid.map((c, i): [string, string] => [`roles.signals.bid[${i}]`, c]),
    ...roles.signals.leveled.map((c, i): [string, string] => [`roles.signals.leveled[${i}]`, c]),
    ["roles.signals.non_normative", roles.signals.non_normative],
    ["roles.signals.against_rules", roles.signals.against_rules],
    ["roles.signals.suit_held", roles.signals.suit_held],
  ];
  for (const [field, concept] of named) {
    if (!groups.has(groupName(concept)))
      throw new KnowledgeError(`${where}, field ${field}: «${concept}» is the first word of no group in synonyms`);
  }
}

export const RANKER_FILE = "ranker.json";
/** classes of the fitted ranking that are kinds of message, not clauses */
const MESSAGE_KINDS = new Set(["not_an_irregularity", "off_topic"]);

/** The fitted ranking weights, when `npm run train` has written them; every class a clause or a kind of message. */
function loadRanker(file: string, label: (f: string) => string, byId: ReadonlyMap<string, Clause>): LoadedRanker | undefined {
  if (!existsSync(file)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new KnowledgeError(`${label(file)}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const ranker = validate(RankerFileSchema, data, label(file));
  ranker.classes.forEach((c, i) => {
    if (!byId.has(c) && !MESSAGE_KINDS.has(c)) throw new KnowledgeError(`${label(file)}, field classes[${i}]: "${c}" is no clause and no kind of message`);
  });
  const unnamed = ranker.features.indexOf("");
  if (unnamed >= 0) throw new KnowledgeError(`${label(file)}, field features[${unnamed}]: a feature needs a name`);
  for (const kind of MESSAGE_KINDS)
    if (!ranker.classes.includes(kind)) throw new KnowledgeError(`${label(file)}, field classes: "${kind}" is missing`);
  const weights = decodeWeights(ranker.weights);
  if (weights.length !== ranker.features.length * ranker.classes.length)
    throw new KnowledgeError(
      `${label(file)}, field weights: ${weights.length} bytes for ${ranker.features.length} features × ${ranker.classes.length} classes`,
    );
  return { ...ranker, weights };
}

/** Reads, validates and cross-checks `knowledge/`; throws KnowledgeError on the first fault. */
export function loadKnowledge(dir: string = DEFAULT_KNOWLEDGE_DIR, options: { readonly ranker?: boolean } = {}): Knowledge {
  const label = (file: string): string => relative(process.cwd(), file) || file;

  const docFile = join(dir, "documents.yaml");
  const documents = new Map<DocId, Document>(
    validate(DocumentsFileSchema, readYaml(docFile, label(docFile)), label(docFile)).map((d) => [d.id, d]),
  );

  for (const [id, doc] of documents) {
    // the text the bot cites ships with it: a judge can read it, the fidelity tests compare with it
    if (!existsSync(join(dir, doc.source)))
      throw new KnowledgeError(`${label(docFile)}: document ${id}, field source: no file ${doc.source} in ${label(dir)}`);
  }

  const factFile = join(dir, "facts.yaml");
  const facts = new Map<string, Fact>(Object.entries(validate(FactsFileSchema, readYaml(factFile, label(factFile)), label(factFile))));

  for (const [factId, fact] of facts) {
    // implies (values another fact may take), yields_to (values that outweigh it) and tells (the value it takes): value -> other -> values
    const consequences = [
      ["implies", fact.implies ?? {}],
      ["yields_to", fact.yields_to ?? {}],
      ["yields_to_later", fact.yields_to_later ?? {}],
      ["tells", Object.fromEntries(Object.entries(fact.tells ?? {}).map(([v, told]) => [v, wrapValues(told)]))],
    ] as const;
    for (const [field, byValue] of consequences) {
      for (const [value, then] of Object.entries(byValue)) {
        const at = `${label(factFile)}, fact ${factId}, field ${field}.${value}`;
        if (!(value in fact.values)) throw new KnowledgeError(`${at}: "${value}" is not a value of ${factId}`);
        for (const [other, values] of Object.entries(then)) {
          const def = facts.get(other);
          if (!def) throw new KnowledgeError(`${at}.${other}: no such fact`);
          const bad = values.find((v) => !(v in def.values));
          if (bad) throw new KnowledgeError(`${at}.${other}: "${bad}" is not a value of ${other}`);
        }
      }
    }
    const whiles = [
      ["unknown_while", fact.unknown_while],
      ["no_bidding_while", fact.no_bidding_while],
    ] as const;
    for (const [field, other, values] of whiles.flatMap(([f, w]) => Object.entries(w ?? {}).map(([o, v]) => [f, o, v] as const))) {
      const at = `${label(factFile)}, fact ${factId}, field ${field}.${other}`;
      const def = facts.get(other);
      if (!def) throw new KnowledgeError(`${at}: no such fact`);
      const bad = values.find((v) => !(v in def.values));
      if (bad) throw new KnowledgeError(`${at}: "${bad}" is not a value of ${other}`);
    }
    const beyond = fact.furthest?.find((v) => !(v in fact.values));
    if (beyond) throw new KnowledgeError(`${label(factFile)}, fact ${factId}, field furthest: "${beyond}" is not a value of ${factId}`);
    for (const [narrow, wider] of Object.entries(fact.refines ?? {})) {
      const stray = [narrow, ...wider].find((v) => !(v in fact.values));
      if (stray) throw new KnowledgeError(`${label(factFile)}, fact ${factId}, field refines: "${stray}" is not a value of ${factId}`);
    }
    const unnamed = fact.only_when_named?.find((v) => !(v in fact.values));
    if (unnamed) throw new KnowledgeError(`${label(factFile)}, fact ${factId}, field only_when_named: "${unnamed}" is not a value of ${factId}`);
    if (fact.misread !== undefined && !(fact.misread in fact.values))
      throw new KnowledgeError(`${label(factFile)}, fact ${factId}, field misread: "${fact.misread}" is not a value of ${factId}`);
    const assumed = fact.assumed_unless_told;
    if (assumed !== undefined && !(assumed in fact.values))
      throw new KnowledgeError(`${label(factFile)}, fact ${factId}, field assumed_unless_told: "${assumed}" is not a value of ${factId}`);
  }

  const lexFile = join(dir, "lexicon.yaml");
  const lexicon = validate(LexiconFileSchema, readYaml(lexFile, label(lexFile)), label(lexFile));
  checkLexiconRoles(lexicon, label(lexFile));

  const clauseDir = join(dir, "clauses");
  let files: string[];
  try {
    files = readdirSync(clauseDir)
      .filter((f) => f.endsWith(".yaml"))
      .sort();
  } catch {
    throw new KnowledgeError(`${label(clauseDir)}: cannot read the folder of clauses`);
  }

  const convFile = join(dir, "conventions.yaml");
  const convData = validate(ConventionsFileSchema, readYaml(convFile, label(convFile)), label(convFile));
  const conventions = new Map<string, Convention>(Object.entries(convData.conventions));
  if (!conventions.has(convData.default))
    throw new KnowledgeError(`${label(convFile)}, field default: "${convData.default}" is not one of the conventions`);
  const levels = facts.get("level")?.values ?? {};
  for (const [id, conv] of conventions) {
    const bad = Object.keys(conv.prices ?? {}).find((level) => !(level in levels));
    if (bad) throw new KnowledgeError(`${label(convFile)}, convention ${id}, field prices.${bad}: not a value of fact level`);
  }

  type Draft = Omit<Clause, "links" | "bearings" | "conflicts"> & { links: string[]; bearings: Link[]; conflicts: ConflictNote[] };
  const drafts = new Map<string, Draft>();
  for (const name of files) {
    const file = join(clauseDir, name);
    const where = label(file);
    const section = validate(SectionFileSchema, readYaml(file, where), where);
    if (!documents.has(section.document))
      throw new KnowledgeError(`${where}, field document: "${section.document}" is not in knowledge/documents.yaml`);
    section.clauses.forEach((raw, i) => {
      const rawId = typeof raw === "object" && raw !== null && "id" in raw ? String((raw).id) : `#${i + 1}`;
      const at = `${where}: clause ${rawId}`;
      const data = validate(ClauseSchema, raw, at);
      checkClause(data, section.document, section.section, facts, at);
      if (drafts.has(data.id)) throw new KnowledgeError(`${at}: the id is already used in ${drafts.get(data.id)!.file}`);
      drafts.set(data.id, {
        ...data,
        document: section.document,
        section: { number: section.section, title: section.title },
        file: where,
        links: [...new Set(data.links.map((l) => l.with))],
        bearings: data.links.map((l) => ({ ...l })),
        conflicts: data.conflicts.map((c) => ({ ...c })),
      });
    });
  }

  // A silent case's `see` names a clause of the same document.
  for (const d of drafts.values())
    for (const c of d.cases)
      for (const id of c.see ?? []) {
        const other = drafts.get(id);
        if (!other || other.document !== d.document)
          throw new KnowledgeError(`${d.file}: clause ${d.id}, case ${c.id}, field see: ${id} is no clause of the same document`);
      }

  // Links and conflicts are stated once and hold both ways; a target must exist.
  const statedLinks = [...drafts.values()].map((d) => [d, [...d.bearings]] as const);
  const linked = new Set(statedLinks.flatMap(([d, links]) => links.map((l) => `${d.id}>${l.with}`)));
  const scoped = (l: Link): boolean => l.cases !== undefined || l.with_cases !== undefined || l.when !== undefined || l.told !== undefined;
  for (const [draft, links] of statedLinks) {
    links.forEach((link, i) => {
      const target = link.with;
      const other = drafts.get(target);
      if (!other) throw new KnowledgeError(`${draft.file}: clause ${draft.id}, field links: ${target} does not exist`);
      if (target === draft.id) throw new KnowledgeError(`${draft.file}: clause ${draft.id}, field links: a clause cannot link to itself`);
      const where = `${draft.file}: clause ${draft.id}, field links[${i}] (with ${target})`;
      const badOwn = link.cases?.find((id) => !draft.cases.some((c) => c.id === id));
      if (badOwn) throw new KnowledgeError(`${where}.cases: no case ${badOwn} in ${draft.id}`);
      const badOther = link.with_cases?.find((id) => !other.cases.some((c) => c.id === id));
      if (badOther) throw new KnowledgeError(`${where}.with_cases: no case ${badOther} in ${other.id}`);
      for (const [field, when] of [["when", link.when], ["told", link.told]] as const) {
        const issue = whenIssue(facts, when);
        if (issue) throw new KnowledgeError(`${where}.${field}.${issue}`);
      }
      if (!other.links.includes(draft.id)) other.links.push(draft.id);
      if (linked.has(`${other.id}>${draft.id}`)) {
        // stated on both sides: two bare ids say the same; two scopes could say different things
        if (scoped(link) || other.bearings.some((l) => l.with === draft.id && scoped(l)))
          throw new KnowledgeError(`${where}: the link is also stated in ${other.file} (clause ${other.id}); a link with cases or when is stated on one side only`);
        return;
      }
      const mirrored: Link = { with: draft.id };
      if (link.with_cases) mirrored.cases = link.with_cases;
      if (link.cases) mirrored.with_cases = link.cases;
      if (link.when) mirrored.when = link.when;
      if (link.told) mirrored.told = link.told;
      other.bearings.push(mirrored);
    });
  }
  // A clause yields only to another clause of its own document, for cases it has.
  for (const draft of drafts.values()) {
    draft.yields.forEach((y, i) => {
      const where = `${draft.file}: clause ${draft.id}, field yields[${i}]`;
      const other = drafts.get(y.to);
      if (!other) throw new KnowledgeError(`${where}.to: ${y.to} does not exist`);
      if (other.id === draft.id || other.document !== draft.document)
        throw new KnowledgeError(`${where}.to: ${y.to} is not another clause of the same document`);
      const bad = y.cases.find((id) => !draft.cases.some((c) => c.id === id));
      if (bad) throw new KnowledgeError(`${where}.cases: no case ${bad} in ${draft.id}`);
      const issue = whenIssue(facts, y.when);
      if (issue) throw new KnowledgeError(`${where}.when.${issue}`);
      const tellsIssue = whenIssue(facts, wrapValues(y.tells ?? {}));
      if (tellsIssue) throw new KnowledgeError(`${where}.tells.${tellsIssue}`);
    });
  }
  // A pair stated on both sides keeps each side's own notes; one stated once is mirrored note by note.
  const stated = new Set([...drafts.values()].flatMap((d) => d.conflicts.map((c) => `${d.id}>${c.with}`)));
  for (const draft of drafts.values()) {
    for (const conflict of [...draft.conflicts]) {
      const other = drafts.get(conflict.with);
      if (!other) throw new KnowledgeError(`${draft.file}: clause ${draft.id}, field conflicts: ${conflict.with} does not exist`);
      if (conflict.with === draft.id)
        throw new KnowledgeError(`${draft.file}: clause ${draft.id}, field conflicts: a clause cannot conflict with itself`);
      const where = `${draft.file}: clause ${draft.id}, field conflicts (with ${conflict.with})`;
      const badOwn = conflict.cases?.find((id) => !draft.cases.some((c) => c.id === id));
      if (badOwn) throw new KnowledgeError(`${where}.cases: no case ${badOwn} in ${draft.id}`);
      const badOther = conflict.with_cases?.find((id) => !other.cases.some((c) => c.id === id));
      if (badOther) throw new KnowledgeError(`${where}.with_cases: no case ${badOther} in ${other.id}`);
      if (!stated.has(`${other.id}>${draft.id}`)) {
        const mirrored: ConflictNote = { with: draft.id, note: conflict.note };
        if (conflict.with_cases) mirrored.cases = conflict.with_cases;
        if (conflict.cases) mirrored.with_cases = conflict.cases;
        // the facts it bears under, told in the message, are the case's on either side (audit AM: 10.1.3 and 10.4.2)
        if (conflict.told) mirrored.told = conflict.told;
        other.conflicts.push(mirrored);
      }
    }
  }

  const docOrder = [...documents.keys()];
  const clauses: Clause[] = [...drafts.values()]
    .sort((a, b) => docOrder.indexOf(a.document) - docOrder.indexOf(b.document) || compareNumbers(a.number, b.number))
    .map((d) => Object.freeze(d));
  const byId = new Map(clauses.map((c) => [c.id, c]));
  const frequentFile = join(dir, "frequent.yaml");
  const frequent = existsSync(frequentFile)
    ? validate(FrequentFileSchema, readYaml(frequentFile, label(frequentFile)), label(frequentFile))
    : [];
  const missing = frequent.find((id) => !byId.has(id));
  if (missing) throw new KnowledgeError(`${label(frequentFile)}: clause ${missing} does not exist`);
  // the trainer reads knowledge without the weights it is about to replace
  const ranker = options.ranker === false ? undefined : loadRanker(join(dir, RANKER_FILE), label, byId);
  return Object.freeze({
    documents,
    facts,
    clauses: Object.freeze(clauses),
    byId,
    lexicon,
    frequent: Object.freeze(frequent),
    conventions,
    defaultConvention: convData.default,
    ...(ranker ? { ranker } : {}),
  });
}
