/**
 * Button presses. Every callback query is answered (no spinning button). In a group only the
 * dialog's owner or a chat admin may press; anyone else gets a short alert and nothing changes.
 */
import { Composer } from "grammy";
import { isChatAdmin } from "../admins.js";
import { decodeCallback } from "../callback-data.js";
import type { BotContext } from "../context.js";
import type { FeatureDeps } from "../deps.js";
import { step } from "../dialog.js";
import { groupStep } from "./group.js";

export const FOREIGN_PRESS = "Это не ваш вопрос: отвечает тот, кто спросил, или админ чата. Свой случай — /judge …";
export const DETACHED_PRESS = "Откройте судью в личном чате, чтобы разобрать случай.";

export function buttons(deps: FeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("callback_query:data", async (ctx) => {
    const message = ctx.callbackQuery.message;
    if (!message) {
      await ctx.answerCallbackQuery({ text: DETACHED_PRESS, show_alert: true });
      return;
    }
    const { owner, data } = decodeCallback(ctx.callbackQuery.data);
    const presser = ctx.from.id;
    // the press is answered after the step (answerEveryPress), so a failure is told in the answer
    if (message.chat.type === "private") {
      await step(ctx, deps, { kind: "press", data }, { owner: presser, ruleset: deps.defaultRuleset, pressed: message.message_id });
      return;
    }
    const dialogOwner = owner ?? presser;
    if (dialogOwner !== presser && !(await isChatAdmin(ctx, message.chat.id, presser))) {
      await ctx.answerCallbackQuery({ text: FOREIGN_PRESS, show_alert: true });
      return;
    }
    await groupStep(ctx, deps, { kind: "press", data }, dialogOwner, { pressed: message.message_id });
  });
  // a game or a malformed query: still answered
  composer.on("callback_query", (ctx) => ctx.answerCallbackQuery());
  return composer;
}
