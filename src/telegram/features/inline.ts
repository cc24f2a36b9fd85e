/**
 * Inline mode: `@bot <слова или номер>` in any chat lists matching clauses; choosing one posts the
 * clause card with its citation and a link that opens the clause in the bot. «Поделиться» under a
 * ruling fills in the ruling's share text, and its card carries the verdict in short, the facts
 * and the clause. An empty query offers the frequent cases. The ruleset is the user's own from
 * their private dialog (a private chat's id is the user's id).
 */
import { Composer } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import type { InlineResult } from "../../engine/index.js";
import type { BotContext } from "../context.js";
import type { FeatureDeps } from "../deps.js";
import { escapeHtml } from "../html.js";
import { citationFooter, rulingHtml } from "../render.js";
import { dialogKey } from "../session-key.js";
import { MESSAGE_LIMIT, splitText } from "../split.js";

export const INLINE_LIMIT = 20;

/** `fspr-10.4.6` → `fspr-10_4_6`: deep-link payloads allow only A-Z, a-z, 0-9, _ and -. */
export function deepLinkPayload(clauseId: string): string {
  return clauseId.replace(/\./g, "_");
}

/** `fspr-10_4_6` → `fspr-10.4.6`: a /start payload back to the clause id the judge knows. */
export function clauseOfDeepLink(payload: string): string {
  return /^(fspr|zinin)-\d+(_\d+)+$/.test(payload) ? payload.replace(/_/g, ".") : payload;
}

function cardHtml(r: InlineResult, citationLabel: (id: string) => string | undefined): string {
  // a shared ruling: the short part and its facts, no folded details (the link opens the clause)
  if (r.card.verdict) return rulingHtml({ ...r.card, details: undefined }, { citationLabel });
  const footer = citationFooter(r.card, citationLabel);
  const room = MESSAGE_LIMIT - footer.length - 40;
  // a card too long for one message is cut at a paragraph; the link opens the whole clause
  const pieces = splitText(r.card.text.trim(), room, (s) => escapeHtml(s).length);
  const body = escapeHtml(pieces[0] ?? "") + (pieces.length > 1 ? "\n…" : "");
  return footer ? `${body}\n\n${footer}` : body;
}

export function inline(deps: FeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("inline_query", async (ctx) => {
    const own = await deps.storage.read(dialogKey(ctx.from.id, ctx.from.id));
    const ruleset = deps.judge.rulesetOf(own?.dialog) ?? deps.defaultRuleset;
    const found = deps.judge.inline(ctx.inlineQuery.query, ruleset, INLINE_LIMIT);
    const results: InlineQueryResultArticle[] = found.map((r) => ({
      type: "article",
      id: r.id,
      title: r.title,
      description: r.description,
      input_message_content: {
        message_text: cardHtml(r, deps.citationLabel),
        parse_mode: "HTML",
        link_preview_options: { is_disabled: true },
      },
      reply_markup: {
        inline_keyboard: [[{ text: "Открыть в боте", url: `https://t.me/${ctx.me.username}?start=${deepLinkPayload(r.id)}` }]],
      },
    }));
    await ctx.answerInlineQuery(results, { cache_time: 30, is_personal: true });
  });
  return composer;
}
