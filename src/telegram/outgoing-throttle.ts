/**
 * Telegram's limits on what a bot sends, kept before Telegram enforces them: about one message a
 * second in a chat (short bursts pass), 20 a minute in a group, 30 a second over all chats. Past
 * them Telegram answers 429 with a retry_after of up to a minute for the whole chat, so one
 * member's flood would stall every member of the group; kept here, the flood waits in its own line.
 *
 * Each chat has a queue. In a group, the next message to go is that of the sender who has had the
 * fewest in the last minute, and no sender takes more than his share of the group's minute: a
 * flooder delays his own replies, not the others'. A 429 that comes anyway holds the chat's queue
 * for its retry_after. Sends and edits count; callback and inline answers do not (they are not
 * chat messages, and a press must be answered at once).
 *
 * The sender is the user whose update is being handled: `senderTransformer`, installed on that
 * update's own API (ctx.api), tags each call's payload with the user's id for the throttle. Not an
 * AsyncLocalStorage: that turns on promise hooks for every promise in the process.
 */
import type { Transformer } from "grammy";

export interface OutgoingLimits {
  /** messages a chat may get at once before the pace applies */
  readonly chatBurst: number;
  /** after the burst, one message per this many ms in a chat */
  readonly chatIntervalMs: number;
  /** messages a minute in a group */
  readonly groupPerMinute: number;
  /** one sender's share of a group's minute */
  readonly senderPerMinuteInGroup: number;
  /** messages a second over all chats */
  readonly globalPerSecond: number;
}

export const TELEGRAM_LIMITS: OutgoingLimits = {
  chatBurst: 5,
  chatIntervalMs: 1000,
  groupPerMinute: 20,
  senderPerMinuteInGroup: 10,
  globalPerSecond: 30,
};

/** No pace at all: for a Bot API stand-in that enforces none (OUTGOING_LIMITS=off). */
export const NO_LIMITS: OutgoingLimits = {
  chatBurst: Number.MAX_SAFE_INTEGER,
  chatIntervalMs: 1,
  groupPerMinute: Number.MAX_SAFE_INTEGER,
  senderPerMinuteInGroup: Number.MAX_SAFE_INTEGER,
  globalPerSecond: Number.MAX_SAFE_INTEGER,
};

const MINUTE = 60_000;
const SECOND = 1000;

/** methods that put a message in a chat (or change one) */
const COUNTED = /^(send(?!ChatAction)[A-Z]\w*|copyMessages?|forwardMessages?|editMessage\w+)$/;

/** the user whose update an outgoing call answers, by the call's payload */
const senders = new WeakMap<object, number>();

/** For one update's API (ctx.api): the calls through it are `sender`'s replies. */
export function senderTransformer(sender: number | undefined): Transformer {
  return (prev, method, payload, signal) => {
    if (sender !== undefined && typeof payload === "object" && payload !== null) senders.set(payload, sender);
    return prev(method, payload, signal);
  };
}

interface Waiter {
  readonly sender: number | undefined;
  readonly go: () => void;
}

interface ChatLine {
  readonly group: boolean;
  readonly queue: Waiter[];
  /** burst tokens, refilled one per chatIntervalMs */
  tokens: number;
  refilledAt: number;
  /** groups: sends of the last minute */
  readonly recent: { readonly at: number; readonly sender: number | undefined }[];
  /** a 429 holds the chat until then */
  blockedUntil: number;
  timer: NodeJS.Timeout | undefined;
}

export interface OutgoingThrottle {
  readonly transformer: Transformer;
  /** messages waiting for their turn, over all chats */
  readonly waiting: number;
}

function chatOf(payload: unknown): { id: string; group: boolean } | undefined {
  const id = (payload as { chat_id?: unknown } | undefined)?.chat_id;
  if (typeof id === "number") return { id: String(id), group: id < 0 };
  if (typeof id === "string" && id !== "") return { id, group: !/^\d+$/.test(id) };
  return undefined;
}

function senderOf(payload: unknown): number | undefined {
  return typeof payload === "object" && payload !== null ? senders.get(payload) : undefined;
}

export function outgoingThrottle(limits: OutgoingLimits = TELEGRAM_LIMITS): OutgoingThrottle {
  const chats = new Map<string, ChatLine>();
  const globalSent: number[] = [];
  let waiting = 0;

  const refill = (line: ChatLine, now: number): void => {
    const earned = Math.floor((now - line.refilledAt) / limits.chatIntervalMs);
    if (earned <= 0) return;
    line.tokens = Math.min(limits.chatBurst, line.tokens + earned);
    line.refilledAt = line.tokens === limits.chatBurst ? now : line.refilledAt + earned * limits.chatIntervalMs;
  };

  /** when the waiter at `index` of the queue may go, or undefined if it may go now */
  const pick = (line: ChatLine, now: number): { index: number; at: number } | undefined => {
    if (!line.group) return { index: 0, at: now };
    while (line.recent.length && line.recent[0]!.at <= now - MINUTE) line.recent.shift();
    const counts = new Map<number | undefined, number>();
    for (const r of line.recent) counts.set(r.sender, (counts.get(r.sender) ?? 0) + 1);
    let best: { index: number; at: number; count: number } | undefined;
    const seen = new Set<number | undefined>();
    for (const [index, w] of line.queue.entries()) {
      if (seen.has(w.sender)) continue; // one sender's messages keep their order
      seen.add(w.sender);
      const count = counts.get(w.sender) ?? 0;
      let at = now;
      if (count >= limits.senderPerMinuteInGroup) {
        const own = line.recent.filter((r) => r.sender === w.sender);
        at = own[count - limits.senderPerMinuteInGroup]!.at + MINUTE;
      }
      if (!best || at < best.at || (at === best.at && count < best.count)) best = { index, at, count };
    }
    if (!best) return undefined;
    if (line.recent.length >= limits.groupPerMinute)
      best.at = Math.max(best.at, line.recent[line.recent.length - limits.groupPerMinute]!.at + MINUTE);
    return best;
  };

  const pump = (key: string, line: ChatLine): void => {
    clearTimeout(line.timer);
    line.timer = undefined;
    for (;;) {
      if (line.queue.length === 0) {
        if (line.tokens >= limits.chatBurst && line.recent.length === 0) chats.delete(key);
        return;
      }
      const now = Date.now();
      refill(line, now);
      while (globalSent.length && globalSent[0]! <= now - SECOND) globalSent.shift();
      let at = Math.max(now, line.blockedUntil);
      if (line.tokens < 1) at = Math.max(at, line.refilledAt + limits.chatIntervalMs);
      if (globalSent.length >= limits.globalPerSecond) at = Math.max(at, globalSent[0]! + SECOND);
      const next = pick(line, now);
      if (next) at = Math.max(at, next.at);
      if (!next || at > now) {
        line.timer = setTimeout(() => pump(key, line), Math.max(1, at - now));
        return;
      }
      const [waiter] = line.queue.splice(next.index, 1);
      line.tokens--;
      if (line.group) line.recent.push({ at: now, sender: waiter!.sender });
      globalSent.push(now);
      waiting--;
      waiter!.go();
    }
  };

  /** idle lines are let go now and then; one that comes back starts with a full burst */
  const sweep = (now: number): void => {
    for (const [key, l] of chats) {
      const idle = l.queue.length === 0 && !l.timer && l.blockedUntil < now && (l.recent.at(-1)?.at ?? 0) <= now - MINUTE;
      if (idle) chats.delete(key);
    }
  };

  const turn = (key: string, group: boolean, sender: number | undefined): Promise<ChatLine> => {
    if (chats.size > 10_000) sweep(Date.now());
    let line = chats.get(key);
    if (!line) {
      line = { group, queue: [], tokens: limits.chatBurst, refilledAt: Date.now(), recent: [], blockedUntil: 0, timer: undefined };
      chats.set(key, line);
    }
    const it = line;
    waiting++;
    return new Promise<ChatLine>((resolve) => {
      it.queue.push({ sender, go: () => resolve(it) });
      // always: a newcomer to a group may go before those waiting for their share
      pump(key, it);
    });
  };

  const transformer: Transformer = async (prev, method, payload, signal) => {
    const chat = COUNTED.test(method) ? chatOf(payload) : undefined;
    if (!chat) return prev(method, payload, signal);
    const line = await turn(chat.id, chat.group, senderOf(payload));
    const result = await prev(method, payload, signal);
    const retryAfter = result.ok ? undefined : result.parameters?.retry_after;
    if (typeof retryAfter === "number") {
      line.blockedUntil = Math.max(line.blockedUntil, Date.now() + retryAfter * 1000);
      if (!chats.has(chat.id)) chats.set(chat.id, line);
    }
    return result;
  };

  return {
    transformer,
    get waiting() {
      return waiting;
    },
  };
}
