import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { DEFAULT_KNOWLEDGE_DIR } from "../../src/knowledge/load.js";
import { readPlainYaml } from "../../src/knowledge/yaml-fast.js";

const FILES = ["documents.yaml", "facts.yaml", "lexicon.yaml", ...readdirSync(join(DEFAULT_KNOWLEDGE_DIR, "clauses")).map((f) => `clauses/${f}`)];
const SOURCES = FILES.map((f) => readFileSync(join(DEFAULT_KNOWLEDGE_DIR, f), "utf8"));

/** The fast reader either gives up or yields exactly js-yaml's value (never a value where js-yaml fails). */
function agrees(source: string): { fast: unknown; ok: boolean } {
  const fast = readPlainYaml(source);
  if (fast === undefined) return { fast, ok: true };
  let slow: unknown;
  try {
    slow = load(source);
  } catch {
    return { fast, ok: false };
  }
  // toStrictEqual ignores key order; the JSON text does not
  return { fast, ok: JSON.stringify(fast) === JSON.stringify(slow) && isDeepStrictEqual(fast, slow) };
}

describe("readPlainYaml", () => {
  it.each(FILES.map((f, i) => [f, SOURCES[i]!]))("reads %s itself, exactly as js-yaml", (_file, source) => {
    const fast = readPlainYaml(source);
    expect(fast).not.toBeUndefined();
    expect(JSON.stringify(fast)).toBe(JSON.stringify(load(source)));
    expect(fast).toStrictEqual(load(source));
  });

  it.each([
    // what it reads
    "a: b\nc: [x, 'y''s', \"z\"]\n",
    "- id: x\n  n: 12\n  f: 0.5\n  t: true\n  no: no\n",
    "k:\n- a\n- b\nm: 1\n",
    "k:\n  - { kind: redeal, on_demand: false }\n  - {}\n  - []\n",
    '"6": шесть\n\'7\': семь\n',
    "t: >-\n  one\n  two\n\n  three\n\n\n  four\nu: x\n",
    "t: |-\n  one\n    two\n\n  # not a comment\nu: x\n",
    "t: >\n  one\n  two\n",
    "t: |\n  one\n\n\n# comment\nu: x\n",
    "- |-\n  a\n  b\n- c\n",
    "a: b # comment\n# comment\n  # indented comment\nc: d#e\n",
    "a: 10:30 утра\nb: http://x.y/z\nc: 1 (2, 3)\n",
    "a:\n  b:\n    c: [d, [e, { f: g }]]\n",
    // what it leaves to js-yaml (js-yaml may read or reject them)
    "a: null\n",
    "a: ~\n",
    "a:\n",
    "a: True\n",
    "True: 1\n",
    "null: 1\n",
    "a: 1\na: 2\n",
    "a: { b: 1, b: 2 }\n",
    "a: [b, ]\n",
    "a: b\n  c\n",
    "- a\n  b\n",
    "a: b\n\n  c\n",
    "a: &x b\nc: *x\n",
    "a: !!str 1\n",
    'a: "b\\nc"\n',
    "a: 'b\n  c'\n",
    "a: [b,\n  c]\n",
    "a: |+\n  b\n\n",
    "a: |2\n   b\n",
    "a: >\n  b\n    c\n  d\n",
    "a: 0o12\n",
    "a: 0x1F\n",
    "a: 1e3\n",
    "a: .inf\n",
    "a: +1\n",
    "a: 007\n",
    "a: -0\n",
    "a: 1_000\n",
    "\ta: b\n",
    "a: b\r\n",
    "---\na: b\n",
    "a: b\n---\nc: d\n",
    "%YAML 1.2\n---\na: b\n",
    "a: b: c\n",
    "a:b\n",
    "? a\n: b\n",
    "a: - b\n",
    "- - a\n",
    "a:\n  b: 1\n  - c\n",
    "a: 1\n b: 2\n",
    "__proto__: 1\n",
    "a: [x]#c\n",
    "a: \"x\"y\n",
    "a: |\n\n  b\n",
    "a: |\n  b\n   \n  c\n",
    "a: 😀\n",
    "a: b\u00a0\nc: [d\u00a0, e\u3000]\n",
    "",
    "# only a comment\n",
    "just text\n",
  ])("agrees with js-yaml on %j", (source) => {
    expect(agrees(source).ok).toBe(true);
  });

  it("reads what it should, and leaves the rest", () => {
    expect(readPlainYaml("a: b\nc: [1, 2.5, true, x]\n")).toStrictEqual({ a: "b", c: [1, 2.5, true, "x"] });
    expect(readPlainYaml("t: >-\n  one\n  two\n\n  three\n")).toStrictEqual({ t: "one two\nthree" });
    expect(readPlainYaml("a: null\n")).toBeUndefined();
    expect(readPlainYaml("a: 1\na: 2\n")).toBeUndefined();
  });

  it("never yields a value js-yaml would not yield, on damaged knowledge files", () => {
    // small edits of the real files: characters that matter to YAML, inserted, deleted or replaced
    const significant = fc.constantFrom(" ", "  ", ":", ": ", "-", "- ", "#", " #", "'", '"', "[", "]", "{", "}", ",", "|", ">", "\n", "\n  ", "&", "*", "!", "?", "~", "null", "1", ".5", "\t", "\u00a0", "\u3000");
    const edit = fc.record({
      file: fc.nat(SOURCES.length - 1),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      cut: fc.nat(3),
      insert: fc.array(significant, { maxLength: 3 }).map((parts) => parts.join("")),
    });
    fc.assert(
      fc.property(edit, ({ file, at, cut, insert }) => {
        const source = SOURCES[file]!;
        const pos = Math.floor(at * source.length);
        const damaged = source.slice(0, pos) + insert + source.slice(pos + cut);
        expect(agrees(damaged).ok, JSON.stringify({ file: FILES[file], pos, cut, insert })).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it("never yields a value js-yaml would not yield, on generated documents", () => {
    // mostly words it reads, some it must leave to js-yaml
    const word = fc.oneof(
      { arbitrary: fc.constantFrom("a", "b c", "сдача", "«ё» (1, 2)", "10.1", "12", "0.5", "true", "false", "no", "=x*", "a:b", "C#", "x'y", "10:30 утра"), weight: 12 },
      { arbitrary: fc.constantFrom("-3", "1e3", "0x1F", "True", "null", "~", "a: b", "a #b", "'q'", '"q"', "[x]", "{x}", "x, y", "&a", "*", "!t", "", " lead", "trail ", "trail\u00a0", "- x", "? x"), weight: 1 },
    );
    type Tree = string | Tree[] | { [key: string]: Tree };
    const { tree } = fc.letrec<{ tree: Tree }>((t) => ({
      tree: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        word,
        fc.array(t("tree"), { maxLength: 4 }),
        fc.dictionary(fc.oneof({ arbitrary: fc.constantFrom("a", "b", "id", "note", "k-1.2", "ё"), weight: 8 }, fc.constantFrom("6", "True", "x y", "null")), t("tree"), { maxKeys: 4 }),
      ),
    }));
    const style = fc.array(fc.nat(5), { minLength: 64, maxLength: 64 });
    fc.assert(
      fc.property(tree, style, (root, choices) => {
        let c = 0;
        const pick = (): number => choices[c++ % choices.length]!;
        const scalar = (w: string, pad: string): string => {
          const how = pick();
          if (how === 1 && !/["\\]/.test(w)) return `"${w}"`;
          if (how === 2) return `'${w.replace(/'/g, "''")}'`;
          if (how === 3) return `>-\n${pad}  ${w}\n${pad}  ${w}\n\n${pad}  ${w}`;
          if (how === 4) return `|\n${pad}  ${w}\n\n${pad}    ${w}`;
          return w;
        };
        const flow = (node: Tree): string =>
          typeof node === "string" ? (pick() % 2 ? `"${node.replace(/["\\]/g, "")}"` : node) : Array.isArray(node) ? `[${node.map(flow).join(", ")}]` : `{ ${Object.entries(node).map(([k, v]) => `${k}: ${flow(v)}`).join(", ")} }`;
        const block = (node: Tree, indent: number): string => {
          const pad = " ".repeat(indent);
          if (typeof node === "string") return `${pad}${scalar(node, pad)}`;
          if (Array.isArray(node)) {
            if (!node.length) return `${pad}[]`;
            return node
              .map((item) => {
                if (typeof item === "string") return `${pad}- ${scalar(item, pad)}`;
                if (pick() === 0 || !Object.keys(item).length) return `${pad}- ${flow(item)}`;
                const inner = block(item, indent + 2);
                return Array.isArray(item) || !Object.keys(item).length ? `${pad}-\n${inner}` : `${pad}- ${inner.slice(indent + 2)}`;
              })
              .join("\n");
          }
          const entries = Object.entries(node);
          if (!entries.length) return `${pad}{}`;
          return entries
            .map(([k, v]) => {
              if (typeof v === "string") return `${pad}${k}: ${scalar(v, pad)}`;
              if (pick() === 0 || !Object.keys(v).length) return `${pad}${k}: ${flow(v)}`;
              const sameIndent = Array.isArray(v) && v.length > 0 && pick() % 2 === 0;
              return `${pad}${k}:\n${block(v, sameIndent ? indent : indent + 2)}`;
            })
            .join("\n");
        };
        const text = `${block({ root }, 0)}\n`;
        expect(agrees(text).ok, JSON.stringify(text)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
