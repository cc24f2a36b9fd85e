/**
 * A fast reader for the plain subset of YAML that `knowledge/` is written in: block mappings and
 * sequences, flow `[…]` / `{…}` on one line, quoted strings without escapes, `|` / `>` block
 * scalars, comments. Cold at start-up js-yaml is costly: with it loadKnowledge took ~565M
 * instructions (~830M counting Turbofan compiling the parser), with this reader ~200M (~390M).
 *
 * It never decides anything js-yaml would decide differently: on anything outside the subset,
 * or anything js-yaml would reject (duplicate keys, tabs, anchors, escapes, multi-line plain
 * scalars, null values, numbers it might read otherwise, …) it gives up and returns
 * `undefined`, and the caller parses the file with js-yaml, which yields the value or the error.
 * test/knowledge/yaml-fast.test.ts compares both on every shipped file and on generated documents.
 */

class Bail extends Error {}
const bail = (): never => {
  throw new Bail();
};

/** Characters that cannot begin a plain scalar here (indicators), or that we leave to js-yaml. */
const INDICATOR = new Set("-?:,[]{}#&*!|>'\"%@`");
/** A plain mapping key: an identifier-like word (ASCII or Cyrillic), never a number, null or bool. */
const KEY = /^[A-Za-z_\u0400-\u04FF][A-Za-z0-9_.\u0400-\u04FF-]*$/;
/** Source js-yaml rejects or treats specially: tabs, CR, BOM, control characters, surrogates, NEL, LS, PS. */
const UNSUPPORTED = /[\t\r\uFEFF\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uD800-\uDFFF\u2028\u2029\uFFFE\uFFFF]|^(?:---|\.\.\.|%)/m;
const INT = /^-?(?:0|[1-9][0-9]{0,14})$/;
const FLOAT = /^-?(?:0|[1-9][0-9]{0,14})\.[0-9]{1,15}$/;
/** What a core-schema number, null or bool can be made of; a plain scalar with any other character is a string. */
const NUMERIC_ISH = /^[0-9A-Za-z_.+\-:]*$/;
/** The core schema's null and bool spellings (js-yaml compares them exactly). */
const NULL_OR_BOOL = new Set(["~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"]);
const MAX_DEPTH = 50;

/** A plain scalar resolved as js-yaml's core schema does, or a bail where it might differ. */
function resolvePlain(s: string): string | number | boolean {
  if (s === "" || s.includes(": ") || s.endsWith(":") || s.includes(" #")) bail();
  const c = s.charCodeAt(0);
  const numericStart = (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46; // 0-9 - + .
  if (numericStart) {
    if (INT.test(s) && s !== "-0") return Number(s);
    if (FLOAT.test(s)) return Number(s);
    if (NUMERIC_ISH.test(s)) bail();
    return s;
  }
  if (s.length <= 5 && (c === 126 || c === 110 || c === 78 || c === 116 || c === 84 || c === 102 || c === 70) && NULL_OR_BOOL.has(s)) {
    if (s === "true") return true;
    if (s === "false") return false;
    bail(); // null and the capitalised bools: leave them to js-yaml
  }
  return s;
}

/** A plain key that js-yaml reads as this very string (not null, a bool or a number). */
function plainKey(key: string): string {
  if (!KEY.test(key) || NULL_OR_BOOL.has(key)) bail();
  return key;
}

function setKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__" || Object.prototype.hasOwnProperty.call(obj, key)) bail();
  obj[key] = value;
}

/** Where the last readQuoted / readFlow stopped (a shared cursor rather than a tuple per value). */
let stop = 0;

/** A quoted scalar starting at `pos` (on one line, no escapes); sets `stop` after it. */
function readQuoted(s: string, pos: number): string {
  const q = s[pos]!;
  if (q === '"') {
    const end = s.indexOf('"', pos + 1);
    if (end < 0) bail();
    const value = s.slice(pos + 1, end);
    if (value.includes("\\")) bail();
    stop = end + 1;
    return value;
  }
  let out = "";
  let from = pos + 1;
  for (;;) {
    const end = s.indexOf("'", from);
    if (end < 0) bail();
    out += s.slice(from, end);
    if (s[end + 1] === "'") {
      out += "'";
      from = end + 2;
    } else {
      stop = end + 1;
      return out;
    }
  }
}

/** After a complete value on a line: only spaces, or spaces and a comment. */
function expectLineEnd(s: string, pos: number): void {
  let i = pos;
  while (s.charCodeAt(i) === 32) i++;
  if (i < s.length && !(s[i] === "#" && i > pos)) bail();
}

/** Trailing spaces off; not String#trimEnd, which also takes no-break and other Unicode spaces that YAML keeps. */
function trimSpaces(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 32) end--;
  return end === s.length ? s : s.slice(0, end);
}

function skipSpaces(s: string, pos: number): number {
  while (s.charCodeAt(pos) === 32) pos++;
  return pos;
}

/** A flow node at `pos` of one line; sets `stop` after it. */
function readFlow(s: string, pos: number, depth: number): unknown {
  if (depth > MAX_DEPTH) bail();
  const c = s[pos];
  if (c === "[") {
    const arr: unknown[] = [];
    pos = skipSpaces(s, pos + 1);
    if (s[pos] === "]") {
      stop = pos + 1;
      return arr;
    }
    for (;;) {
      arr.push(readFlow(s, skipSpaces(s, pos), depth + 1));
      pos = skipSpaces(s, stop);
      if (s[pos] === "]") {
        stop = pos + 1;
        return arr;
      }
      if (s[pos] !== ",") bail();
      pos = skipSpaces(s, pos + 1);
      if (s[pos] === "]") bail(); // trailing comma: leave to js-yaml
    }
  }
  if (c === "{") {
    const obj: Record<string, unknown> = {};
    pos = skipSpaces(s, pos + 1);
    if (s[pos] === "}") {
      stop = pos + 1;
      return obj;
    }
    for (;;) {
      const colon = s.indexOf(":", pos);
      if (colon < 0 || s[colon + 1] !== " ") bail();
      const key = plainKey(s.slice(pos, colon));
      setKey(obj, key, readFlow(s, skipSpaces(s, colon + 1), depth + 1));
      pos = skipSpaces(s, stop);
      if (s[pos] === "}") {
        stop = pos + 1;
        return obj;
      }
      if (s[pos] !== ",") bail();
      pos = skipSpaces(s, pos + 1);
      if (s[pos] === "}") bail();
    }
  }
  if (c === '"' || c === "'") return readQuoted(s, pos);
  if (c === undefined || INDICATOR.has(c)) bail();
  // char codes, not s[i]: a one-character string of a Cyrillic letter is a new allocation
  let end = pos;
  for (; end < s.length; end++) {
    const ch = s.charCodeAt(end);
    if (ch === 44 || ch === 93 || ch === 125) break; // , ] }
    if (ch === 91 || ch === 123 || ch === 58 || ch === 35) bail(); // [ { : #
  }
  stop = end;
  return resolvePlain(trimSpaces(s.slice(pos, end)));
}

// The lines of the source being read and the current one: module state rather than fields, since
// a property read is several times the cost of a variable read in code that has not warmed up yet.
let lines: string[] = [];
let li = 0;

function indentOf(line: string): number {
  let n = 0;
  while (line.charCodeAt(n) === 32) n++;
  return n;
}

/** Moves to the next line with content (not blank, not a comment); its indent, or -1 at the end. */
function nextContent(): number {
  for (; li < lines.length; li++) {
    const line = lines[li]!;
    const n = indentOf(line);
    if (n < line.length && line[n] !== "#") return n;
  }
  return -1;
}

function document(): unknown {
  if (nextContent() !== 0) bail();
  const value = block(0, 0);
  if (nextContent() !== -1) bail();
  return value;
}

function block(indent: number, depth: number): unknown {
  if (depth > MAX_DEPTH) bail();
  const line = lines[li]!;
  if (line[indent] === "-" && (line.length === indent + 1 || line[indent + 1] === " ")) return sequence(indent, depth);
  return mapping(indent, {}, depth);
}

function sequence(indent: number, depth: number): unknown[] {
  const arr: unknown[] = [];
  for (;;) {
    const n = nextContent();
    if (n < indent) break;
    if (n > indent) bail();
    const line = lines[li]!;
    if (line[indent] !== "-") break; // a key of the enclosing mapping at the same indent
    if (line.length !== indent + 1 && line[indent + 1] !== " ") bail();
    const at = skipSpaces(line, indent + 1);
    if (at >= line.length || line[at] === "#") {
      li++;
      if (nextContent() <= indent) bail(); // null item
      arr.push(block(indentOf(lines[li]!), depth + 1));
    } else if (!"\"'[{|>".includes(line[at]!) && startsEntry(line, at)) {
      const obj: Record<string, unknown> = {};
      entry(line, at, at, obj, depth + 1);
      arr.push(mapping(at, obj, depth + 1));
    } else arr.push(inlineValue(line, at, indent, depth + 1));
  }
  return arr;
}

/** Whether `line` at `at` reads `key:` followed by a space or the end of the line. */
function startsEntry(line: string, at: number): boolean {
  const colon = line.indexOf(":", at);
  if (colon < 0) return false;
  const after = line[colon + 1];
  if (after !== undefined && after !== " ") return false;
  const key = line.slice(at, colon);
  if (KEY.test(key)) return true;
  if (key.includes(" #")) return false;
  return bail(); // something before ": " that is not a simple key
}

function mapping(indent: number, obj: Record<string, unknown>, depth: number): Record<string, unknown> {
  for (;;) {
    const n = nextContent();
    if (n < indent) break;
    if (n > indent) bail();
    const line = lines[li]!;
    if (line[indent] === "-" && (line.length === indent + 1 || line[indent + 1] === " ")) break; // enclosing sequence
    const quotedKey = line[indent] === '"' || line[indent] === "'";
    if (!quotedKey && !startsEntry(line, indent)) bail();
    entry(line, indent, indent, obj, depth);
  }
  return obj;
}

/** One `key: value` whose key starts at column `at` of a mapping at `indent`; consumes its lines. */
function entry(line: string, at: number, indent: number, obj: Record<string, unknown>, depth: number): void {
  let key: string;
  let colon: number;
  if (line[at] === '"' || line[at] === "'") {
    key = readQuoted(line, at); // a quoted key is a string as written
    colon = stop;
    if (line[colon] !== ":" || (colon + 1 < line.length && line[colon + 1] !== " ")) bail();
  } else {
    colon = line.indexOf(":", at);
    key = plainKey(line.slice(at, colon));
  }
  const v = skipSpaces(line, colon + 1);
  if (v >= line.length || line[v] === "#") {
    li++;
    const n = nextContent();
    const next = lines[li];
    if (n > indent) setKey(obj, key, block(n, depth + 1));
    else if (n === indent && next![n] === "-" && (next!.length === n + 1 || next![n + 1] === " ")) setKey(obj, key, sequence(n, depth + 1));
    else bail(); // null value
    return;
  }
  setKey(obj, key, inlineValue(line, v, indent, depth + 1));
}

/** A value that starts on this line at `at`, its parent node at `indent`; consumes its lines. */
function inlineValue(line: string, at: number, indent: number, depth: number): unknown {
  const c = line[at]!;
  if (c === "|" || c === ">") return blockScalar(line, at, indent);
  let value: unknown;
  if (c === "[" || c === "{") {
    value = readFlow(line, at, depth);
    expectLineEnd(line, stop);
  } else if (c === '"' || c === "'") {
    value = readQuoted(line, at);
    expectLineEnd(line, stop);
  } else {
    if (INDICATOR.has(c)) bail();
    const hash = line.indexOf(" #", at);
    value = resolvePlain(trimSpaces(hash < 0 ? line.slice(at) : line.slice(at, hash)));
    // a more indented line after a plain scalar would continue it: leave that to js-yaml
    let j = li + 1;
    while (j < lines.length && indentOf(lines[j]!) === lines[j]!.length) j++;
    if (j < lines.length) {
      const next = lines[j]!;
      const n = indentOf(next);
      if (n > indent && next[n] !== "#") bail();
    }
  }
  li++;
  return value;
}

/** `|`, `|-`, `>` or `>-` with content on the following lines, indented more than `indent`. */
function blockScalar(line: string, at: number, indent: number): string {
  const folded = line[at] === ">";
  let p = at + 1;
  const strip = line[p] === "-";
  if (strip) p++;
  expectLineEnd(line, p);
  li++;
  const first = lines[li];
  if (first === undefined || first === "") bail();
  const content = indentOf(first!);
  if (content <= indent || content === first!.length) bail();
  const texts: string[] = [];
  for (; li < lines.length; li++) {
    const l = lines[li]!;
    if (l === "") {
      texts.push("");
      continue;
    }
    const n = indentOf(l);
    if (n === l.length) bail(); // a line of spaces only
    if (n < content) break;
    const text = l.slice(content);
    if (text.endsWith(" ") || (folded && text.startsWith(" "))) bail();
    texts.push(text);
  }
  while (texts.length && texts[texts.length - 1] === "") texts.pop();
  let out: string;
  if (!folded) out = texts.join("\n");
  else {
    out = texts[0]!;
    let empty = 0;
    for (let k = 1; k < texts.length; k++) {
      const t = texts[k]!;
      if (t === "") empty++;
      else {
        out += empty ? "\n".repeat(empty) + t : ` ${t}`;
        empty = 0;
      }
    }
  }
  return strip ? out : `${out}\n`;
}

/** The document, or `undefined` when the source is outside the subset (then js-yaml decides). */
export function readPlainYaml(source: string): unknown {
  if (UNSUPPORTED.test(source)) return undefined;
  try {
    lines = source.split("\n");
    li = 0;
    return document();
  } catch {
    // a Bail, or a fault of this reader: either way js-yaml decides
    return undefined;
  } finally {
    lines = [];
  }
}
