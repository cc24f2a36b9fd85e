/**
 * The Bot API answered inside the process for bot-level tests (handleUpdate): every call is
 * recorded and gets a plausible result, no network. Installed last, it is the outermost
 * transformer, so nothing reaches the real client.
 */
import type { Bot, Context } from "grammy";
import { fakeResult, type ApiCall } from "./updates.js";

export interface AnsweredCall extends ApiCall {
  readonly result: unknown;
}

export interface RecordedApi {
  readonly calls: AnsweredCall[];
  /** calls from index `since` */
  after(since: number): AnsweredCall[];
  /** the last message sent or edited with a keyboard from `since`: its id and buttons */
  lastKeyboard(since?: number): { messageId: number; buttons: { text: string; callback_data?: string }[] } | undefined;
  /** texts sent or edited from `since` */
  texts(since: number): string[];
}

export function answerInProcess<C extends Context>(bot: Bot<C>): RecordedApi {
  const calls: AnsweredCall[] = [];
  bot.api.config.use(async (_prev, method, payload) => {
    const p = (payload ?? {}) as Record<string, unknown>;
    const result = fakeResult(method, p);
    calls.push({ method, payload: p, result });
    return { ok: true, result } as never;
  });
  return {
    calls,
    after: (since) => calls.slice(since),
    lastKeyboard: (since = 0) => {
      for (const c of calls.slice(since).reverse()) {
        if (c.method !== "sendMessage" && c.method !== "editMessageText") continue;
        const rows = (c.payload.reply_markup as { inline_keyboard?: { text: string; callback_data?: string }[][] } | undefined)
          ?.inline_keyboard;
        if (!rows) continue;
        const messageId =
          c.method === "editMessageText" ? Number(c.payload.message_id) : Number((c.result as { message_id: number }).message_id);
        return { messageId, buttons: rows.flat() };
      }
      return undefined;
    },
    texts: (since) =>
      calls
        .slice(since)
        .filter((c) => c.method === "sendMessage" || c.method === "editMessageText")
        .map((c) => String(c.payload.text)),
  };
}
