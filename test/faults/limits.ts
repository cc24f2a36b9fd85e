/**
 * What Telegram would refuse, checked on a recorded Bot API call: the reasons it would answer
 * 400 with, or [] when the call would pass. Messages: HTML that parses, 1–4096 visible
 * characters; buttons: a label, callback_data of 1–64 bytes; callback answers ≤ 200 characters;
 * inline answers ≤ 50 results with unique ids of ≤ 64 bytes.
 */
import { parseTelegramHtml } from "../e2e/telegram-html.js";
import type { ApiCall } from "./updates.js";

const TEXT_LIMIT = 4096;

function checkText(where: string, text: unknown, parseMode: unknown, problems: string[]): void {
  if (typeof text !== "string") {
    problems.push(`${where}: no text`);
    return;
  }
  let visible = text;
  if (parseMode === "HTML") {
    try {
      visible = parseTelegramHtml(text);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
      return;
    }
  }
  if (visible.trim().length === 0) problems.push(`${where}: message text is empty`);
  if (visible.length > TEXT_LIMIT) problems.push(`${where}: message is too long (${visible.length})`);
}

function checkMarkup(where: string, markup: unknown, problems: string[]): void {
  if (markup === undefined || markup === null) return;
  const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (!Array.isArray(rows)) return;
  for (const row of rows as unknown[]) {
    if (!Array.isArray(row)) {
      problems.push(`${where}: keyboard row is not an array`);
      continue;
    }
    for (const b of row as Record<string, unknown>[]) {
      if (typeof b.text !== "string" || b.text.trim() === "") problems.push(`${where}: button without a label`);
      if ("callback_data" in b) {
        const bytes = Buffer.byteLength(String(b.callback_data));
        if (bytes < 1 || bytes > 64) problems.push(`${where}: BUTTON_DATA_INVALID (${bytes} bytes)`);
      }
    }
  }
}

export function telegramWouldRefuse(call: ApiCall): string[] {
  const p = call.payload;
  const problems: string[] = [];
  switch (call.method) {
    case "sendMessage":
    case "editMessageText":
      checkText(call.method, p.text, p.parse_mode, problems);
      checkMarkup(call.method, p.reply_markup, problems);
      break;
    case "editMessageReplyMarkup":
      checkMarkup(call.method, p.reply_markup, problems);
      break;
    case "answerCallbackQuery":
      if (typeof p.text === "string" && p.text.length > 200) problems.push(`answerCallbackQuery: text over 200 (${p.text.length})`);
      break;
    case "answerInlineQuery": {
      const results = (p.results ?? []) as Record<string, unknown>[];
      if (results.length > 50) problems.push(`answerInlineQuery: ${results.length} results`);
      const ids = new Set<string>();
      for (const r of results) {
        const id = typeof r.id === "string" ? r.id : JSON.stringify(r.id ?? "");
        if (Buffer.byteLength(id) < 1 || Buffer.byteLength(id) > 64)
          problems.push(`answerInlineQuery: result id of ${Buffer.byteLength(id)} bytes`);
        if (ids.has(id)) problems.push("answerInlineQuery: duplicate result id");
        ids.add(id);
        const content = r.input_message_content as Record<string, unknown> | undefined;
        if (content) checkText("answerInlineQuery content", content.message_text, content.parse_mode, problems);
        checkMarkup("answerInlineQuery", r.reply_markup, problems);
        if (typeof r.title !== "string" || r.title.trim() === "") problems.push("answerInlineQuery: result without a title");
      }
      break;
    }
    default:
      break;
  }
  return problems;
}
