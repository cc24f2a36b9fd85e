/**
 * Telegram takes one answer to a button press and refuses a second. So the answer waits for the
 * press's handling: a handler with something to say answers itself (an alert for a foreign press;
 * «временная ошибка» when the store or a step fails), and a press nobody answered gets an empty
 * answer when its handling ends — or after `earlyMs`, if it takes longer, so no button spins while
 * a reply waits out a rate limit.
 */
import type { Context, MiddlewareFn } from "grammy";

export interface PressAnswerOptions {
  /** a press still being handled after this long is answered empty; default 6 s (past the store's 5 s deadline) */
  readonly earlyMs?: number;
}

export function answerEveryPress<C extends Context>(options: PressAnswerOptions = {}): MiddlewareFn<C> {
  const earlyMs = options.earlyMs ?? 6000;
  return async (ctx, next) => {
    if (!ctx.callbackQuery) return next();
    let answered = false;
    // this update's own API: sees every answer, whichever handler gives it
    ctx.api.config.use((prev, method, payload, signal) => {
      if (method === "answerCallbackQuery") answered = true;
      return prev(method, payload, signal);
    });
    const answerEmpty = async (): Promise<void> => {
      if (!answered) await ctx.answerCallbackQuery().catch(() => undefined);
    };
    const early = setTimeout(() => void answerEmpty(), earlyMs);
    try {
      await next();
    } finally {
      clearTimeout(early);
      await answerEmpty();
    }
  };
}
