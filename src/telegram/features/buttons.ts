/**
 * Button presses. Every callback query is answered (no spinning button); a press the judge
 * refuses (a stale question, a finished dialog) is answered with a short pop-up and changes
 * nothing. In a group, buttons that only show something («Текст пункта», the list) work for
 * anyone; answering stays the asker's or a chat admin's, and anyone else gets a short alert.
 */
import { Composer } from "grammy";
import { isChatAdmin } from "../admins.js";
import { decodeCallback } from "../callback-data.js";
import type { BotContext } from "../context.js";
import type { FeatureDeps } from "../deps.js";
import { step, type StepOutcome } from "../dialog.js";
import { groupStep } from "./group.js";

export const FOREIGN_PRESS = "Это не ваш вопрос: отвечает тот, кто спросил, или админ чата. Свой случай — /judge …";
export const DETACHED_PRESS = "Откройте судью в личном чате, чтобы разобрать случай.";

async function answer(ctx: BotContext, outcome: StepOutcome): Promise<void> {
  await ctx.answerCallbackQuery(outcome.popup !== undefined ? { text: outcome.popup } : undefined);
}

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
      const outcome = await step(
        ctx,
        deps,
        { kind: "press", data },
        { owner: presser, ruleset: deps.defaultRuleset, pressed: message.message_id },
      );
      await answer(ctx, outcome);
      return;
    }
    const dialogOwner = owner ?? presser;
    const readOnly = deps.judge.isReadOnlyPress(data);
    const admin = dialogOwner !== presser && !readOnly && (await isChatAdmin(ctx, message.chat.id, presser));
    if (dialogOwner !== presser && !readOnly && !admin) {
      await ctx.answerCallbackQuery({ text: FOREIGN_PRESS, show_alert: true });
      return;
    }
    const outcome = await groupStep(ctx, deps, { kind: "press", data }, dialogOwner, {
      pressed: message.message_id,
      ...(admin ? { answeredBy: ctx.from.first_name } : {}),
    });
    await answer(ctx, outcome);
  });
  // a game or a malformed query: still answered
  composer.on("callback_query", (ctx) => ctx.answerCallbackQuery());
  return composer;
}
