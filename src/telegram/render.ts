/**
 * A judge's reply as Telegram messages: escaped HTML, the citations as a closing line, buttons as
 * an inline keyboard (owner-tagged callback data), "Поделиться" as a switch_inline_query button.
 * A ruling is one message: its short part with bold labels, «Исходя из: …» with each fact's
 * source, then the details folded in an expandable quote (cut to fit Telegram's 4096 characters).
 * Any other over-long text becomes several messages; the keyboard goes on the last one.
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import type { FactLine, FactSource, Reply } from "../engine/index.js";
import { encodeCallback } from "./callback-data.js";
import { escapeHtml } from "./html.js";
import { MESSAGE_LIMIT, splitText } from "./split.js";

export interface RenderedMessage {
  readonly html: string;
  readonly keyboard: InlineKeyboardMarkup | undefined;
}

export interface RenderOptions {
  /** whose dialog the buttons belong to */
  readonly owner: number;
  /** «ФСПР 10.4.6 «Фальшренонс»» for a clause id; undefined for an unknown id */
  readonly citationLabel: (id: string) => string | undefined;
  /** in a group, who answered the questions for the asker (an admin): said under the ruling */
  readonly answeredBy?: readonly string[];
}

export const SHARE_LABEL = "Поделиться";
export const FACTS_LABEL = "Исходя из";
export const ANSWERED_BY = "Отвечал(а) за спросившего";
const SOURCE_MARK: Readonly<Record<FactSource, string>> = { text: "из сообщения", answer: "ответ", assumed: "предположение" };

/** Whether the reply already names the clause: its whole label, or «ФСПР 10.4.6» not followed by a digit. */
function named(reply: Reply, label: string): boolean {
  const said = `${reply.text}\n${reply.details ?? ""}`;
  if (said.includes(label)) return true;
  const head = /^(\S+ [\d.]*\d)/.exec(label)?.[1];
  return head !== undefined && new RegExp(`${head.replace(/\./g, "\\.")}(?![\\d.]*\\d)`).test(said);
}

/** The citation lines, skipping any clause the reply already names. */
export function citationFooter(reply: Reply, citationLabel: (id: string) => string | undefined): string {
  const lines: string[] = [];
  for (const id of new Set(reply.citations)) {
    const label = citationLabel(id);
    if (label && !named(reply, label)) lines.push(`📖 <i>${escapeHtml(label)}</i>`);
  }
  return lines.join("\n");
}

export function renderKeyboard(reply: Reply, owner: number): InlineKeyboardMarkup | undefined {
  const rows: InlineKeyboardButton[][] = reply.buttons
    .map((row) => row.map((b): InlineKeyboardButton => ({ text: b.label, callback_data: encodeCallback(owner, b.data) })))
    .filter((row) => row.length > 0);
  if (reply.share !== undefined) rows.push([{ text: SHARE_LABEL, switch_inline_query: reply.share }]);
  return rows.length ? { inline_keyboard: rows } : undefined;
}

/** «Решение: …» → «<b>Решение:</b> …»: a line's short label in bold, the rest escaped. */
export function boldLabels(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const m = /^([•\s]*)([А-ЯЁA-Z][^:\n«»]{0,40}):(\s|$)/.exec(line);
      if (!m) return escapeHtml(line);
      const [all, lead, label] = m;
      return `${escapeHtml(lead!)}<b>${escapeHtml(label!)}:</b>${escapeHtml(line.slice(all.length - m[3]!.length))}`;
    })
    .join("\n");
}

/** «Исходя из: кто ошибся — вистующий (ответ); …» */
export function factsLine(facts: readonly FactLine[]): string {
  const items = facts.map((f) => `${escapeHtml(f.label)} <i>(${SOURCE_MARK[f.source]})</i>`);
  return `<b>${FACTS_LABEL}:</b> ${items.join("; ")}.`;
}

/** A ruling (or a shared ruling's card) as one message of at most `limit` characters. */
export function rulingHtml(reply: Reply, options: Pick<RenderOptions, "citationLabel" | "answeredBy">, limit = MESSAGE_LIMIT): string {
  const head = [boldLabels(reply.text.trim())];
  if (reply.facts?.length) head.push(factsLine(reply.facts));
  if (options.answeredBy?.length) head.push(`<i>${ANSWERED_BY}: ${escapeHtml(options.answeredBy.join(", "))}</i>`);
  const footer = citationFooter(reply, options.citationLabel);
  const shown = head.join("\n\n") + (footer ? `\n\n${footer}` : "");
  const details = reply.details?.trim();
  if (!details) return shown;
  // the folded part gets what room is left; «Текст пункта» has the document's words whole
  const room = limit - visibleLength(shown) - 4;
  const pieces = room > 40 ? splitText(details, room - 2, (s) => s.length) : [];
  if (pieces.length === 0) return shown;
  const folded = pieces.length > 1 ? `${pieces[0]!}\n…` : pieces[0]!;
  return `${head.join("\n\n")}\n\n<blockquote expandable>${boldLabels(folded)}</blockquote>${footer ? `\n\n${footer}` : ""}`;
}

/** What Telegram counts against its limit: the text without tags, entities as one character. */
export function visibleLength(html: string): number {
  return html.replace(/<[^>]+>/g, "").replace(/&(lt|gt|amp|quot);/g, "_").length;
}

export function renderReply(reply: Reply, options: RenderOptions): RenderedMessage[] {
  const keyboard = renderKeyboard(reply, options.owner);
  if (reply.verdict) return [{ html: rulingHtml(reply, options), keyboard }];
  const footer = citationFooter(reply, options.citationLabel);
  const room = footer ? MESSAGE_LIMIT - footer.length - 2 : MESSAGE_LIMIT;
  const text = reply.text.trim() || (footer ? "" : "…");
  const whole = escapeHtml(text);
  // almost every reply fits one message: escaped once, not measured piece by piece
  const pieces = !text ? [] : whole.length <= room ? [whole] : splitText(text, room, (s) => escapeHtml(s).length).map(escapeHtml);
  if (footer) pieces.push(pieces.length ? `${pieces.pop()!}\n\n${footer}` : footer);
  return pieces.map((html, i) => ({ html, keyboard: i === pieces.length - 1 ? keyboard : undefined }));
}
