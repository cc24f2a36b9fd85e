/**
 * Webhook mode: a plain node:http server on HOST:PORT. POST to the path of WEBHOOK_URL carries
 * updates; GET or HEAD /health answers 200 for load balancers and orchestrators, 503 while the
 * session store is down or the server is closing. stop() closes the server after the requests in
 * flight are answered, and those are answered only once their update has been handled.
 *
 * The port is open to anyone, so a request is checked before the bot sees it: the secret in
 * X-Telegram-Bot-Api-Secret-Token (401 if wrong, compared in constant time), a body no larger than
 * an update can be (413), JSON holding an update (400 — Telegram retries a 5xx, and a malformed
 * body would come back for ever), headers and body within a few seconds (a slow client must not
 * hold a connection for minutes).
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import type { WebhookConfig } from "../config.js";
import type { Logger } from "../logger.js";
import type { BotContext } from "./context.js";
import { ALLOWED_UPDATES } from "./bot.js";
import type { Transport } from "./polling.js";

export interface WebhookTransport extends Transport {
  readonly port: number;
}

export interface WebhookOptions {
  /** false while the session store is down: /health then answers 503 */
  readonly storeHealthy?: () => boolean;
  /** the whole request must arrive within this; default 10 s */
  readonly requestTimeoutMs?: number;
  /** the headers must arrive within this; default 5 s */
  readonly headersTimeoutMs?: number;
}

/**
 * An update is a message of at most 4096 characters with its entities, and the message it replies
 * to: some tens of kilobytes at most. Anything larger is not from Telegram.
 */
export const MAX_UPDATE_BYTES = 256 * 1024;

/** Telegram waits about a minute for the answer; past this the update is confirmed while still handled */
const ANSWER_WITHIN_MS = 55_000;

class RequestRefused extends Error {
  override name = "RequestRefused";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The body, up to the limit; past it the rest is let through unread and the request refused. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > MAX_UPDATE_BYTES) {
      req.resume();
      return reject(new RequestRefused(413, `body over ${MAX_UPDATE_BYTES} bytes`));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > MAX_UPDATE_BYTES) return;
      size += chunk.length;
      if (size > MAX_UPDATE_BYTES) reject(new RequestRefused(413, `body over ${MAX_UPDATE_BYTES} bytes`));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

async function readUpdate(req: IncomingMessage): Promise<Update> {
  const body = await readBody(req);
  let update: unknown;
  try {
    update = JSON.parse(body.toString("utf8"));
  } catch (error) {
    throw new RequestRefused(400, `body is not JSON: ${(error as Error).message}`);
  }
  const id = (update as { update_id?: unknown } | null)?.update_id;
  if (typeof update !== "object" || update === null || !Number.isSafeInteger(id)) throw new RequestRefused(400, "body is not an update");
  return update as Update;
}

export async function startWebhook(
  bot: Bot<BotContext>,
  config: WebhookConfig,
  logger: Logger,
  options: WebhookOptions = {},
): Promise<WebhookTransport> {
  await bot.init();
  const path = new URL(config.url).pathname;
  const storeHealthy = options.storeHealthy ?? (() => true);
  let closing = false;
  // refused requests are a stranger's doing: logged once a minute, with how many went unlogged
  let refusedLoggedAt = 0;
  let refusedUnlogged = 0;

  const handleUpdate = async (update: Update): Promise<void> => {
    const handled = bot
      .handleUpdate(update)
      .catch((error: unknown) => bot.errorHandler(error as Parameters<typeof bot.errorHandler>[0]))
      .catch((error: unknown) => logger.error({ err: error, update: update.update_id }, "ошибка в обработчике ошибок"));
    let timer: NodeJS.Timeout | undefined;
    // an update that takes longer is answered anyway, or Telegram would send it again meanwhile
    await Promise.race([handled, new Promise<void>((resolve) => (timer = setTimeout(resolve, ANSWER_WITHIN_MS)))]);
    clearTimeout(timer);
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if ((req.method === "GET" || req.method === "HEAD") && url.pathname === "/health") {
      const ok = !closing && storeHealthy();
      const body = JSON.stringify({ ok, ...(ok ? {} : { reason: closing ? "stopping" : "session store unavailable" }) });
      res.writeHead(ok ? 200 : 503, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    if (req.method !== "POST" || url.pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    if (!sameSecret(req.headers["x-telegram-bot-api-secret-token"], config.secret)) {
      res.writeHead(401, { connection: "close" }).end();
      return;
    }
    let update: Update;
    try {
      update = await readUpdate(req);
    } catch (error) {
      const status = error instanceof RequestRefused ? error.status : 400;
      if (Date.now() - refusedLoggedAt >= 60_000) {
        logger.warn({ err: error, status, alsoRefused: refusedUnlogged }, "webhook: запрос отклонён");
        refusedLoggedAt = Date.now();
        refusedUnlogged = 0;
      } else refusedUnlogged++;
      // the rest of an oversized body is not read: the connection goes with the answer
      res.writeHead(status, { connection: "close" }).end();
      return;
    }
    await handleUpdate(update);
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  };

  // the timeouts below are checked this often (Node's default, 30 s, would let a slow body stay that long)
  const server = createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
    serve(req, res).catch((error: unknown) => {
      logger.error({ err: error }, "webhook: запрос не обработан");
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.requestTimeout = options.requestTimeoutMs ?? 10_000;
  server.headersTimeout = Math.min(options.headersTimeoutMs ?? 5_000, server.requestTimeout);
  const done = new Promise<void>((resolve) => server.once("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  await bot.api.setWebhook(config.url, { secret_token: config.secret, allowed_updates: [...ALLOWED_UPDATES] });
  logger.info({ username: bot.botInfo.username, host: config.host, port, path }, "бот запущен: webhook");
  return {
    port,
    done,
    stop: async () => {
      closing = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}
