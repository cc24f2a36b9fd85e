/**
 * A judge's reply as Telegram messages: escaped HTML, the citations as a closing line, buttons as
 * an inline keyboard (owner-tagged callback data), "Поделиться" as a switch_inline_query button.
 * Over-long text becomes several messages; the keyboard goes on the last one.
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import type { ClauseId } from "../knowledge/types.js";
import type { Reply } from "../engine/types.js";
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
  readonly citationLabel: (id: ClauseId) => string | undefined;
}

export const SHARE_LABEL = "Поделиться";

/** The citation lines, skipping any the text already states word for word. */
export function citationFooter(reply: Reply, citationLabel: (id: ClauseId) => string | undefined): string {
  const lines: string[] = [];
  for (const id of new Set(reply.citations)) {
    const label = citationLabel(id);
    if (label && !reply.text.includes(label)) lines.push(`📖 <i>${escapeHtml(label)}</i>`);
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

export function renderReply(reply: Reply, options: RenderOptions): RenderedMessage[] {
  const footer = citationFooter(reply, options.citationLabel);
  const room = footer ? MESSAGE_LIMIT - footer.length - 2 : MESSAGE_LIMIT;
  const text = reply.text.trim() || (footer ? "" : "…");
  const whole = escapeHtml(text);
  // almost every reply fits one message: escaped once, not measured piece by piece
  const pieces = !text ? [] : whole.length <= room ? [whole] : splitText(text, room, (s) => escapeHtml(s).length).map(escapeHtml);
  if (footer) pieces.push(pieces.length ? `${pieces.pop()!}\n\n${footer}` : footer);
  const keyboard = renderKeyboard(reply, options.owner);
  return pieces.map((html, i) => ({ html, keyboard: i === pieces.length - 1 ? keyboard : undefined }));
}
