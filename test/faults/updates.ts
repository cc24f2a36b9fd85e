/**
 * Updates as Telegram sends them, and an in-process Bot API for bot-level tests: every call is
 * recorded and answered with a plausible result, with no network. Shared by test/faults,
 * test/hostile, test/load and the benchmark's pipeline figure.
 */
import type { Update, UserFromGetMe } from "grammy/types";

export const BOT_INFO: UserFromGetMe = {
  id: 7000000001,
  is_bot: true,
  first_name: "Судья",
  username: "sudya_test_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: true,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
} as UserFromGetMe;

export const TEST_TOKEN = "123456789:AAEtest-token-for-tests-only_xxxxxx";

let nextUpdateId = 1;
let nextMessageId = 1000;
const now = (): number => Math.floor(Date.now() / 1000);

export type ChatKind = "private" | "group";

export function user(id: number) {
  return { id, is_bot: false, first_name: `Игрок ${id}`, language_code: "ru" };
}

export function chatOf(kind: ChatKind, userId: number, groupId = -100500) {
  return kind === "private"
    ? { id: userId, type: "private" as const, first_name: `Игрок ${userId}` }
    : { id: groupId, type: "supergroup" as const, title: "Судейская" };
}

export function textUpdate(userId: number, text: string, kind: ChatKind = "private", groupId?: number): Update {
  const entities = text.startsWith("/") ? [{ type: "bot_command" as const, offset: 0, length: text.split(/\s/)[0]!.length }] : undefined;
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextMessageId++,
      date: now(),
      chat: chatOf(kind, userId, groupId),
      from: user(userId),
      text,
      ...(entities ? { entities } : {}),
    },
  };
}

export function pressUpdate(userId: number, data: string, messageId: number, kind: ChatKind = "private", groupId?: number): Update {
  return {
    update_id: nextUpdateId++,
    callback_query: {
      id: `cq${nextUpdateId}`,
      from: user(userId),
      chat_instance: "ci",
      data,
      message: { message_id: messageId, date: now(), chat: chatOf(kind, userId, groupId), from: BOT_INFO, text: "…" },
    },
  };
}

export function inlineUpdate(userId: number, query: string): Update {
  return { update_id: nextUpdateId++, inline_query: { id: `iq${nextUpdateId}`, from: user(userId), query, offset: "" } };
}

/** Update kinds a judge bot gets but does not serve: each must meet a short reply or silence. */
export function oddUpdates(userId: number): Record<string, Update> {
  const chat = chatOf("private", userId);
  const base = () => ({ message_id: nextMessageId++, date: now(), chat, from: user(userId) });
  return {
    edited_message: {
      update_id: nextUpdateId++,
      edited_message: { ...base(), edit_date: now(), text: "исправил: сдающий засветил карту" },
    },
    channel_post: {
      update_id: nextUpdateId++,
      channel_post: {
        message_id: nextMessageId++,
        date: now(),
        chat: { id: -1009, type: "channel", title: "Канал" },
        text: "/rule 10.4.6",
      },
    },
    sticker: {
      update_id: nextUpdateId++,
      message: {
        ...base(),
        sticker: { file_id: "s", file_unique_id: "s", type: "regular", width: 512, height: 512, is_animated: false, is_video: false },
      },
    },
    photo: {
      update_id: nextUpdateId++,
      message: { ...base(), photo: [{ file_id: "p", file_unique_id: "p", width: 90, height: 90 }], caption: "вот расклад" },
    },
    voice: { update_id: nextUpdateId++, message: { ...base(), voice: { file_id: "v", file_unique_id: "v", duration: 3 } } },
    new_members: {
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        date: now(),
        chat: chatOf("group", userId),
        from: user(userId),
        new_chat_members: [user(userId + 1)],
      },
    },
    my_chat_member: {
      update_id: nextUpdateId++,
      my_chat_member: {
        chat: chatOf("group", userId),
        from: user(userId),
        date: now(),
        old_chat_member: { status: "left", user: BOT_INFO },
        new_chat_member: { status: "member", user: BOT_INFO },
      },
    },
  };
}

export interface ApiCall {
  readonly method: string;
  readonly payload: Record<string, unknown>;
}

/** What the fake Bot API answers for a method; messages get fresh ids. */
export function fakeResult(method: string, payload: Record<string, unknown>): unknown {
  switch (method) {
    case "sendMessage":
    case "editMessageText":
    case "sendPhoto":
      return {
        message_id: nextMessageId++,
        date: now(),
        chat: { id: Number(payload.chat_id ?? 0), type: Number(payload.chat_id) < 0 ? "supergroup" : "private" },
        from: BOT_INFO,
        text: typeof payload.text === "string" ? payload.text : "",
        ...(payload.reply_markup ? { reply_markup: payload.reply_markup } : {}),
      };
    case "getMe":
      return BOT_INFO;
    case "getChatMember":
      return { status: Number(payload.user_id) === 1 ? "administrator" : "member", user: user(Number(payload.user_id)) };
    case "getChatAdministrators":
      return [];
    default:
      return true;
  }
}
