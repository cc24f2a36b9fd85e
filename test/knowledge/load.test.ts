import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_KNOWLEDGE_DIR, KnowledgeError, loadKnowledge } from "../../src/knowledge/load.js";

const CLAUSE_IDS = readFileSync(join(process.cwd(), "docs/clause-ids.md"), "utf8");
const EXPECTED_IDS = [...CLAUSE_IDS.matchAll(/^\| (fspr-[\d.]+|zinin-[\d.]+) \|/gm)].map((m) => m[1]!);

describe("knowledge/ as shipped", () => {
  const k = loadKnowledge();

  it("holds exactly the 62 clause ids of docs/clause-ids.md", () => {
    expect(EXPECTED_IDS).toHaveLength(62);
    expect(k.clauses.map((c) => c.id).sort()).toEqual([...EXPECTED_IDS].sort());
  });

  it("holds the ranking weights decoded, byte for byte the file's, and not their base64 text", () => {
    const file = JSON.parse(readFileSync(join(DEFAULT_KNOWLEDGE_DIR, "ranker.json"), "utf8")) as { weights: string };
    expect(k.ranker?.weights).toBeInstanceOf(Int8Array);
    expect(Buffer.from(k.ranker!.weights.buffer, k.ranker!.weights.byteOffset, k.ranker!.weights.length).toString("base64")).toBe(file.weights);
    expect(Object.values(k.ranker!).some((v) => typeof v === "string" && v.length > 1000)).toBe(false);
  });

  it("uses only defined facts and values in every case", () => {
    for (const clause of k.clauses) {
      for (const c of clause.cases) {
        for (const [fact, values] of Object.entries(c.when)) {
          const def = k.facts.get(fact);
          expect(def, `${clause.id} case ${c.id}: fact ${fact}`).toBeDefined();
          for (const v of values) expect(Object.keys(def!.values), `${clause.id} case ${c.id}: ${fact}=${v}`).toContain(v);
        }
      }
    }
  });

  it("points every link and conflict at an existing clause, both ways", () => {
    for (const clause of k.clauses) {
      for (const id of clause.links) {
        expect(k.byId.has(id), `${clause.id} -> ${id}`).toBe(true);
        expect(k.byId.get(id)!.links, `${id} links back to ${clause.id}`).toContain(clause.id);
      }
      for (const c of clause.conflicts) {
        expect(k.byId.has(c.with), `${clause.id} conflicts with ${c.with}`).toBe(true);
        expect(k.byId.get(c.with)!.conflicts.map((x) => x.with)).toContain(clause.id);
      }
    }
  });

  it("states the known gaps and self-contradictions of the FSPR section", () => {
    expect(k.byId.get("fspr-10.4.14")!.text).toBe("");
    expect(k.byId.get("fspr-10.4.14")!.gaps.length).toBeGreaterThan(0);
    expect(k.byId.get("fspr-10.4.21")!.gaps.join(" ")).toMatch(/оборван|обрыва/i);
    expect(k.byId.get("fspr-10.4.13")!.case_gaps.map((g) => g.gap).join(" ")).toMatch(/13/);
    const conflictsOf = (id: string) => k.byId.get(id)!.conflicts.map((c) => c.with);
    expect(conflictsOf("fspr-10.4.3")).toContain("fspr-10.4.15");
    expect(conflictsOf("fspr-10.4.4")).toContain("fspr-10.4.16");
    expect(conflictsOf("fspr-10.4.1")).toContain("fspr-10.4.18");
  });

  it("fixes the document's obvious typos in the texts", () => {
    const all = k.clauses.map((c) => c.text).join("\n");
    for (const typo of ["присдаче", "персдача", "горру", "просшедшем", "приэтом"]) expect(all).not.toContain(typo);
  });
});

describe("loadKnowledge on broken data", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** a copy of knowledge/ with one file replaced by `edit` of its text */
  function broken(file: string, edit: (text: string) => string): string {
    dir = mkdtempSync(join(tmpdir(), "knowledge-"));
    cpSync(DEFAULT_KNOWLEDGE_DIR, dir, { recursive: true });
    const path = join(dir, file);
    writeFileSync(path, edit(readFileSync(path, "utf8")));
    return dir;
  }

  function errorOf(path: string): string {
    try {
      loadKnowledge(path);
    } catch (error) {
      expect(error).toBeInstanceOf(KnowledgeError);
      return (error as Error).message;
    }
    throw new Error("loaded without error");
  }

  it("rejects a lexicon whose roles name a concept that is no group's first word, naming the field", () => {
    // renaming the group «масть была» must not silently switch the revoke signal off
    const message = errorOf(broken("lexicon.yaml", (t) => t.replace("  - [масть была, масть была,", "  - [была масть, масть была,")));
    expect(message).toMatch(/lexicon\.yaml, field roles\.signals\.suit_held: «масть была» is the first word of no group in synonyms/);
  });

  it("rejects a value id too long for button data, naming file, fact and value (audit BB: its answer was refused)", () => {
    const message = errorOf(broken("facts.yaml", (t) => t.replace("    not_permitted: Организаторы", "    not_permitted_by_the_organisers: Организаторы")));
    expect(message).toMatch(/facts\.yaml, field substitution\.values\.not_permitted_by_the_organisers: /);
  });

  it("rejects a fact's `tells` naming an unknown value, naming file and field", () => {
    const message = errorOf(broken("facts.yaml", (t) => t.replace('"7": { game: game }', '"7": { game: gaem }')));
    expect(message).toMatch(/facts\.yaml, fact level, field tells\.7\.game: "gaem" is not a value of game/);
  });

  it("rejects a yield to another document's clause, naming file, clause and field", () => {
    const message = errorOf(broken("clauses/fspr-10.4.yaml", (t) => t.replace("      - to: fspr-10.4.20\n", "      - to: zinin-4.2\n")));
    expect(message).toMatch(/fspr-10\.4\.yaml: clause fspr-10\.4\.2, field yields\[0\]\.to: zinin-4\.2 is not another clause of the same document/);
  });

  it("rejects a lexicon without the roles the search code reads", () => {
    const message = errorOf(broken("lexicon.yaml", (t) => t.replace(/\n {2}held: \[.*\]\n/, "\n")));
    expect(message).toMatch(/lexicon\.yaml, field roles\.held/);
  });

  it("rejects fitted weights for a clause that does not exist, naming the field", () => {
    const message = errorOf(broken("ranker.json", (t) => t.replace('"fspr-10.1.1"', '"fspr-10.9.9"')));
    expect(message).toMatch(/ranker\.json, field classes\[0\]: "fspr-10\.9\.9" is no clause/);
  });

  it("rejects fitted weights with a feature of no name, naming the field", () => {
    const message = errorOf(broken("ranker.json", (t) => t.replace(/"features": \[\s*"b",/, '"features": ["b", "",')));
    expect(message).toMatch(/ranker\.json, field features\[1\]: a feature needs a name/);
  });

  it("rejects fitted weights whose matrix does not fit the features and classes", () => {
    const message = errorOf(broken("ranker.json", (t) => t.replace(/"weights": "[A-Za-z0-9+/]{8}/, '"weights": "')));
    expect(message).toMatch(/ranker\.json, field weights: \d+ bytes for \d+ features × \d+ classes/);
  });

  it("rejects a document whose source text is missing, naming the document and the field", () => {
    const message = errorOf(broken("documents.yaml", (t) => t.replace("sources/zinin-2000.txt", "sources/nowhere.txt")));
    expect(message).toMatch(/documents\.yaml: document zinin, field source: no file sources\/nowhere\.txt/);
  });

  it("names the file, the clause and the field of a wrong penalty", () => {
    const message = errorOf(broken("clauses/fspr-10.1.yaml", (t) => t.replace("{ kind: redeal }", "{ kind: redeal, points: two }")));
    expect(message).toMatch(/fspr-10\.1\.yaml/);
    expect(message).toMatch(/clause fspr-10\.1\.1/);
    expect(message).toMatch(/cases\[0\]\.penalties\[0\]/);
  });

  it("rejects a case both told_only and answered_only, naming file, clause and case", () => {
    const message = errorOf(broken("clauses/zinin-1.yaml", (t) => t.replace("        answered_only: true\n", "        answered_only: true\n        told_only: true\n")));
    expect(message).toMatch(/zinin-1\.yaml: clause zinin-1\.3/);
    expect(message).toMatch(/either told_only .* or answered_only/);
  });

  it("rejects a case that uses an undefined fact value", () => {
    const message = errorOf(broken("clauses/zinin-1.yaml", (t) => t.replace("offender: [dealer]", "offender: [croupier]")));
    expect(message).toMatch(/zinin-1\.yaml: clause zinin-1\.1/);
    expect(message).toMatch(/"croupier" is not defined for fact offender/);
  });

  it("names the clause and the field of a fact name for a fact that does not exist", () => {
    const message = errorOf(broken("clauses/zinin-4.yaml", (t) => t.replace("    fact_names:\n      proven_no_tricks:", "    fact_names:\n      proofs:")));
    expect(message).toMatch(/zinin-4\.yaml: clause zinin-4\.2: field fact_names\.proofs: no such fact/);
  });

  it("rejects a link to a clause that does not exist", () => {
    const message = errorOf(broken("clauses/zinin-1.yaml", (t) => t.replace(/links: \[/, "links: [fspr-10.9.9, ")));
    expect(message).toMatch(/field links: fspr-10\.9\.9 does not exist/);
  });

  /** zinin-1.2's one link, to fspr-10.1.2, stated as `to` */
  const relink = (to: string) => (t: string) => t.replace("links: [fspr-10.1.2]", `links: [${to}]`);

  it("names the file, the clause and the field of a link to a case the linked clause does not have", () => {
    const message = errorOf(broken("clauses/zinin-1.yaml", relink("{ with: fspr-10.1.2, with_cases: [nothing] }")));
    expect(message).toMatch(/zinin-1\.yaml: clause zinin-1\.2, field links\[0\] \(with fspr-10\.1\.2\)\.with_cases: no case nothing in fspr-10\.1\.2/);
  });

  it("names the field of a link's own case, fact and value that do not exist", () => {
    const own = errorOf(broken("clauses/zinin-1.yaml", relink("{ with: fspr-10.1.2, cases: [nobody] }")));
    expect(own).toMatch(/clause zinin-1\.2, field links\[0\] \(with fspr-10\.1\.2\)\.cases: no case nobody in zinin-1\.2/);
    const fact = errorOf(broken("clauses/zinin-1.yaml", relink("{ with: fspr-10.1.2, when: { moon: [full] } }")));
    expect(fact).toMatch(/clause zinin-1\.2, field links\[0\] \(with fspr-10\.1\.2\)\.when\.moon: no such fact/);
    const value = errorOf(broken("clauses/zinin-1.yaml", relink("{ with: fspr-10.1.2, when: { phase: [lunch] } }")));
    expect(value).toMatch(/field links\[0\] \(with fspr-10\.1\.2\)\.when\.phase: value "lunch" is not defined for fact phase/);
    const told = errorOf(broken("clauses/zinin-1.yaml", relink("{ with: fspr-10.1.2, told: { talon_act: [eaten] } }")));
    expect(told).toMatch(/field links\[0\] \(with fspr-10\.1\.2\)\.told\.talon_act: value "eaten" is not defined for fact talon_act/);
  });

  it("names the clause and the field of a difference's `when` with a fact or value that does not exist", () => {
    const note = (when: string) => (t: string) =>
      t.replace("        when: { noticed: [later, after_play] }", `        when: ${when}`);
    const fact = errorOf(broken("clauses/zinin-1.yaml", note("{ moon: [full] }")));
    expect(fact).toMatch(/zinin-1\.yaml: clause zinin-1\.7: field conflicts\[0\]\.when\.moon: no such fact/);
    const value = errorOf(broken("clauses/zinin-1.yaml", note("{ noticed: [tomorrow] }")));
    expect(value).toMatch(/clause zinin-1\.7: field conflicts\[0\]\.when\.noticed: value "tomorrow" is not defined for fact noticed/);
  });

  it("rejects a misspelt field of a link, naming the clause and the field", () => {
    const message = errorOf(broken("clauses/zinin-1.yaml", relink("{ with: fspr-10.1.2, case: [dealer] }")));
    expect(message).toMatch(/zinin-1\.yaml: clause zinin-1\.2, field links\[0\].*case/);
  });

  it("rejects a link with cases stated on both sides, where the two could disagree", () => {
    const path = broken("clauses/zinin-1.yaml", relink("{ with: fspr-10.1.2, with_cases: [before_end] }"));
    const fspr = join(path, "clauses/fspr-10.1.yaml");
    const text = readFileSync(fspr, "utf8");
    // fspr-10.1.2 states no links: give it the same one, bare
    writeFileSync(fspr, text.replace('\n    number: "10.1.2"\n', '\n    number: "10.1.2"\n    links: [zinin-1.2]\n'));
    expect(errorOf(path)).toMatch(
      /field links\[0\] \(with (zinin-1|fspr-10\.1)\.2\): the link is also stated in .*; a link with cases or when is stated on one side only/,
    );
  });

  it("rejects a misspelt field instead of ignoring it", () => {
    const message = errorOf(
      broken("clauses/fspr-10.1.yaml", (t) => t.replace("    phase: [deal]", "    phase: [deal]\n    penalty_note: x")),
    );
    expect(message).toMatch(/clause fspr-10\.1\.1.*penalty_note/);
  });

  it("rejects an implication to a value a fact does not have", () => {
    const message = errorOf(
      broken("facts.yaml", (t) => t.replace("declarer: { game: [game, misere] }", "declarer: { game: [game, poker] }")),
    );
    expect(message).toMatch(/facts\.yaml, fact offender, field implies\.declarer\.game: "poker" is not a value of game/);
  });

  it("rejects an unknowable-while condition on a value its fact does not have", () => {
    const message = errorOf(broken("facts.yaml", (t) => t.replace("unknown_while: { noticed: [before_deal_end,", "unknown_while: { noticed: [never,")));
    expect(message).toMatch(/facts\.yaml, fact game, field unknown_while\.noticed: "never" is not a value of noticed/);
  });

  it("rejects a value offered only where named that its fact does not have", () => {
    const message = errorOf(broken("facts.yaml", (t) => t.replace("only_when_named: [dealer]", "only_when_named: [croupier]")));
    expect(message).toMatch(/facts\.yaml, fact offender, field only_when_named: "croupier" is not a value of offender/);
  });

  it("names the fact and field of an assumed value that is not one of its values", () => {
    const message = errorOf(broken("facts.yaml", (t) => t.replace('assumed_unless_told: "no"', 'assumed_unless_told: "maybe"')));
    expect(message).toMatch(/facts\.yaml, fact permitted, field assumed_unless_told: "maybe" is not a value of permitted/);
  });

  it("rejects a frequent case that is not a clause", () => {
    const message = errorOf(broken("frequent.yaml", (t) => `${t}- fspr-10.9.9\n`));
    expect(message).toMatch(/frequent\.yaml: clause fspr-10\.9\.9 does not exist/);
  });

  it("rejects YAML that does not parse, naming the file", () => {
    const message = errorOf(broken("facts.yaml", (t) => `${t}\n  : : [\n`));
    expect(message).toMatch(/facts\.yaml: not valid YAML/);
  });

  it("rejects a duplicated clause id", () => {
    const message = errorOf(
      broken("clauses/fspr-10.1.yaml", (t) =>
        t.replace("id: fspr-10.1.2", "id: fspr-10.1.1").replace('number: "10.1.2"', 'number: "10.1.1"'),
      ),
    );
    expect(message).toMatch(/clause fspr-10\.1\.1: the id is already used/);
  });
});
