/**
 * Telegram's HTML parse mode as the Bot API checks it: only its tags, properly nested and closed,
 * entities well-formed. Returns the visible text (what the 4096-character limit counts) or throws
 * with Telegram's wording. Stricter than Telegram on one point, on purpose: a bare `&` or `>`
 * is refused too, because our rule is that every piece of text is escaped.
 */
const ALLOWED = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "span",
  "tg-spoiler",
  "a",
  "code",
  "pre",
  "blockquote",
  "tg-emoji",
]);
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

export class HtmlParseError extends Error {}

function byteOffset(s: string, index: number): number {
  return Buffer.byteLength(s.slice(0, index));
}

export function parseTelegramHtml(html: string, options: { strict?: boolean } = {}): string {
  const strict = options.strict ?? true;
  const stack: string[] = [];
  let text = "";
  let i = 0;
  while (i < html.length) {
    const ch = html[i]!;
    if (ch === "<") {
      const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*>/.exec(html.slice(i));
      if (!m) throw new HtmlParseError(`can't parse entities: Unsupported start tag "" at byte offset ${byteOffset(html, i)}`);
      const [all, closing, rawName, attrs] = m;
      const name = rawName!.toLowerCase();
      if (closing) {
        if (stack.length === 0 || stack[stack.length - 1] !== name) {
          throw new HtmlParseError(`can't parse entities: Unexpected end tag at byte offset ${byteOffset(html, i)}`);
        }
        stack.pop();
      } else {
        if (!ALLOWED.has(name))
          throw new HtmlParseError(`can't parse entities: Unsupported start tag "${name}" at byte offset ${byteOffset(html, i)}`);
        if (name === "a" && !/\bhref\s*=/.test(attrs ?? ""))
          throw new HtmlParseError(`can't parse entities: Can't find href attribute of tag "a" at byte offset ${byteOffset(html, i)}`);
        stack.push(name);
      }
      i += all.length;
      continue;
    }
    if (ch === "&") {
      const m = /^&(lt|gt|amp|quot|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/.exec(html.slice(i));
      if (!m) {
        if (strict) throw new HtmlParseError(`can't parse entities: Unsupported HTML entity at byte offset ${byteOffset(html, i)}`);
        text += ch;
        i++;
        continue;
      }
      text += m[2] ? String.fromCodePoint(Number(m[2])) : m[3] ? String.fromCodePoint(Number.parseInt(m[3], 16)) : ENTITIES[m[1]!]!;
      i += m[0].length;
      continue;
    }
    if (ch === ">" && strict) throw new HtmlParseError(`can't parse entities: Unescaped ">" at byte offset ${byteOffset(html, i)}`);
    text += ch;
    i++;
  }
  if (stack.length)
    throw new HtmlParseError(`can't parse entities: Can't find end tag corresponding to start tag "${stack[stack.length - 1]}"`);
  return text;
}
