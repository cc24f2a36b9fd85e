/**
 * One dialog step over Telegram: feed the input to the judge, keep its state in the session, and
 * show its replies. A press on the message showing the dialog's live buttons (its question or its
 * ruling) edits that message in place; a press on a list page turns the page in place; everything
 * else is sent as new messages, so a ruling already shown stays. When a new message takes the
 * dialog over, the old one loses its keyboard: its buttons would only be refused.
 */
import { GrammyError } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { Input, Judge, Reply } from "../engine/index.js";
import { askAboutEarlierCases } from "../judges-log/earlier-cases.js";
import type { Ruleset } from "../search/types.js";
import type { BotContext } from "./context.js";
import type { EarlierCasesHook, RulingHook } from "./features/judges-log.js";
import { renderReply, type RenderedMessage } from "./render.js";

export interface DialogDeps {
  readonly judge: Judge;
  readonly citationLabel: (id: string) => string | undefined;
  /** saves the session now, before the replies go out (see step) */
  readonly persist?: (ctx: BotContext) => Promise<void>;
  /** the judges' log: records a ruling and adds its lines to the ruling's message */
  readonly onRuling?: RulingHook;
  /** the judges' log: earlier rulings of a clause, for the judge's repeat question to ask about */
  readonly earlierCases?: EarlierCasesHook;
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
  /** in groups, who answered for the asker: said under the ruling */
  readonly answeredBy?: readonly string[];
}

export interface StepOutcome {
  /** the judge refused the press (stale, foreign): this short notice is for the callback answer */
  readonly popup?: string;
}

/**
 * Which of `names` a message's command is («/rule@JudgeBot 10.4.6» → rule), for a handler that
 * grammY's command filter already matched against them; the first of them if none fits.
 */
export function commandName<N extends string>(text: string, names: readonly [N, ...N[]] | readonly N[]): N {
  const word = /^\/([^\s@]+)/.exec(text)?.[1];
  return names.find((n) => n === word) ?? names[0];
}

export async function step(ctx: BotContext, deps: DialogDeps, input: Input, options: StepOptions): Promise<StepOutcome> {
  const before = ctx.session.dialog ?? deps.judge.initial(options.ruleset);
  const stepped = deps.judge.step(before, input);
  const earlierCases = deps.earlierCases;
  const { state, replies } = earlierCases
    ? await askAboutEarlierCases(deps.judge, stepped, (clause, dialog) => earlierCases(ctx, clause, dialog))
    : stepped;
  ctx.log.debug({ input: input.kind, replies: replies.length, verdict: replies.find((r) => r.verdict)?.verdict }, "шаг диалога");
  const popup = replies.length === 1 && replies[0]!.popup ? replies[0]!.text : undefined;
  // a refused press changes nothing: no save, no message; the adapter answers the query with it
  if (popup !== undefined && input.kind === "press") return { popup };
  ctx.session.dialog = state;
  // Save before showing: a crash after the player sees the next question must not leave the
  // store a step behind (that question's buttons would then be refused). A crash between the
  // save and the message leaves the old question shown, which the judge still understands.
  await deps.persist?.(ctx);
  await show(ctx, deps, replies, options);
  return {};
}

/** A page of the clause list: its buttons only browse, and turning a page replaces it. */
function isListPage(reply: Reply): boolean {
  return !reply.live && !reply.verdict && reply.citations.length === 0 && reply.buttons.some((row) => row.length > 0);
}

async function show(ctx: BotContext, deps: DialogDeps, replies: readonly Reply[], options: StepOptions): Promise<void> {
  const chatId = ctx.chat!.id;
  const live = ctx.session.liveMessage;
  const first = replies[0];
  const onLive = options.pressed !== undefined && options.pressed === live;
  let editId =
    first && options.pressed !== undefined && ((onLive && first.live) || (!onLive && isListPage(first))) ? options.pressed : undefined;
  let replyTo = options.replyTo;
  let nowLive = live;
  let nowKept = ctx.session.liveKeptRows;
  for (const reply of replies) {
    const rendered = renderReply(reply, {
      owner: options.owner,
      citationLabel: deps.citationLabel,
      ...(reply.verdict && options.answeredBy?.length ? { answeredBy: options.answeredBy } : {}),
    });
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
    if (reply.live && last !== nowLive) {
      nowLive = last;
      nowKept = logged?.keptRows;
    }
    if (logged && last !== undefined) await logged.shown(last);
  }
  const keptByOld = ctx.session.liveKeptRows;
  ctx.session.liveMessage = nowLive;
  if (nowKept?.length) ctx.session.liveKeptRows = nowKept;
  else delete ctx.session.liveKeptRows;
  if (live !== undefined && nowLive !== live) await dropKeyboard(ctx, chatId, live, keptByOld ?? []);
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

/** The old live message's buttons go (pressed, they would only be refused), but for those it keeps. */
async function dropKeyboard(ctx: BotContext, chatId: number, messageId: number, kept: InlineKeyboardButton[][]): Promise<void> {
  try {
    await ctx.api.editMessageReplyMarkup(chatId, messageId, { reply_markup: { inline_keyboard: kept } });
  } catch (error) {
    // gone or already bare: nothing to take away
    if (error instanceof GrammyError && error.error_code === 400) return;
    throw error;
  }
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
