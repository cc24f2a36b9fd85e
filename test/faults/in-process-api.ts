/**
 * The Bot API answered inside the process for bot-level tests (handleUpdate): every call is
 * recorded and gets a plausible result, no network. Installed last, it is the outermost
 * transformer, so nothing reaches the real client.
 */
import type { Bot, Context } from "grammy";
import { fakeResult, type ApiCall } from "./updates.js";

export interface RecordedApi {
  readonly calls: ApiCall[];
  /** calls from index `since` */
  after(since: number): ApiCall[];
  /** texts sent or edited from `since` */
  texts(since: number): string[];
}

export function answerInProcess<C extends Context>(bot: Bot<C>): RecordedApi {
  const calls: ApiCall[] = [];
  bot.api.config.use(async (_prev, method, payload) => {
    const p = (payload ?? {}) as Record<string, unknown>;
    calls.push({ method, payload: p });
    return { ok: true, result: fakeResult(method, p) } as never;
  });
  return {
    calls,
    after: (since) => calls.slice(since),
    texts: (since) => calls.slice(since).filter((c) => c.method === "sendMessage" || c.method === "editMessageText").map((c) => String(c.payload.text)),
  };
}
