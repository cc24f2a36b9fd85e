/**
 * The judges' log in group chats. Every ruling shown in a group is recorded (see `rulingRecorder`,
 * called where the dialog shows a ruling) and its message gains the case's number, the chat's
 * precedent if the judge decided the same clause and facts before, and a «Решение судьи» button.
 * The chat's judge (an admin) answers the bot's prompt in words; the ruling then shows
 * «Судья турнира: …». Where the judge asks whether an offence is a repeat and the chat's
 * tournament has earlier rulings of the clause, it asks about them (`earlierCasesInChat`).
 * Commands: /history, /case N, /export, /forget, /tournament. Times and the chat's day are
 * those of LOG_TIME_ZONE.
 * The log is an extra: when its store is down, rulings go on and the commands say so.
 */
import { Composer, InputFile } from "grammy";
import type { InlineKeyboardButton, InlineKeyboardMarkup, User } from "grammy/types";
import type { Judge, Reply } from "../../engine/index.js";
import { toCsv } from "../../judges-log/csv.js";
import { earlierCaseNumbers, numbersOfCase, withLoggedCase } from "../../judges-log/earlier-cases.js";
import type { JudgesLog } from "../../judges-log/open.js";
import { caseText, historyLine, precedentLine } from "../../judges-log/text.js";
import { chatDay } from "../../judges-log/time-zone.js";
import type { Person } from "../../judges-log/types.js";
import { isChatAdmin } from "../admins.js";
import type { BotContext } from "../context.js";
import { escapeHtml } from "../html.js";
import type { RenderedMessage } from "../render.js";
import { MESSAGE_LIMIT } from "../split.js";

export interface JudgesLogDeps {
  readonly log: JudgesLog;
  /** «ФСПР 10.4.6 «Фальшренонс»», or the id itself for an unknown one */
  readonly clauseLabel: (id: string) => string;
  /** the case a stored dialog has in hand (Judge.caseOf) */
  readonly caseOf: (dialog: unknown) => string | undefined;
  /** the IANA zone of the chat's day and of the times shown */
  readonly timeZone: string;
}

export const DECISION_LABEL = "Решение судьи";
export const JUDGE_ONLY = "Решение принимает судья турнира — админ чата.";
export const LOG_DOWN = "Журнал сейчас недоступен, попробуйте позже.";
export const PROMPT_PREFIX = "Решение судьи по случаю №";
const PAGE_SIZE = 5;
const PROMPT = new RegExp(`^${PROMPT_PREFIX}(\\d+)`);

// callback data: «J:d:N» decide case N, «J:h:P» history page P
const DATA = /^J:(d|h):(\d+)$/;

function displayName(user: Pick<User, "first_name" | "last_name">): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ");
}

const person = (user: User): Person => ({ id: user.id, name: displayName(user) });

async function asker(ctx: BotContext, chatId: number, owner: number): Promise<Person> {
  if (ctx.from?.id === owner) return person(ctx.from);
  // an admin pressed the last button of someone else's dialog: the asker is the dialog's owner
  const member = await ctx.api.getChatMember(chatId, owner).catch(() => undefined);
  return member ? person(member.user) : { id: owner, name: `участник ${owner}` };
}

const replyTo = (ctx: BotContext) =>
  ctx.message ? { reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true } } : {};

function withRow(markup: InlineKeyboardMarkup | undefined, row: InlineKeyboardButton[]): InlineKeyboardMarkup {
  return { inline_keyboard: [...(markup?.inline_keyboard ?? []), row] };
}

/** A ruling's messages with the log's lines added, and what to do once the last of them is shown. */
export interface LoggedRuling {
  readonly messages: readonly RenderedMessage[];
  /** the buttons the ruling keeps when a newer message of the dialog takes its live buttons away */
  readonly keptRows: InlineKeyboardButton[][];
  shown(messageId: number): Promise<void>;
}

/**
 * What the dialog calls before it shows a ruling (src/telegram/dialog.ts): undefined leaves the
 * ruling as it is (not a group, or the log is down).
 */
export type RulingHook = (
  ctx: BotContext,
  reply: Reply,
  rendered: readonly RenderedMessage[],
  owner: number,
) => Promise<LoggedRuling | undefined>;

/**
 * Records the ruling, then adds to its last message the case's number, the chat's precedent and
 * the «Решение судьи» button — in the message itself, so a ruling costs no extra call.
 */
export function rulingRecorder(deps: JudgesLogDeps): RulingHook {
  return async (ctx, reply, rendered, owner) => {
    const chat = ctx.chat;
    const last = rendered.at(-1);
    if (!reply.verdict || !chat || chat.type === "private" || !last) return undefined;
    const chatId = chat.id;
    const verdict = reply.verdict;
    const facts = (reply.facts ?? []).map((f) => ({ fact: f.fact, value: f.value, label: f.label, source: f.source }));
    // the player said it was the same player as in an earlier case (the judge asked about the log's cases)
    const repeatOf = reply.facts?.find((f) => f.sameAsCase !== undefined)?.sameAsCase;
    const who = await asker(ctx, chatId, owner);
    const at = new Date();
    const ruling = { chatId, at, day: chatDay(at, deps.timeZone), asker: who, facts, clause: verdict.clause, caseId: verdict.case };
    const entry = await deps.log.attempt(async (store) => {
      const recorded = await store.record({ ...ruling, verdictText: reply.text });
      if (repeatOf !== undefined) await store.markRepeat(chatId, recorded.caseNo, repeatOf);
      return recorded;
    });
    if (!entry) return undefined;
    ctx.session.loggedCases = withLoggedCase(ctx.session.loggedCases, deps.caseOf(ctx.session.dialog), entry.caseNo);
    const precedent = await deps.log.attempt((store) => store.precedent(chatId, entry.clause, entry.facts, entry.caseNo));

    const lines = [`📒 <i>Случай №${entry.caseNo} в журнале чата</i>`];
    if (precedent) lines.push(`⚖️ ${escapeHtml(precedentLine(precedent, deps.timeZone))}`);
    const footer = lines.join("\n");
    const decisionRow: InlineKeyboardButton[] = [{ text: DECISION_LABEL, callback_data: `J:d:${entry.caseNo}` }];
    const keyboard = withRow(last.keyboard, decisionRow);
    // room is kept for «Судья турнира: …» too; a ruling that long gets the lines as a message of their own
    const fits = last.html.length + footer.length + 2 <= MESSAGE_LIMIT - 600;
    const extended: RenderedMessage = fits ? { html: `${last.html}\n\n${footer}`, keyboard } : { html: last.html, keyboard };
    return {
      messages: [...rendered.slice(0, -1), extended],
      keptRows: [decisionRow],
      shown: async (messageId) => {
        const markup = JSON.stringify(keyboard);
        await deps.log.attempt((store) => store.setMessage(chatId, entry.caseNo, { id: messageId, html: extended.html, markup }));
        if (!fits)
          await ctx.api.sendMessage(chatId, footer, {
            parse_mode: "HTML",
            reply_parameters: { message_id: messageId, allow_sending_without_reply: true },
          });
      },
    };
  };
}

/** What the dialog asks before the judge's repeat question is shown: the case numbers to ask about instead. */
export type EarlierCasesHook = (ctx: BotContext, clause: string, dialog: unknown) => Promise<readonly number[] | undefined>;

/**
 * The clause's earlier rulings in the group's tournament, but the case in hand's own (ruled
 * before a fact of it changed); none in a private chat or while the log is down.
 */
export function earlierCasesInChat(deps: JudgesLogDeps): EarlierCasesHook {
  return async (ctx, clause, dialog) => {
    const chat = ctx.chat;
    if (!chat || chat.type === "private") return undefined;
    const own = numbersOfCase(ctx.session.loggedCases, deps.caseOf(dialog));
    return deps.log.attempt((store) =>
      earlierCaseNumbers(store, { chatId: chat.id, clause, now: new Date(), timeZone: deps.timeZone }, own),
    );
  };
}

async function historyMessage(deps: JudgesLogDeps, chatId: number, page: number): Promise<RenderedMessage | undefined> {
  const found = await deps.log.attempt((store) => store.history(chatId, page * PAGE_SIZE, PAGE_SIZE));
  if (!found) return undefined;
  if (found.total === 0) return { html: "В журнале чата пока нет случаев. Разобрать случай: /judge …", keyboard: undefined };
  const pages = Math.ceil(found.total / PAGE_SIZE);
  const shown = Math.min(page, pages - 1);
  const head = `<b>Журнал чата</b>: случаев ${found.total}${pages > 1 ? `, стр. ${shown + 1} из ${pages}` : ""}`;
  const body = found.entries.map((e) => escapeHtml(historyLine(e, deps.clauseLabel, deps.timeZone))).join("\n");
  const nav: InlineKeyboardButton[] = [];
  if (shown > 0) nav.push({ text: "← Новее", callback_data: `J:h:${shown - 1}` });
  if (shown < pages - 1) nav.push({ text: "Старше →", callback_data: `J:h:${shown + 1}` });
  return { html: `${head}\n\n${body}\n\nСлучай целиком: /case N`, keyboard: nav.length ? { inline_keyboard: [nav] } : undefined };
}

export function judgesLogFeature(deps: JudgesLogDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const group = composer.chatType(["group", "supergroup"]);

  group.command("history", async (ctx) => {
    const page = Math.max(0, Number.parseInt(ctx.match.trim(), 10) - 1 || 0);
    const message = await historyMessage(deps, ctx.chat.id, page);
    if (!message) return void (await ctx.reply(LOG_DOWN, replyTo(ctx)));
    await ctx.reply(message.html, { parse_mode: "HTML", ...(message.keyboard ? { reply_markup: message.keyboard } : {}), ...replyTo(ctx) });
  });

  group.command("case", async (ctx) => {
    const caseNo = Number.parseInt(ctx.match.replace(/^№/, "").trim(), 10);
    if (!Number.isSafeInteger(caseNo) || caseNo < 1) return void (await ctx.reply("Номер случая: /case 7", replyTo(ctx)));
    const found = await deps.log.attempt(async (store) => ({ entry: await store.entry(ctx.chat.id, caseNo) }));
    if (!found) return void (await ctx.reply(LOG_DOWN, replyTo(ctx)));
    const text = found.entry ? caseText(found.entry, deps.clauseLabel, deps.timeZone) : `Случая №${caseNo} в журнале чата нет.`;
    await ctx.reply(escapeHtml(text), { parse_mode: "HTML", ...replyTo(ctx) });
  });

  group.command("export", async (ctx) => {
    const chatId = ctx.chat.id;
    const found = await deps.log.attempt(async (store) => {
      const tournament = ctx.match.trim() || (await store.currentTournament(chatId, chatDay(new Date(), deps.timeZone)));
      return { tournament, entries: await store.tournamentEntries(chatId, tournament) };
    });
    if (!found) return void (await ctx.reply(LOG_DOWN, replyTo(ctx)));
    if (!found.entries.length) return void (await ctx.reply(`В турнире «${found.tournament}» случаев нет.`, replyTo(ctx)));
    const file = `sudya-${found.tournament.replace(/[^\p{L}\p{N}._-]+/gu, "_")}.csv`;
    await ctx.replyWithDocument(new InputFile(Buffer.from(toCsv(found.entries, deps.clauseLabel, deps.timeZone), "utf8"), file), {
      caption: `Журнал турнира «${found.tournament}»: случаев ${found.entries.length}`,
      ...replyTo(ctx),
    });
  });

  group.command("tournament", async (ctx) => {
    const chatId = ctx.chat.id;
    const arg = ctx.match.trim();
    if (arg && !(await isChatAdmin(ctx, chatId, ctx.from.id)))
      return void (await ctx.reply("Турнир открывает и закрывает судья — админ чата.", replyTo(ctx)));
    const said = await deps.log.attempt(async (store) => {
      const now = new Date();
      if (!arg) {
        const open = await store.openTournament(chatId);
        return open
          ? `Идёт турнир «${open.name}». Закрыть: /tournament end`
          : `Турнир не открыт: случаи идут в журнал дня ${await store.currentTournament(chatId, chatDay(now, deps.timeZone))}. Открыть: /tournament Название`;
      }
      if (/^(end|конец|закрыть|стоп)$/i.test(arg)) {
        const closed = await store.endTournament(chatId, now);
        return closed ? `Турнир «${closed}» закрыт. Его журнал: /export ${closed}` : "Открытого турнира нет.";
      }
      await store.startTournament(chatId, arg, now);
      return `Открыт турнир «${arg}»: случаи записываются в его журнал. Закрыть: /tournament end`;
    });
    await ctx.reply(said ?? LOG_DOWN, replyTo(ctx));
  });

  // in any chat: a player may take their entries out of every chat's log
  composer.command("forget", async (ctx) => {
    if (!ctx.from) return;
    const userId = ctx.from.id;
    const deleted = await deps.log.attempt((store) => store.forget(userId));
    await ctx.reply(
      deleted === undefined
        ? LOG_DOWN
        : `Удалено из журналов случаев, о которых спрашивали вы: ${deleted}. Ваше имя под решениями судьи стёрто.`,
      replyTo(ctx),
    );
  });

  // the judge's answer to the bot's prompt: the decision in words
  group.on("message:text", async (ctx, next) => {
    const prompt = ctx.message.reply_to_message;
    const caseNo = prompt?.from?.id === ctx.me.id ? PROMPT.exec(prompt.text ?? "")?.[1] : undefined;
    if (caseNo === undefined) return next();
    const chatId = ctx.chat.id;
    if (!(await isChatAdmin(ctx, chatId, ctx.from.id))) return void (await ctx.reply(JUDGE_ONLY, replyTo(ctx)));
    const decision = { text: ctx.message.text.trim(), judge: person(ctx.from), at: new Date() };
    const entry = await deps.log.attempt(async (store) =>
      (await store.decide(chatId, Number(caseNo), decision)) ? store.entry(chatId, Number(caseNo)) : undefined,
    );
    if (!entry) return void (await ctx.reply(LOG_DOWN, replyTo(ctx)));
    if (entry.message) {
      const markup = JSON.parse(entry.message.markup ?? "null") as InlineKeyboardMarkup | null;
      await ctx.api
        .editMessageText(chatId, entry.message.id, `${entry.message.html}\n\n⚖️ <b>Судья турнира:</b> ${escapeHtml(decision.text)}`, {
          parse_mode: "HTML",
          link_preview_options: { is_disabled: true },
          ...(markup ? { reply_markup: markup } : {}),
        })
        .catch((error: unknown) => ctx.log.warn({ err: error, caseNo }, "не удалось показать решение судьи в сообщении"));
    }
    await ctx.reply(`Записано в журнал: решение судьи по случаю №${caseNo}.`, replyTo(ctx));
  });

  composer.callbackQuery(DATA, async (ctx) => {
    const [, kind, first] = ctx.match;
    const message = ctx.callbackQuery.message;
    const chatId = message?.chat.id;
    if (!message || chatId === undefined || message.chat.type === "private") return void (await ctx.answerCallbackQuery());
    const number = Number(first);
    if (kind === "h") {
      await ctx.answerCallbackQuery();
      const page = await historyMessage(deps, chatId, number);
      if (!page) return;
      await ctx.api
        .editMessageText(chatId, message.message_id, page.html, {
          parse_mode: "HTML",
          ...(page.keyboard ? { reply_markup: page.keyboard } : {}),
        })
        .catch((error: unknown) => ctx.log.debug({ err: error }, "страница журнала не изменилась"));
      return;
    }
    // kind d: the judge's decision on case N
    if (!(await isChatAdmin(ctx, chatId, ctx.from.id))) return void (await ctx.answerCallbackQuery({ text: JUDGE_ONLY, show_alert: true }));
    await ctx.answerCallbackQuery();
    await ctx.api.sendMessage(chatId, `${PROMPT_PREFIX}${number}: ответьте на это сообщение своим решением словами.`, {
      reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
    });
  });

  return composer;
}

/** the feature's dependencies from the log and the rules */
export function judgesLogDeps(log: JudgesLog, judge: Judge, timeZone: string): JudgesLogDeps {
  return {
    log,
    clauseLabel: (id) => judge.citationLabel(id) ?? id,
    caseOf: (dialog) => judge.caseOf(dialog),
    timeZone,
  };
}
