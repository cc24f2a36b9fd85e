/** Private chats: every command goes to the judge; any text starts or continues the dialog. */
import { Composer } from "grammy";
import type { Command } from "../../engine/index.js";
import type { BotContext } from "../context.js";
import type { FeatureDeps } from "../deps.js";
import { commandName, step } from "../dialog.js";
import { clauseOfDeepLink } from "./inline.js";

const COMMANDS: readonly Command[] = ["start", "help", "new", "list", "rule", "ruleset", "settings"];

export function privateChats(deps: FeatureDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const chat = composer.chatType("private");
  const options = (ctx: BotContext) => ({ owner: ctx.from!.id, ruleset: deps.defaultRuleset });

  // one filter for all the commands (each filter costs grammY a middleware built per update);
  // /start's deep-link payload (t.me/bot?start=fspr-10_4_6) arrives as the command's argument
  chat.command([...COMMANDS], async (ctx) => {
    const name = commandName(ctx.message.text, COMMANDS);
    const arg = ctx.match.trim();
    await step(ctx, deps, { kind: "command", name, arg: name === "start" ? clauseOfDeepLink(arg) : arg }, options(ctx));
  });
  chat.on("message:text", async (ctx) => {
    // a reply to the live ruling or question is about that case («а если это был мизер?»)
    const continues = ctx.message.reply_to_message?.message_id === ctx.session.liveMessage && ctx.session.liveMessage !== undefined;
    await step(ctx, deps, { kind: "text", text: ctx.message.text, ...(continues ? { continues } : {}) }, options(ctx));
  });
  chat.on("message", (ctx) => ctx.reply("Опишите случай словами — я отвечаю на текст. Подсказка: /help"));
  return composer;
}
