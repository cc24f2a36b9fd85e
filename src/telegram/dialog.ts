/**
 * One dialog step over Telegram: feed the input to the judge, keep its state in the session, and
 * show its replies. A press on the open question edits that message in place; everything else
 * (and whatever follows the first reply) is sent as new messages, so a ruling already shown stays.
 */
import { GrammyError } from "grammy";
import type { Judge, Input, Reply } from "../engine/types.js";
import type { ClauseId } from "../knowledge/types.js";
import type { Ruleset } from "../search/types.js";
import type { BotContext } from "./context.js";
import type { RulingHook } from "./features/judges-log.js";
import { renderReply, type RenderedMessage } from "./render.js";

export interface DialogDeps {
  readonly judge: Judge;
  readonly citationLabel: (id: ClauseId) => string | undefined;
  /** saves the session now, before the replies go out (see step) */
  readonly persist?: (ctx: BotContext) => Promise<void>;
  /** the judges' log: records a ruling and adds its lines to the ruling's message */
  readonly onRuling?: RulingHook;
}

export interface StepOptions {
  /** whose dialog this is (its buttons carry this owner) */
  readonly owner: number;
  /** the ruleset a fresh dialog starts with */
  readonly ruleset: Ruleset;
  /** the message whose button was pressed */
  readonly pressed?: number;
  /** in groups, answer as a reply to the user's message */
  readonly replyTo?: number;
}

/**
 * Which of `names` a message's command is («/rule@JudgeBot 10.4.6» → rule), for a handler that
 * grammY's command filter already matched against them; the first of them if none fits.
 */
export function commandName<N extends string>(text: string, names: readonly [N, ...N[]] | readonly N[]): N {
  const word = /^\/([^\s@]+)/.exec(text)?.[1];
  return names.find((n) => n === word) ?? names[0];
}

/** The ruleset the stored dialog names, if any. */
export { rulesetOf as currentRuleset } from "../engine/state.js";

export async function step(ctx: BotContext, deps: DialogDeps, input: Input, options: StepOptions): Promise<void> {
  const before = ctx.session.dialog ?? deps.judge.initial(options.ruleset);
  const { state, replies } = deps.judge.step(before, input);
  ctx.session.dialog = state;
  ctx.log.debug({ input: input.kind, replies: replies.length, verdict: replies.find((r) => r.verdict)?.verdict }, "шаг диалога");
  // Save before showing: a crash after the player sees the next question must not leave the
  // store a step behind (that question's buttons would then be refused). A crash between the
  // save and the message leaves the old question shown, which the judge still understands.
  await deps.persist?.(ctx);
  await show(ctx, deps, replies, options);
}

function isQuestion(reply: Reply): boolean {
  return reply.citations.length === 0 && !reply.verdict && reply.buttons.some((row) => row.length > 0);
}

async function show(ctx: BotContext, deps: DialogDeps, replies: readonly Reply[], options: StepOptions): Promise<void> {
  const chatId = ctx.chat!.id;
  let editId = options.pressed !== undefined && options.pressed === ctx.session.q ? options.pressed : undefined;
  let replyTo = options.replyTo;
  let question: number | undefined;
  for (const reply of replies) {
    const rendered = renderReply(reply, { owner: options.owner, citationLabel: deps.citationLabel });
    const logged = reply.verdict ? await deps.onRuling?.(ctx, reply, rendered, options.owner) : undefined;
    const messages = logged?.messages ?? rendered;
    let last: number | undefined;
    for (const message of messages) {
      if (editId !== undefined) {
        last = await edit(ctx, chatId, editId, message);
        editId = undefined;
      } else {
        last = undefined;
      }
      if (last === undefined) {
        last = await send(ctx, chatId, message, replyTo);
        replyTo = undefined;
      }
    }
    question = isQuestion(reply) ? last : undefined;
    if (logged && last !== undefined) await logged.shown(last);
  }
  ctx.session.q = question;
}

async function send(ctx: BotContext, chatId: number, m: RenderedMessage, replyTo: number | undefined): Promise<number> {
  const sent = await ctx.api.sendMessage(chatId, m.html, {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    ...(m.keyboard ? { reply_markup: m.keyboard } : {}),
    ...(replyTo !== undefined ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } } : {}),
  });
  return sent.message_id;
}

/** Edits in place; undefined when the message cannot be edited any more (then a new one is sent). */
async function edit(ctx: BotContext, chatId: number, messageId: number, m: RenderedMessage): Promise<number | undefined> {
  try {
    await ctx.api.editMessageText(chatId, messageId, m.html, {
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
      ...(m.keyboard ? { reply_markup: m.keyboard } : {}),
    });
    return messageId;
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 400) {
      if (error.description.includes("message is not modified")) return messageId;
      ctx.log.debug({ description: error.description }, "не удалось изменить сообщение, отправляю новое");
      return undefined;
    }
    throw error;
  }
}
