/**
 * Groups, with privacy mode on: the bot sees commands, mentions and replies to its own messages.
 * `/judge <описание>` starts a case; each member's dialog is their own (see session-key.ts); a
 * reply to the bot's ruling continues that case. The ruleset is the chat's, chosen by its
 * admins, and every dialog in the group follows it.
 */
import { Composer } from "grammy";
import type { Command, Input } from "../../engine/index.js";
import type { Ruleset } from "../../search/types.js";
import { isChatAdmin } from "../admins.js";
import type { BotContext } from "../context.js";
import type { FeatureDeps } from "../deps.js";
import { commandName, step, type StepOutcome } from "../dialog.js";
import { chatKey } from "../session-key.js";

const PASS_THROUGH: readonly Command[] = ["start", "new", "list", "rule", "settings"];

export const GROUP_HINT = "Опишите случай после команды: /judge что произошло за столом. Или ответьте на моё сообщение.";
export const ADMINS_ONLY = "Документ для судейства в группе выбирают админы чата.";

/** The group's /help: in privacy mode the bot sees only commands, mentions and replies to it. */
export function groupHelp(username: string): string {
  return [
    "Я судья по преферансу: разбираю ошибки за столом по кодексу ФСПР и таблице Зинина.",
    "В группе я вижу не всё, поэтому спросите меня одним из способов:",
    "• /judge что произошло — например: /judge вистующий не положил масть, хотя она была;",
    `• упомяните меня: @${username} при сдаче открылась карта;`,
    "• ответьте на моё сообщение — так уточняют уже разобранный случай («а если это был мизер?»).",
    "Отвечает на вопросы тот, кто спросил, или админ чата. /rule 10.4.6 — пункт по номеру, /list — все пункты.",
  ].join("\n");
}

export async function groupRuleset(deps: FeatureDeps, chatId: number): Promise<Ruleset> {
  return (await deps.storage.read(chatKey(chatId)))?.ruleset ?? deps.defaultRuleset;
}

/**
 * A group step: the dialog follows the chat's ruleset; a change an admin makes becomes the
 * chat's. `answeredBy` names an admin answering for the asker: the ruling will say so.
 */
export async function groupStep(
  ctx: BotContext,
  deps: FeatureDeps,
  input: Input,
  owner: number,
  extra: { pressed?: number; replyTo?: number; answeredBy?: string },
): Promise<StepOutcome> {
  const chatId = ctx.chat!.id;
  const ruleset = await groupRuleset(deps, chatId);
  if (ctx.session.dialog !== undefined && deps.judge.rulesetOf(ctx.session.dialog) !== ruleset) {
    ctx.session.dialog = deps.judge.withRuleset(ctx.session.dialog, ruleset);
  }
  // a new description is a new case: nobody has answered for it yet
  if (input.kind !== "press" && !(input.kind === "text" && input.continues)) ctx.session.answeredBy = undefined;
  const helpers = ctx.session.answeredBy ?? [];
  const answeredBy = extra.answeredBy !== undefined && !helpers.includes(extra.answeredBy) ? [...helpers, extra.answeredBy] : helpers;
  const outcome = await step(ctx, deps, input, {
    owner,
    ruleset,
    ...(extra.pressed !== undefined ? { pressed: extra.pressed } : {}),
    ...(extra.replyTo !== undefined ? { replyTo: extra.replyTo } : {}),
    ...(answeredBy.length ? { answeredBy } : {}),
  });
  if (outcome.popup === undefined && answeredBy.length) ctx.session.answeredBy = answeredBy;
  const after = deps.judge.rulesetOf(ctx.session.dialog);
  if (after && after !== ruleset && (await isChatAdmin(ctx, chatId, ctx.from!.id))) {
    await deps.storage.write(chatKey(chatId), { ruleset: after });
    ctx.log.info({ chatId, ruleset: after }, "документ группы изменён");
  }
  return outcome;
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
  const hint = (ctx: BotContext, text: string) =>
    ctx.reply(text, { reply_parameters: { message_id: ctx.message!.message_id, allow_sending_without_reply: true } });

  group.command("judge", async (ctx) => {
    const text = ctx.match.trim();
    if (!text) {
      await hint(ctx, GROUP_HINT);
      return;
    }
    await groupStep(ctx, deps, { kind: "text", text }, ctx.from.id, replyTo(ctx));
  });
  group.command("help", async (ctx) => {
    await hint(ctx, groupHelp(ctx.me.username));
  });
  // one filter for these (each filter costs grammY a middleware built per update)
  group.command([...PASS_THROUGH], async (ctx) => {
    await groupStep(
      ctx,
      deps,
      { kind: "command", name: commandName(ctx.message.text, PASS_THROUGH), arg: ctx.match.trim() },
      ctx.from.id,
      replyTo(ctx),
    );
  });
  group.command("ruleset", async (ctx) => {
    if (!(await isChatAdmin(ctx, ctx.chat.id, ctx.from.id))) {
      await hint(ctx, ADMINS_ONLY);
      return;
    }
    await groupStep(ctx, deps, { kind: "command", name: "ruleset", arg: ctx.match.trim() }, ctx.from.id, replyTo(ctx));
  });
  group.on("message:text", async (ctx, next) => {
    const repliedTo = ctx.message.reply_to_message;
    const toBot = repliedTo?.from?.id === ctx.me.id;
    if (!toBot && !mentions(ctx)) return next();
    const text = withoutMention(ctx);
    if (!text) {
      await hint(ctx, GROUP_HINT);
      return;
    }
    // a reply to the member's own live ruling or question is about that case
    const continues = toBot && repliedTo?.message_id === ctx.session.liveMessage;
    await groupStep(ctx, deps, { kind: "text", text, ...(continues ? { continues } : {}) }, ctx.from.id, replyTo(ctx));
  });
  return composer;
}
