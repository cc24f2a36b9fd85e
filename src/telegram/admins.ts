import type { BotContext } from "./context.js";

/** Whether a user is the group's creator or an administrator (asked of Telegram each time: rights change). */
export async function isChatAdmin(ctx: BotContext, chatId: number, userId: number): Promise<boolean> {
  try {
    const member = await ctx.api.getChatMember(chatId, userId);
    return member.status === "creator" || member.status === "administrator";
  } catch (error) {
    ctx.log.warn({ err: error, chatId, userId }, "getChatMember не ответил: считаю не админом");
    return false;
  }
}
