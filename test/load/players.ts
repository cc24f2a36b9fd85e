/**
 * Simulated players against the fake Bot API: each writes, reads the bot's answer to them, and
 * presses a button, until a ruling. One dispatcher reads the fake's call log once and hands each
 * output to the player it belongs to (private: the chat; group: the owner tag in the buttons,
 * the message replied to, or the question message edited), so hundreds of players cost no more
 * than the calls themselves.
 */
import { decodeCallback } from "../../src/telegram/callback-data.js";
import { choose } from "../../bench/policy.js";
import type { ChatMessage, FakeBotApi, FakeUser, RecordedCall } from "../e2e/fake-bot-api.js";

export interface Player {
  readonly user: FakeUser;
  /** the chat the dialog runs in: the user's own id for a private chat, a group id otherwise */
  readonly chatId: number;
  readonly opener: string;
  readonly seed: number;
}

export interface PlayerResult {
  readonly player: Player;
  /** the messages of the bot's last answer to this player, as the chat shows them now */
  readonly final: readonly ChatMessage[];
  readonly presses: number;
  /** ms from each update of this player to the first output for it */
  readonly replyMs: number[];
  /** every message id the bot sent or edited for this player */
  readonly messages: number[];
}

type Listener = (call: RecordedCall) => void;

export class Dispatcher {
  readonly #fake: FakeBotApi;
  #next = 0;
  readonly #listeners = new Map<number, Listener>();
  /** bot message id → the player it belongs to (groups) */
  readonly #owners = new Map<string, number>();
  /** a user's message id → that user (groups: the first answer replies to it) */
  readonly #asked = new Map<string, number>();
  readonly #timer: NodeJS.Timeout;

  constructor(fake: FakeBotApi) {
    this.#fake = fake;
    this.#timer = setInterval(() => this.#drain(), 5);
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  listen(userId: number, listener: Listener): void {
    this.#listeners.set(userId, listener);
  }

  asked(chatId: number, messageId: number, userId: number): void {
    this.#asked.set(`${chatId}:${messageId}`, userId);
  }

  #drain(): void {
    const calls = this.#fake.calls;
    while (this.#next < calls.length) {
      const call = calls[this.#next]!;
      if (call.method === "getUpdates" || call.response === undefined) {
        if (call.method !== "getUpdates") return; // answered in a moment: keep the order
        this.#next++;
        continue;
      }
      this.#next++;
      if (call.response.ok !== true || (call.method !== "sendMessage" && call.method !== "editMessageText")) continue;
      const owner = this.#ownerOf(call);
      if (owner !== undefined) this.#listeners.get(owner)?.(call);
    }
  }

  #ownerOf(call: RecordedCall): number | undefined {
    const p = call.params;
    const chatId = Number(p.chat_id);
    const messageId =
      call.method === "editMessageText"
        ? Number(p.message_id)
        : Number((call.response as { result: { message_id: number } }).result.message_id);
    let owner: number | undefined;
    if (chatId > 0) owner = chatId;
    const markup = p.reply_markup as { inline_keyboard?: { callback_data?: string }[][] } | undefined;
    const tagged = (markup?.inline_keyboard ?? []).flat().find((b) => b.callback_data)?.callback_data;
    if (owner === undefined && tagged) owner = decodeCallback(tagged).owner;
    const replyTo = (p.reply_parameters as { message_id?: number } | undefined)?.message_id;
    if (owner === undefined && replyTo !== undefined) owner = this.#asked.get(`${chatId}:${replyTo}`);
    if (owner === undefined) owner = this.#owners.get(`${chatId}:${messageId}`);
    if (owner !== undefined) this.#owners.set(`${chatId}:${messageId}`, owner);
    return owner;
  }
}

/** Waits for the bot's answer to one update: the first output, then `quietMs` without more. */
function answer(
  dispatcher: Dispatcher,
  userId: number,
  quietMs: number,
  timeoutMs: number,
): { done: Promise<RecordedCall[]>; sentAt: number; firstAt: () => number | undefined } {
  const got: RecordedCall[] = [];
  let firstAt: number | undefined;
  const sentAt = Date.now();
  const done = new Promise<RecordedCall[]>((resolve, reject) => {
    let quiet: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => {
      clearTimeout(quiet);
      if (got.length) resolve(got);
      else reject(new Error(`player ${userId}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    dispatcher.listen(userId, (call) => {
      got.push(call);
      firstAt ??= Date.now();
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        clearTimeout(limit);
        resolve(got);
      }, quietMs);
    });
  });
  return { done, sentAt, firstAt: () => firstAt };
}

export interface PlayOptions {
  readonly quietMs?: number;
  readonly timeoutMs?: number;
  readonly maxPresses?: number;
}

/** One player's dialog from the opening text to a ruling (or to the last answer it got). */
export async function play(fake: FakeBotApi, dispatcher: Dispatcher, player: Player, options: PlayOptions = {}): Promise<PlayerResult> {
  const quietMs = options.quietMs ?? 250;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const replyMs: number[] = [];
  const messages = new Set<number>();
  const { user, chatId } = player;

  const exchange = async (act: () => void): Promise<RecordedCall[]> => {
    const waiting = answer(dispatcher, user.id, quietMs, timeoutMs);
    act();
    const calls = await waiting.done;
    replyMs.push(waiting.firstAt()! - waiting.sentAt);
    for (const c of calls)
      messages.add(
        c.method === "editMessageText"
          ? Number(c.params.message_id)
          : Number((c.response as { result: { message_id: number } }).result.message_id),
      );
    return calls;
  };

  const lastShown = (calls: readonly RecordedCall[]): ChatMessage | undefined => {
    // the last message of this answer that carries buttons, as the chat shows it now
    for (const c of [...calls].reverse()) {
      const id =
        c.method === "editMessageText"
          ? Number(c.params.message_id)
          : Number((c.response as { result: { message_id: number } }).result.message_id);
      const m = fake.message(chatId, id);
      if (m?.reply_markup?.inline_keyboard.flat().some((b) => b.callback_data)) return m;
    }
    return undefined;
  };

  let calls = await exchange(() => {
    const text = chatId > 0 ? player.opener : `/judge ${player.opener}`;
    const sent = fake.sendText(chatId, user, text);
    dispatcher.asked(chatId, sent.message_id, user.id);
  });
  let presses = 0;
  for (let step = 0; step < (options.maxPresses ?? 6); step++) {
    const shown = lastShown(calls);
    if (!shown) break;
    const buttons = shown.reply_markup!.inline_keyboard.flat().map((b) => ({ text: b.text, data: b.callback_data }));
    const choice = choose(buttons, player.seed, step);
    if (choice.kind !== "press") break;
    calls = await exchange(() => fake.press(chatId, shown.message_id, user, choice.button.data!));
    presses++;
  }
  const finalIds = [
    ...new Set(
      calls.map((c) =>
        c.method === "editMessageText"
          ? Number(c.params.message_id)
          : Number((c.response as { result: { message_id: number } }).result.message_id),
      ),
    ),
  ];
  const final = finalIds.map((id) => fake.message(chatId, id)).filter((m): m is ChatMessage => m !== undefined);
  return { player, final, presses, replyMs, messages: [...messages] };
}
