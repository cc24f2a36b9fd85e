/**
 * A small Telegram Bot API server for end-to-end tests: node:http on 127.0.0.1, a random port.
 *
 * The bot side speaks to it exactly as to api.telegram.org (`BOT_API_ROOT` / `client.apiRoot`):
 * long-polled getUpdates with offset and timeout, or webhook delivery with the secret header;
 * the methods the judge bot uses, with Telegram's error shapes and limits (callback_data 1–64
 * bytes, 4096 characters after entity parsing, HTML that parses, answered-once callback queries).
 *
 * The test side drives it in-process: inject updates as a user would cause them (a text, a button
 * press, an inline query, choosing an inline result), read every call and the chats' current
 * state, and inject faults (429 with retry_after, 5xx, dropped connections, delays).
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { HtmlParseError, parseTelegramHtml } from "./telegram-html.js";

export type Json = Record<string, unknown>;

export interface FakeUser {
  readonly id: number;
  readonly first_name: string;
  readonly username?: string;
  readonly is_bot?: boolean;
}

export interface ApiError {
  readonly error_code: number;
  readonly description: string;
  readonly parameters?: { readonly retry_after?: number; readonly migrate_to_chat_id?: number };
}

export interface RecordedCall {
  readonly seq: number;
  readonly method: string;
  readonly params: Json;
  readonly at: number;
  /** set once answered */
  response?: { ok: true; result: unknown } | ({ ok: false } & ApiError);
}

export interface ChatMessage {
  readonly message_id: number;
  readonly chat_id: number;
  readonly from: FakeUser;
  /** visible text (HTML parsed) */
  text: string;
  /** as sent: HTML source when parse_mode was HTML */
  source: string;
  parse_mode: string | undefined;
  reply_markup: InlineKeyboard | undefined;
  readonly reply_to: number | undefined;
  readonly via_bot: boolean;
  edits: number;
}

export interface InlineButton {
  readonly text: string;
  readonly callback_data?: string;
  readonly url?: string;
  readonly switch_inline_query?: string;
  readonly switch_inline_query_current_chat?: string;
}
export interface InlineKeyboard {
  readonly inline_keyboard: readonly (readonly InlineButton[])[];
}

export type Fault =
  | { readonly kind: "error"; readonly error: ApiError }
  /** the connection is destroyed without an answer (a network failure for the client) */
  | { readonly kind: "drop" }
  /** answered normally, but only after this long */
  | { readonly kind: "delay"; readonly ms: number };

export type ChatMemberStatus = "creator" | "administrator" | "member" | "restricted" | "left" | "kicked";

export interface FakeBotApiOptions {
  readonly token?: string;
  readonly bot?: FakeUser;
  /** refuse bare `&` and `>` in HTML (default true; Telegram itself tolerates them) */
  readonly strictHtml?: boolean;
  /** answer 429 past 20 messages a minute in a group, with the retry_after Telegram gives (default false) */
  readonly groupLimit?: boolean;
}

const GROUP_PER_MINUTE = 20;
const CHAT_MESSAGE_METHODS = new Set(["sendMessage", "editMessageText", "editMessageReplyMarkup"]);

export const TEST_TOKEN = "123456789:TEST-fake-bot-api-token_abcdefghij";

class ApiFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.description);
  }
}
const bad = (description: string): ApiFailure => new ApiFailure({ error_code: 400, description: `Bad Request: ${description}` });

const ACTION_FIELDS = [
  "callback_data",
  "url",
  "switch_inline_query",
  "switch_inline_query_current_chat",
  "switch_inline_query_chosen_chat",
  "login_url",
  "pay",
  "web_app",
  "callback_game",
  "copy_text",
];

interface Waiter {
  readonly resolve: () => void;
}

interface CallbackQueryRecord {
  answered: boolean;
  answer?: Json;
}

interface InlineQueryRecord {
  readonly from: FakeUser;
  answered: boolean;
  results?: Json[];
}

export class FakeBotApi {
  readonly token: string;
  readonly bot: FakeUser;
  readonly calls: RecordedCall[] = [];
  readonly #strictHtml: boolean;
  readonly #groupLimit: boolean;
  /** groups: when each message of the last minute was accepted */
  #groupSent = new Map<number, number[]>();
  #server: Server | undefined;
  #port = 0;
  #nextUpdateId = 1;
  /** updates not yet confirmed by an offset (or delivered to the webhook) */
  #queue: Json[] = [];
  #waiters = new Set<Waiter>();
  #activePoll: { res: ServerResponse; finish: (error?: ApiError) => void } | undefined;
  #chats = new Map<number, { type: string; title?: string; messages: ChatMessage[]; nextId: number }>();
  #members = new Map<string, ChatMemberStatus>();
  #callbackQueries = new Map<string, CallbackQueryRecord>();
  #inlineQueries = new Map<string, InlineQueryRecord>();
  #nextQueryId = 1;
  #faults = new Map<string, Fault[]>();
  #commands = new Map<string, Json[]>();
  #webhook: { url: string; secret: string | undefined; allowed: string[] | undefined } | undefined;
  #delivering = false;
  readonly webhookDeliveries: { update_id: number; status: number }[] = [];
  /** documents the bot sent (sendDocument), with their bytes */
  readonly documents: (UploadedFile & { readonly chat_id: number; readonly message_id: number; readonly caption: string })[] = [];
  #callListeners = new Set<() => void>();
  #allowedUpdates: string[] | undefined;
  #sockets = new Set<import("node:net").Socket>();

  constructor(options: FakeBotApiOptions = {}) {
    this.token = options.token ?? TEST_TOKEN;
    this.bot = options.bot ?? { id: Number(this.token.split(":")[0]), first_name: "Судья", username: "sudya_test_bot", is_bot: true };
    this.#strictHtml = options.strictHtml ?? true;
    this.#groupLimit = options.groupLimit ?? false;
  }

  // ---------------------------------------------------------------- lifecycle

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.#handle(req, res));
    server.on("connection", (socket) => {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
    return this;
  }

  /** Answers held long polls with no updates and closes every connection. */
  async stop(): Promise<void> {
    for (const w of this.#waiters) w.resolve();
    this.#waiters.clear();
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      setTimeout(() => {
        for (const s of this.#sockets) s.destroy();
      }, 50).unref();
    });
  }

  /** the value for BOT_API_ROOT / client.apiRoot */
  get apiRoot(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  get port(): number {
    return this.#port;
  }

  // ---------------------------------------------------------------- test side: chats and people

  /** Declares a chat (a positive id is private, -100… a supergroup, other negatives a group). */
  chat(id: number, init: { type?: "private" | "group" | "supergroup"; title?: string } = {}): this {
    const c = this.#chat(id);
    if (init.type) c.type = init.type;
    if (init.title) c.title = init.title;
    return this;
  }

  setMember(chatId: number, userId: number, status: ChatMemberStatus): this {
    this.#members.set(`${chatId}:${userId}`, status);
    return this;
  }

  /** the chat as a user sees it now: every message, edits applied */
  messages(chatId: number): readonly ChatMessage[] {
    return this.#chats.get(chatId)?.messages ?? [];
  }

  botMessages(chatId: number): readonly ChatMessage[] {
    return this.messages(chatId).filter((m) => m.from.id === this.bot.id);
  }

  lastBotMessage(chatId: number): ChatMessage | undefined {
    return this.botMessages(chatId).at(-1);
  }

  message(chatId: number, messageId: number): ChatMessage | undefined {
    return this.messages(chatId).find((m) => m.message_id === messageId);
  }

  // ---------------------------------------------------------------- test side: updates

  /** Queues any update (update_id is assigned); returns the id. */
  injectUpdate(update: Json): number {
    const update_id = this.#nextUpdateId++;
    this.#queue.push({ update_id, ...update });
    this.#wake();
    return update_id;
  }

  /** A user writes in a chat; returns the message as stored. */
  sendText(chatId: number, from: FakeUser, text: string, options: { replyTo?: number } = {}): ChatMessage & { update_id: number } {
    const chat = this.#chat(chatId);
    const message = this.#store(chatId, {
      from,
      text,
      source: text,
      parse_mode: undefined,
      reply_markup: undefined,
      reply_to: options.replyTo,
      via_bot: false,
    });
    const entities: Json[] = [];
    const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
    if (command) entities.push({ type: "bot_command", offset: 0, length: command[0].length });
    for (const m of text.matchAll(/@[A-Za-z0-9_]{5,32}/g)) {
      if (command && m.index < command[0].length) continue;
      entities.push({ type: "mention", offset: utf16(text, m.index), length: m[0].length });
    }
    const replied = options.replyTo !== undefined ? this.message(chatId, options.replyTo) : undefined;
    const update_id = this.injectUpdate({
      message: {
        message_id: message.message_id,
        from: userObject(from),
        chat: this.#chatObject(chatId, chat, from),
        date: now(),
        text,
        ...(entities.length ? { entities } : {}),
        ...(replied ? { reply_to_message: this.#messageObject(replied) } : {}),
      },
    });
    return Object.assign(message, { update_id });
  }

  /** A user presses an inline button of a message; returns the callback query id. */
  press(chatId: number, messageId: number, from: FakeUser, data: string): string {
    const message = this.message(chatId, messageId);
    if (!message) throw new Error(`no message ${messageId} in chat ${chatId}`);
    const id = String(this.#nextQueryId++);
    this.#callbackQueries.set(id, { answered: false });
    this.injectUpdate({
      callback_query: { id, from: userObject(from), chat_instance: String(chatId), message: this.#messageObject(message), data },
    });
    return id;
  }

  /** Presses the button with this label (exact, or a prefix) on a message. */
  pressLabel(chatId: number, messageId: number, from: FakeUser, label: string): string {
    const button =
      this.buttons(chatId, messageId).find((b) => b.text === label) ??
      this.buttons(chatId, messageId).find((b) => b.text.startsWith(label));
    if (!button?.callback_data)
      throw new Error(
        `no button "${label}" on message ${messageId}: ${this.buttons(chatId, messageId)
          .map((b) => b.text)
          .join(" | ")}`,
      );
    return this.press(chatId, messageId, from, button.callback_data);
  }

  buttons(chatId: number, messageId: number): InlineButton[] {
    return (this.message(chatId, messageId)?.reply_markup?.inline_keyboard ?? []).flat();
  }

  callbackAnswer(queryId: string): Json | undefined {
    return this.#callbackQueries.get(queryId)?.answer;
  }

  /** A user types `@bot query`; returns the inline query id. */
  inlineQuery(from: FakeUser, query: string, chatType = "private"): string {
    const id = String(this.#nextQueryId++);
    this.#inlineQueries.set(id, { from, answered: false });
    this.injectUpdate({ inline_query: { id, from: userObject(from), query, offset: "", chat_type: chatType } });
    return id;
  }

  inlineResults(queryId: string): Json[] | undefined {
    return this.#inlineQueries.get(queryId)?.results;
  }

  /** The user picks a result: its message is posted in the chat, as Telegram does, "via @bot". */
  chooseInlineResult(queryId: string, resultId: string, chatId: number): ChatMessage {
    const q = this.#inlineQueries.get(queryId);
    const result = q?.results?.find((r) => r.id === resultId);
    if (!q || !result) throw new Error(`no inline result ${resultId} for query ${queryId}`);
    const content = result.input_message_content as Json;
    const source = String(content.message_text);
    const parse_mode = content.parse_mode as string | undefined;
    return this.#store(chatId, {
      from: q.from,
      text: parse_mode === "HTML" ? parseTelegramHtml(source, { strict: false }) : source,
      source,
      parse_mode,
      reply_markup: result.reply_markup as InlineKeyboard | undefined,
      reply_to: undefined,
      via_bot: true,
    });
  }

  // ---------------------------------------------------------------- test side: faults

  /** The next `times` calls of `method` ("*" for any) meet this fault. */
  fault(method: string, fault: Fault, times = 1): this {
    const list = this.#faults.get(method) ?? [];
    for (let i = 0; i < times; i++) list.push(fault);
    this.#faults.set(method, list);
    return this;
  }

  tooManyRequests(method: string, retryAfter = 1, times = 1): this {
    return this.fault(
      method,
      {
        kind: "error",
        error: { error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } },
      },
      times,
    );
  }

  serverError(method: string, times = 1, code = 500): this {
    return this.fault(
      method,
      { kind: "error", error: { error_code: code, description: code === 502 ? "Bad Gateway" : "Internal Server Error" } },
      times,
    );
  }

  clearFaults(): this {
    this.#faults.clear();
    return this;
  }

  // ---------------------------------------------------------------- test side: reading calls

  callsOf(method: string, since = 0): RecordedCall[] {
    return this.calls.filter((c) => c.seq >= since && c.method === method);
  }

  /** the sequence number the next call will get: pass it as `since` */
  mark(): number {
    return this.calls.length;
  }

  /** Resolves with the first answered call (from `since`) that matches, or rejects after `timeoutMs`. */
  waitForCall(
    method: string,
    predicate: (call: RecordedCall) => boolean = () => true,
    options: { since?: number; timeoutMs?: number; /** match calls still unanswered (a held long poll) */ received?: boolean } = {},
  ): Promise<RecordedCall> {
    const since = options.since ?? 0;
    const answered = (c: RecordedCall): boolean => options.received === true || c.response !== undefined;
    const timeoutMs = options.timeoutMs ?? 10_000;
    const find = (): RecordedCall | undefined =>
      this.calls.find((c) => c.seq >= since && (method === "*" || c.method === method) && answered(c) && predicate(c));
    return new Promise((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const listener = (): void => {
        const hit = find();
        if (hit) {
          cleanup();
          resolve(hit);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        const seen = this.calls
          .slice(since)
          .map((c) => c.method)
          .join(", ");
        reject(new Error(`no ${method} call within ${timeoutMs} ms (calls since: ${seen || "none"})`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.#callListeners.delete(listener);
      };
      this.#callListeners.add(listener);
    });
  }

  /**
   * Waits for the bot's output in a chat since `since` (a send or an edit), then until no call has
   * come for `quietMs`: one update's replies arrive back to back, so this is "the bot has answered".
   */
  async waitForOutput(chatId: number, since: number, options: { quietMs?: number; timeoutMs?: number } = {}): Promise<RecordedCall[]> {
    const isOutput = (c: RecordedCall): boolean =>
      (c.method === "sendMessage" || c.method === "editMessageText") && Number(c.params.chat_id) === chatId && c.response?.ok === true;
    await this.waitForCallMatching(isOutput, since, options.timeoutMs);
    await this.quiet(options.quietMs ?? 200);
    return this.calls.filter((c) => c.seq >= since && isOutput(c));
  }

  waitForCallMatching(predicate: (c: RecordedCall) => boolean, since: number, timeoutMs = 10_000): Promise<RecordedCall> {
    return this.waitForCall("*", predicate, { since, timeoutMs }).catch(async () => {
      throw new Error(
        `no matching call within ${timeoutMs} ms (calls since: ${
          this.calls
            .slice(since)
            .map((c) => `${c.method}${c.response?.ok === false ? "!" : ""}`)
            .join(", ") || "none"
        })`,
      );
    });
  }

  /** resolves once no API call has arrived for `ms` (long polls do not count) */
  async quiet(ms: number): Promise<void> {
    for (;;) {
      const last = [...this.calls].reverse().find((c) => c.method !== "getUpdates");
      const idle = last ? Date.now() - last.at : ms;
      if (idle >= ms) return;
      await new Promise((r) => setTimeout(r, ms - idle + 5));
    }
  }

  commands(scopeType = "default", languageCode = ""): Json[] | undefined {
    return this.#commands.get(`${scopeType}|${languageCode}`);
  }

  get webhook(): { url: string; secret: string | undefined } | undefined {
    return this.#webhook && { url: this.#webhook.url, secret: this.#webhook.secret };
  }

  get pendingUpdates(): number {
    return this.#queue.length;
  }

  // ---------------------------------------------------------------- bot side: HTTP

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)\/?(?:\?.*)?$/.exec(req.url ?? "");
    if (!match) return send(res, { error_code: 404, description: "Not Found" });
    const [, token, rawMethod] = match;
    const method = rawMethod!;
    let params: Json;
    try {
      params = await readParams(req);
    } catch {
      return send(res, { error_code: 400, description: "Bad Request: can't parse JSON object" });
    }
    const call: RecordedCall = { seq: this.calls.length, method, params, at: Date.now() };
    this.calls.push(call);
    for (const l of [...this.#callListeners]) l();
    const respond = (response: NonNullable<RecordedCall["response"]>): void => {
      call.response = response;
      if (response.ok) send(res, undefined, response.result);
      else send(res, response);
      for (const l of [...this.#callListeners]) l();
    };
    if (token !== this.token) return respond({ ok: false, error_code: 401, description: "Unauthorized" });

    const fault = this.#takeFault(method);
    if (fault?.kind === "error") return respond({ ok: false, ...fault.error });
    if (fault?.kind === "drop") {
      call.response = { ok: false, error_code: 0, description: "connection dropped by the fake" };
      req.socket.destroy();
      for (const l of [...this.#callListeners]) l();
      return;
    }
    if (fault?.kind === "delay") await new Promise((r) => setTimeout(r, fault.ms));
    const limited = this.#overGroupLimit(method, params);
    if (limited) return respond({ ok: false, ...limited });

    try {
      const result = method === "getUpdates" ? await this.#getUpdates(params, req, res) : this.#dispatch(method, params);
      if (result === HELD_ELSEWHERE) return;
      respond({ ok: true, result });
    } catch (error) {
      if (error instanceof ApiFailure) return respond({ ok: false, ...error.error });
      respond({ ok: false, error_code: 500, description: `Internal Server Error: ${String(error)}` });
    }
  }

  /** Telegram's 20 messages a minute in a group: the 21st is refused until the oldest is a minute old */
  #overGroupLimit(method: string, params: Json): ApiError | undefined {
    if (!this.#groupLimit || !CHAT_MESSAGE_METHODS.has(method)) return undefined;
    const chatId = num(params.chat_id);
    if (chatId === undefined || chatId > 0) return undefined;
    const now = Date.now();
    const sent = (this.#groupSent.get(chatId) ?? []).filter((at) => at > now - 60_000);
    this.#groupSent.set(chatId, sent);
    if (sent.length >= GROUP_PER_MINUTE) {
      const retry_after = Math.max(1, Math.ceil((sent[0]! + 60_000 - now) / 1000));
      return { error_code: 429, description: `Too Many Requests: retry after ${retry_after}`, parameters: { retry_after } };
    }
    sent.push(now);
    return undefined;
  }

  #takeFault(method: string): Fault | undefined {
    for (const key of [method, "*"]) {
      const list = this.#faults.get(key);
      if (list?.length) return list.shift();
    }
    return undefined;
  }

  async #getUpdates(params: Json, req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    if (this.#webhook)
      throw new ApiFailure({
        error_code: 409,
        description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      });
    // Telegram ends the older of two concurrent long polls
    this.#activePoll?.finish({
      error_code: 409,
      description: "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
    });
    const offset = num(params.offset);
    if (offset !== undefined && offset > 0) this.#queue = this.#queue.filter((u) => Number(u.update_id) >= offset);
    if (Array.isArray(params.allowed_updates))
      this.#allowedUpdates = params.allowed_updates.length ? params.allowed_updates.map(String) : undefined;
    const limit = Math.min(Math.max(num(params.limit) ?? 100, 1), 100);
    const timeout = Math.max(num(params.timeout) ?? 0, 0);
    const take = (): Json[] => this.#queue.filter((u) => this.#allowed(u)).slice(0, limit);

    let updates = take();
    if (updates.length || timeout === 0) return updates;

    let finished = false;
    let conflict: ApiError | undefined;
    await new Promise<void>((resolve) => {
      const waiter: Waiter = { resolve: () => done() };
      const timer = setTimeout(() => done(), timeout * 1000);
      const done = (error?: ApiError): void => {
        if (finished) return;
        finished = true;
        conflict = error;
        clearTimeout(timer);
        this.#waiters.delete(waiter);
        if (this.#activePoll?.res === res) this.#activePoll = undefined;
        resolve();
      };
      // a client that gave up (aborted, killed) no longer holds the poll
      const onClose = (): void => done();
      this.#waiters.add(waiter);
      this.#activePoll = { res, finish: done };
      req.socket.once("close", onClose);
      res.once("finish", () => req.socket.off("close", onClose));
    });
    if (conflict) throw new ApiFailure(conflict);
    if (req.socket.destroyed) return HELD_ELSEWHERE;
    updates = take();
    return updates;
  }

  #allowed(update: Json): boolean {
    const allowed = this.#allowedUpdates ?? [
      "message",
      "edited_message",
      "channel_post",
      "edited_channel_post",
      "inline_query",
      "chosen_inline_result",
      "callback_query",
      "my_chat_member",
    ];
    return Object.keys(update).some((k) => k !== "update_id" && allowed.includes(k));
  }

  #wake(): void {
    if (this.#webhook) {
      void this.#deliver();
      return;
    }
    for (const w of [...this.#waiters]) w.resolve();
  }

  async #deliver(): Promise<void> {
    if (this.#delivering) return;
    this.#delivering = true;
    try {
      while (this.#webhook && this.#queue.length) {
        const update = this.#queue[0]!;
        const status = await postJson(this.#webhook.url, update, this.#webhook.secret).catch(() => 0);
        this.webhookDeliveries.push({ update_id: Number(update.update_id), status });
        if (status >= 200 && status < 300) this.#queue.shift();
        else await new Promise((r) => setTimeout(r, 200)); // Telegram retries a failed delivery
      }
    } finally {
      this.#delivering = false;
    }
  }

  #dispatch(method: string, p: Json): unknown {
    switch (method) {
      case "getMe":
        return { ...userObject(this.bot), can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: true };
      case "logOut":
      case "close":
        return true;
      case "setWebhook": {
        const url = str(p.url);
        if (!url) {
          this.#webhook = undefined;
          return true;
        }
        if (!/^https?:\/\//.test(url)) throw bad("bad webhook: An HTTPS URL must be provided for webhook");
        const secret = p.secret_token === undefined ? undefined : text(p.secret_token);
        if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) throw bad("secret token contains unallowed characters");
        if (p.drop_pending_updates === true) this.#queue = [];
        this.#webhook = { url, secret, allowed: Array.isArray(p.allowed_updates) ? p.allowed_updates.map(String) : undefined };
        this.#activePoll?.finish({ error_code: 409, description: "Conflict: terminated by setWebhook request" });
        void this.#deliver();
        return true;
      }
      case "deleteWebhook":
        this.#webhook = undefined;
        if (p.drop_pending_updates === true) this.#queue = [];
        return true;
      case "getWebhookInfo":
        return { url: this.#webhook?.url ?? "", has_custom_certificate: false, pending_update_count: this.#queue.length };
      case "setMyCommands": {
        const commands = p.commands;
        if (!Array.isArray(commands) || commands.length > 100) throw bad("commands must be an array of at most 100 BotCommand");
        for (const c of commands as Json[]) {
          if (!/^[a-z0-9_]{1,32}$/.test(text(c.command ?? ""))) throw bad("BOT_COMMAND_INVALID");
          const d = text(c.description ?? "");
          if (d.length < 1 || d.length > 256) throw bad("BOT_COMMAND_DESCRIPTION_INVALID");
        }
        const scope = (p.scope as Json | undefined)?.type ?? "default";
        this.#commands.set(`${text(scope)}|${str(p.language_code) ?? ""}`, commands as Json[]);
        return true;
      }
      case "getMyCommands":
        return this.#commands.get(`${text((p.scope as Json | undefined)?.type ?? "default")}|${str(p.language_code) ?? ""}`) ?? [];
      case "deleteMyCommands":
        this.#commands.delete(`${text((p.scope as Json | undefined)?.type ?? "default")}|${str(p.language_code) ?? ""}`);
        return true;
      case "sendChatAction":
        this.#chatId(p);
        return true;
      case "sendMessage":
        return this.#sendMessage(p);
      case "sendDocument":
        return this.#sendDocument(p);
      case "editMessageText":
        return this.#editMessage(p, true);
      case "editMessageReplyMarkup":
        return this.#editMessage(p, false);
      case "deleteMessage": {
        const chat = this.#chats.get(this.#chatId(p));
        const i = chat?.messages.findIndex((m) => m.message_id === num(p.message_id)) ?? -1;
        if (!chat || i < 0) throw bad("message to delete not found");
        chat.messages.splice(i, 1);
        return true;
      }
      case "answerCallbackQuery": {
        const q = this.#callbackQueries.get(String(p.callback_query_id));
        if (!q || q.answered) throw bad("query is too old and response timeout expired or query ID is invalid");
        if (p.text !== undefined && text(p.text).length > 200) throw bad("MESSAGE_TOO_LONG");
        q.answered = true;
        q.answer = p;
        return true;
      }
      case "answerInlineQuery":
        return this.#answerInline(p);
      case "getChatMember": {
        const chatId = this.#chatId(p);
        const userId = num(p.user_id);
        if (userId === undefined) throw bad("user_id is required");
        if (userId === this.bot.id) return { status: "member", user: userObject(this.bot) };
        const status = this.#members.get(`${chatId}:${userId}`) ?? (chatId === userId ? "member" : "member");
        const base = { status, user: { id: userId, is_bot: false, first_name: `user${userId}` } };
        if (status === "administrator")
          return {
            ...base,
            can_be_edited: false,
            is_anonymous: false,
            can_manage_chat: true,
            can_delete_messages: true,
            can_manage_video_chats: false,
            can_restrict_members: true,
            can_promote_members: false,
            can_change_info: true,
            can_invite_users: true,
          };
        if (status === "creator") return { ...base, is_anonymous: false };
        return base;
      }
      case "getChat": {
        const id = this.#chatId(p);
        const chat = this.#chat(id);
        return { id, type: chat.type, ...(chat.title ? { title: chat.title } : {}) };
      }
      default:
        throw new ApiFailure({ error_code: 404, description: "Not Found: method not found" });
    }
  }

  #sendMessage(p: Json): unknown {
    const chatId = this.#chatId(p);
    const { text, source, parse_mode } = this.#checkText(p.text, p.parse_mode);
    const reply_markup = this.#checkMarkup(p.reply_markup);
    const replyParams = (typeof p.reply_parameters === "object" ? p.reply_parameters : undefined) as Json | undefined;
    const replyTo = num(replyParams?.message_id ?? p.reply_to_message_id);
    let reply_to: number | undefined;
    if (replyTo !== undefined) {
      if (this.message(chatId, replyTo)) reply_to = replyTo;
      else if (replyParams?.allow_sending_without_reply !== true && p.allow_sending_without_reply !== true)
        throw bad("message to be replied not found");
    }
    const message = this.#store(chatId, { from: this.bot, text, source, parse_mode, reply_markup, reply_to, via_bot: false });
    return this.#messageObject(message);
  }

  /** a document as an upload (multipart) only: what the bot sends are files it made */
  #sendDocument(p: Json): unknown {
    const chatId = this.#chatId(p);
    const file = p.document as UploadedFile | undefined;
    if (!file || !Buffer.isBuffer(file.content)) throw bad("there is no document in the request");
    if (file.content.length === 0) throw bad("file must be non-empty");
    const caption = p.caption === undefined ? "" : text(p.caption);
    if (caption.length > 1024) throw bad("message caption is too long");
    const message = this.#store(chatId, {
      from: this.bot,
      text: caption,
      source: caption,
      parse_mode: undefined,
      reply_markup: undefined,
      reply_to: undefined,
      via_bot: false,
    });
    this.documents.push({ chat_id: chatId, message_id: message.message_id, caption, ...file });
    return { ...this.#messageObject(message), document: { file_name: file.filename, file_size: file.content.length } };
  }

  #editMessage(p: Json, withText: boolean): unknown {
    if (p.inline_message_id !== undefined) {
      if (withText) this.#checkText(p.text, p.parse_mode);
      this.#checkMarkup(p.reply_markup);
      return true;
    }
    const chatId = this.#chatId(p);
    const message = this.message(chatId, num(p.message_id) ?? -1);
    if (!message) throw bad("message to edit not found");
    if (message.from.id !== this.bot.id) throw bad("message can't be edited");
    const next = withText
      ? this.#checkText(p.text, p.parse_mode)
      : { text: message.text, source: message.source, parse_mode: message.parse_mode };
    const reply_markup = this.#checkMarkup(p.reply_markup);
    if (
      next.source === message.source &&
      next.parse_mode === message.parse_mode &&
      JSON.stringify(reply_markup ?? null) === JSON.stringify(message.reply_markup ?? null)
    ) {
      throw bad(
        "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
      );
    }
    Object.assign(message, next, { reply_markup, edits: message.edits + 1 });
    return this.#messageObject(message);
  }

  #answerInline(p: Json): unknown {
    const q = this.#inlineQueries.get(String(p.inline_query_id));
    if (!q || q.answered) throw bad("query is too old and response timeout expired or query ID is invalid");
    const results = p.results;
    if (!Array.isArray(results)) throw bad("results must be an array");
    if (results.length > 50) throw bad("RESULTS_TOO_MUCH");
    const ids = new Set<string>();
    for (const r of results as Json[]) {
      const id = text(r.id ?? "");
      if (Buffer.byteLength(id) < 1 || Buffer.byteLength(id) > 64) throw bad("RESULT_ID_INVALID");
      if (ids.has(id)) throw bad("RESULT_ID_DUPLICATE");
      ids.add(id);
      if (r.type !== "article") throw bad(`unsupported result type ${String(r.type)} in this fake`);
      if (!str(r.title)) throw bad("RESULT_TITLE_EMPTY");
      const content = r.input_message_content as Json | undefined;
      if (!content) throw bad("input_message_content is required");
      this.#checkText(content.message_text, content.parse_mode);
      this.#checkMarkup(r.reply_markup);
    }
    q.answered = true;
    q.results = results as Json[];
    return true;
  }

  #checkText(rawText: unknown, rawMode: unknown): { text: string; source: string; parse_mode: string | undefined } {
    if (typeof rawText !== "string") throw bad("message text is empty");
    const parse_mode = typeof rawMode === "string" ? rawMode : undefined;
    let text = rawText;
    if (parse_mode === "HTML") {
      try {
        text = parseTelegramHtml(rawText, { strict: this.#strictHtml });
      } catch (error) {
        if (error instanceof HtmlParseError) throw bad(error.message);
        throw error;
      }
    } else if (parse_mode !== undefined) {
      throw bad(`unsupported parse_mode ${parse_mode} in this fake`);
    }
    if (text.trim().length === 0) throw bad("message text is empty");
    if (text.length > 4096) throw bad("message is too long");
    return { text, source: rawText, parse_mode };
  }

  #checkMarkup(raw: unknown): InlineKeyboard | undefined {
    if (raw === undefined || raw === null) return undefined;
    const markup = (typeof raw === "string" ? JSON.parse(raw) : raw) as Json;
    const rows = markup.inline_keyboard;
    if (!Array.isArray(rows)) throw bad("only inline keyboards are supported by this fake");
    let count = 0;
    for (const row of rows) {
      if (!Array.isArray(row)) throw bad("can't parse inline keyboard button: InlineKeyboardButton must be an Array");
      for (const b of row as Json[]) {
        count++;
        if (typeof b.text !== "string" || b.text.length === 0) throw bad("BUTTON_TEXT_EMPTY");
        const actions = ACTION_FIELDS.filter((f) => b[f] !== undefined);
        if (actions.length !== 1) throw bad("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
        if (b.callback_data !== undefined) {
          const bytes = Buffer.byteLength(text(b.callback_data));
          if (typeof b.callback_data !== "string" || bytes < 1 || bytes > 64) throw bad("BUTTON_DATA_INVALID");
        }
        if (b.url !== undefined && !/^(https?|tg):\/\/\S+$/.test(text(b.url))) throw bad("BUTTON_URL_INVALID");
      }
    }
    if (count > 100) throw bad("reply markup is too long");
    return markup as unknown as InlineKeyboard;
  }

  #chatId(p: Json): number {
    const id = num(p.chat_id);
    if (id === undefined) throw bad("chat not found");
    return id;
  }

  #chat(id: number): { type: string; title?: string; messages: ChatMessage[]; nextId: number } {
    let chat = this.#chats.get(id);
    if (!chat) {
      chat = { type: id > 0 ? "private" : String(id).startsWith("-100") ? "supergroup" : "group", messages: [], nextId: 1 };
      if (id < 0) chat.title = `Группа ${id}`;
      this.#chats.set(id, chat);
    }
    return chat;
  }

  #store(chatId: number, m: Omit<ChatMessage, "message_id" | "chat_id" | "edits">): ChatMessage {
    const chat = this.#chat(chatId);
    const message: ChatMessage = { ...m, message_id: chat.nextId++, chat_id: chatId, edits: 0 };
    chat.messages.push(message);
    return message;
  }

  #chatObject(chatId: number, chat: { type: string; title?: string }, privateWith?: FakeUser): Json {
    if (chat.type === "private") {
      const user = privateWith && privateWith.id === chatId ? privateWith : { id: chatId, first_name: `user${chatId}` };
      return { id: chatId, type: "private", first_name: user.first_name, ...(user.username ? { username: user.username } : {}) };
    }
    return { id: chatId, type: chat.type, title: chat.title ?? `Группа ${chatId}` };
  }

  #messageObject(m: ChatMessage): Json {
    const chat = this.#chat(m.chat_id);
    return {
      message_id: m.message_id,
      from: userObject(m.from),
      chat: this.#chatObject(m.chat_id, chat, m.from.id === m.chat_id ? m.from : undefined),
      date: now(),
      text: m.text,
      ...(m.edits ? { edit_date: now() } : {}),
      ...(m.reply_markup ? { reply_markup: m.reply_markup } : {}),
      ...(m.via_bot ? { via_bot: userObject(this.bot) } : {}),
    };
  }
}

const HELD_ELSEWHERE = Symbol("held elsewhere");

function userObject(u: FakeUser): Json {
  return { id: u.id, is_bot: u.is_bot ?? false, first_name: u.first_name, ...(u.username ? { username: u.username } : {}) };
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function num(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && /^-?\d+$/.test(v)) return Number(v);
  return undefined;
}

/** A JSON value as Telegram reads it into a string field: strings as they are, anything else as JSON. */
function text(v: unknown): string {
  return typeof v === "string" ? v : (JSON.stringify(v) ?? "");
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.length > 0 ? v : undefined;
}

function utf16(text: string, index: number): number {
  return text.slice(0, index).length;
}

/** A file as a multipart upload carried it (grammY's InputFile): its name and bytes. */
export interface UploadedFile {
  readonly filename: string;
  readonly content: Buffer;
}

/** multipart/form-data (grammY's encoding of a call with a file): fields as strings, «attach://id» resolved to the file */
function parseMultipart(raw: Buffer, boundary: string): Json {
  const fields: Json = {};
  const files = new Map<string, UploadedFile>();
  const delimiter = Buffer.from(`--${boundary}`);
  let at = raw.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === "--") break;
    const next = raw.indexOf(delimiter, start);
    if (next < 0) break;
    const part = raw.subarray(start + 2, next - 2); // after the CRLF, before the CRLF of the next delimiter
    const split = part.indexOf("\r\n\r\n");
    const head = part.subarray(0, split).toString("utf8");
    const body = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? "";
    const filename = /filename="?([^";\r\n]*)"?/.exec(head)?.[1];
    if (filename !== undefined) files.set(name, { filename, content: Buffer.from(body) });
    else fields[name] = body.toString("utf8");
    at = next;
  }
  for (const [key, value] of Object.entries(fields)) {
    const id = typeof value === "string" ? /^attach:\/\/(.+)$/.exec(value)?.[1] : undefined;
    if (id !== undefined && files.has(id)) fields[key] = files.get(id);
  }
  return fields;
}

async function readParams(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const body = raw.toString("utf8");
  const query = Object.fromEntries(new URL(req.url ?? "/", "http://x").searchParams);
  if (!body) return query;
  const type = req.headers["content-type"] ?? "";
  const boundary = /multipart\/form-data;\s*boundary=(.+)$/.exec(type)?.[1];
  if (boundary) return { ...query, ...parseMultipart(raw, boundary) };
  if (type.includes("application/x-www-form-urlencoded")) return { ...query, ...Object.fromEntries(new URLSearchParams(body)) };
  const parsed = JSON.parse(body) as unknown;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
  return { ...query, ...(parsed as Json) };
}

function send(res: ServerResponse, error: ApiError | undefined, result?: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  const body = error
    ? JSON.stringify({
        ok: false,
        error_code: error.error_code,
        description: error.description,
        ...(error.parameters ? { parameters: error.parameters } : {}),
      })
    : JSON.stringify({ ok: true, result });
  res.writeHead(error ? error.error_code || 500 : 200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** POSTs an update to a webhook; resolves with the HTTP status. */
export function postJson(url: string, body: unknown, secret?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": Buffer.byteLength(data) };
    if (secret !== undefined) headers["x-telegram-bot-api-secret-token"] = secret;
    const req = httpRequest(url, { method: "POST", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(data);
  });
}
