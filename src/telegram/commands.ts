/** The command menus Telegram shows: one for private chats, one for groups (setMyCommands). */
import type { Api } from "grammy";
import type { BotCommand } from "grammy/types";

export const PRIVATE_COMMANDS: readonly BotCommand[] = [
  { command: "start", description: "Начать: как спросить судью" },
  { command: "help", description: "Подсказка и примеры" },
  { command: "rule", description: "Пункт по номеру или словам: /rule 10.4.6" },
  { command: "list", description: "Все документы, разделы и пункты" },
  { command: "ruleset", description: "По какому документу судить" },
  { command: "settings", description: "Как считать очки: Сочи, Ленинград, Ростов" },
  { command: "new", description: "Новый случай" },
];

export const GROUP_COMMANDS: readonly BotCommand[] = [
  { command: "judge", description: "Рассудить случай: /judge что произошло" },
  { command: "rule", description: "Пункт по номеру или словам: /rule 10.4.6" },
  { command: "list", description: "Все документы, разделы и пункты" },
  { command: "new", description: "Новый случай" },
  { command: "help", description: "Как спросить судью в группе" },
  { command: "ruleset", description: "По какому документу судить (для админов)" },
  { command: "settings", description: "Как считать очки: Сочи, Ленинград, Ростов" },
  { command: "history", description: "Журнал решений чата" },
  { command: "case", description: "Случай из журнала: /case 7" },
  { command: "tournament", description: "Турнир: /tournament Название, /tournament end (для админов)" },
  { command: "export", description: "Журнал турнира файлом CSV" },
  { command: "forget", description: "Удалить мои случаи из журналов" },
];

export async function registerCommands(api: Api): Promise<void> {
  await api.setMyCommands([...PRIVATE_COMMANDS], { scope: { type: "all_private_chats" } });
  await api.setMyCommands([...GROUP_COMMANDS], { scope: { type: "all_group_chats" } });
}
