/**
 * Sessions are keyed per chat and user: in a group, every member has a dialog of their own. A
 * button press belongs to the dialog named by the button's owner tag, whoever presses it (an
 * admin pressing for a member acts on the member's dialog). Inline queries have no chat: no session.
 */
import type { Context } from "grammy";
import { decodeCallback } from "./callback-data.js";

export function dialogKey(chatId: number, userId: number): string {
  return `${chatId}:${userId}`;
}

/** the group's own entry (its ruleset) */
export function chatKey(chatId: number): string {
  return `${chatId}`;
}

export function sessionKey(ctx: Omit<Context, "session">): string | undefined {
  const cq = ctx.callbackQuery;
  if (cq) {
    const chat = cq.message?.chat;
    if (!chat) return undefined; // a button under an inline-mode message: no dialog behind it
    const owner = chat.type === "private" ? undefined : decodeCallback(cq.data ?? "").owner;
    return dialogKey(chat.id, owner ?? cq.from.id);
  }
  if (ctx.chat && ctx.from) return dialogKey(ctx.chat.id, ctx.from.id);
  return undefined;
}
