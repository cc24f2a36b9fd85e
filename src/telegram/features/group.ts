/**
 * Groups, with privacy mode on: the bot sees commands, mentions and replies to its own messages.
 * `/judge <описание>` starts a case; each member's dialog is their own (see session-key.ts).
 * The ruleset is the chat's, chosen by its admins, and every dialog in the group follows it.
 */
import { Composer } from "grammy";
import type { Command, Input } from "../../engine/types.js";
import type { Ruleset } from "../../search/types.js";
import { isChatAdmin } from "../admins.js";
import type { BotContext } from "../context.js";
import type { FeatureDeps } from "../deps.js";
import { commandName, currentRuleset, step } from "../dialog.js";
import { chatKey } from "../session-key.js";

const PASS_THROUGH: readonly Command[] = ["start", "help", "new", "list", "rule", "settings"];

export const GROUP_HINT = "Опишите случай после команды: /judge что произошло за столом. Или ответьте на моё сообщение.";
export const ADMINS_ONLY = "Документ для судейства в группе выбирают админы чата.";

export async function groupRuleset(deps: FeatureDeps, chatId: number): Promise<Ruleset> {
  return (await deps.storage.read(chatKey(chatId)))?.ruleset ?? deps.defaultRuleset;
}

/** A group step: the dialog follows the chat's ruleset; a change an admin makes becomes the chat's. */
export async function groupStep(
  ctx: BotContext,
  deps: FeatureDeps,
  input: Input,
  owner: number,
  extra: { pressed?: number; replyTo?: number },
): Promise<void> {
  const chatId = ctx.chat!.id;
  const ruleset = await groupRuleset(deps, chatId);
  if (ctx.session.dialog !== undefined && currentRuleset(ctx.session.dialog) !== ruleset) {
    ctx.session.dialog = deps.judge.step(ctx.session.dialog, { kind: "command", name: "ruleset", arg: ruleset }).state;
  }
  await step(ctx, deps, input, { owner, ruleset, ...extra });
  const after = currentRuleset(ctx.session.dialog);
  if (after && after !== ruleset && (await isChatAdmin(ctx, chatId, ctx.from!.id))) {
    await deps.storage.write(chatKey(chatId), { ruleset: after });
    ctx.log.info({ chatId, ruleset: after }, "документ группы изменён");
  }
}

function mentions(ctx: BotContext): boolean {
  const username = ctx.me.username.toLowerCase();
  const text = ctx.message?.text ?? "";
  return (ctx.message?.entities ?? []).some(
    (e) => e.type === "mention" && text.slice(e.offset + 1, e.offset + e.length).toLowerCase() === username,
  );
}

function withoutMention(ctx: BotContext): string {
  return (ctx.message?.text ?? "")
    .replace(new RegExp(`@${ctx.me.username}\\b`, "gi"), " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function groupChats(deps: FeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const group = composer.chatType(["group", "supergroup"]);
  const replyTo = (ctx: BotContext) => ({ replyTo: ctx.message!.message_id });

  group.command("judge", async (ctx) => {
    const text = ctx.match.trim();
    if (!text) {
      await ctx.reply(GROUP_HINT, { reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true } });
      return;
    }
    await groupStep(ctx, deps, { kind: "text", text }, ctx.from.id, replyTo(ctx));
  });
  // one filter for these (each filter costs grammY a middleware built per update)
  group.command([...PASS_THROUGH], (ctx) =>
    groupStep(
      ctx,
      deps,
      { kind: "command", name: commandName(ctx.message.text, PASS_THROUGH), arg: ctx.match.trim() },
      ctx.from.id,
      replyTo(ctx),
    ),
  );
  group.command("ruleset", async (ctx) => {
    if (!(await isChatAdmin(ctx, ctx.chat.id, ctx.from.id))) {
      await ctx.reply(ADMINS_ONLY, { reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true } });
      return;
    }
    await groupStep(ctx, deps, { kind: "command", name: "ruleset", arg: ctx.match.trim() }, ctx.from.id, replyTo(ctx));
  });
  group.on("message:text", async (ctx, next) => {
    const toBot = ctx.message.reply_to_message?.from?.id === ctx.me.id;
    if (!toBot && !mentions(ctx)) return next();
    const text = withoutMention(ctx);
    if (!text) {
      await ctx.reply(GROUP_HINT, { reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true } });
      return;
    }
    await groupStep(ctx, deps, { kind: "text", text }, ctx.from.id, replyTo(ctx));
  });
  return composer;
}
