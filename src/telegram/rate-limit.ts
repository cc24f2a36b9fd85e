/**
 * A per-user flood limit (@grammyjs/ratelimiter, in memory: a flood is one instance's problem).
 * Placed before the session and any per-user queue, so a flood is dropped at once: it neither
 * touches the store nor queues ahead of anyone, and other users' dialogs run as usual.
 *
 * A user's updates still in work count too: past `maxInWork` (replies held up by Telegram's pace
 * in a busy group, or by a 429) a new one is dropped like a flood, so a flooder's backlog, and the
 * time it holds the polling offset, stay bounded.
 *
 * Over the limit: a text gets one polite message per window (answering every flooded message
 * would make the bot the flooder); a button press is always answered with a short notice, so
 * no button keeps spinning; inline queries are dropped silently.
 */
import { limit } from "@grammyjs/ratelimiter";
import type { Context, MiddlewareFn } from "grammy";

export const FLOOD_TEXT = "Слишком много сообщений подряд. Подождите несколько секунд и продолжайте — диалог сохранён.";
export const FLOOD_ALERT = "Слишком часто — подождите пару секунд.";

export interface FloodLimitOptions {
  /** updates a user may send per window; default 12 */
  readonly limit?: number;
  /** the window, ms; default 10 000 */
  readonly windowMs?: number;
  /** a user's updates in work at once before more are dropped; default 12 */
  readonly maxInWork?: number;
  /** called on every dropped update (metrics, tests) */
  readonly onDrop?: (userId: number) => void;
}

export function floodLimit<C extends Context>(options: FloodLimitOptions = {}): MiddlewareFn<C> {
  const windowMs = options.windowMs ?? 10_000;
  // users already told in the current window; cleared with the limiter's own window
  const told = new Map<number, number>();
  /** `tell`: a text may get the polite message (not when the user's replies are already backed up) */
  const dropped = async (ctx: C, tell: boolean): Promise<void> => {
    const id = ctx.from!.id;
    options.onDrop?.(id);
    if (ctx.callbackQuery) {
      await ctx.answerCallbackQuery({ text: FLOOD_ALERT }).catch(() => undefined);
      return;
    }
    if (!tell || ctx.inlineQuery || !ctx.chat) return;
    const now = Date.now();
    const last = told.get(id);
    if (last !== undefined && now - last < windowMs) return;
    told.set(id, now);
    if (told.size > 10_000) for (const [k, t] of told) if (now - t >= windowMs) told.delete(k);
    // in a group only a message meant for the bot is worth an answer
    if (ctx.chat.type !== "private" && !ctx.message?.text?.startsWith("/")) return;
    await ctx.reply(FLOOD_TEXT).catch(() => undefined);
  };
  const limiter = limit<C, never>({
    timeFrame: windowMs,
    limit: options.limit ?? 12,
    storageClient: "MEMORY_STORE",
    alwaysReply: true,
    keyGenerator: (ctx) => (ctx.from ? String(ctx.from.id) : undefined),
    // returned to the limiter, which returns it to grammY: the answer is awaited (its type says void)
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onLimitExceeded: (ctx: C) => dropped(ctx, true),
  });
  const maxInWork = options.maxInWork ?? 12;
  const inWork = new Map<number, number>();
  return async (ctx, next) => {
    const id = ctx.from?.id;
    if (id === undefined) return limiter(ctx, next);
    const count = inWork.get(id) ?? 0;
    if (count >= maxInWork) return dropped(ctx, false);
    inWork.set(id, count + 1);
    try {
      await limiter(ctx, next);
    } finally {
      const left = inWork.get(id)! - 1;
      if (left > 0) inWork.set(id, left);
      else inWork.delete(id);
    }
  };
}
