/**
 * Webhook mode: a plain node:http server on PORT. POST to the path of WEBHOOK_URL carries updates
 * (grammY checks X-Telegram-Bot-Api-Secret-Token and refuses a wrong one with 401); GET /health
 * answers 200 for load balancers and orchestrators. stop() closes the server after the requests
 * in flight are answered, and those are answered only once their update has been handled.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookCallback, type Bot } from "grammy";
import type { WebhookConfig } from "../config.js";
import type { Logger } from "../logger.js";
import type { BotContext } from "./context.js";
import { ALLOWED_UPDATES } from "./bot.js";
import type { Transport } from "./polling.js";

export interface WebhookTransport extends Transport {
  readonly port: number;
}

export async function startWebhook(bot: Bot<BotContext>, config: WebhookConfig, logger: Logger): Promise<WebhookTransport> {
  await bot.init();
  const path = new URL(config.url).pathname;
  const handle = webhookCallback(bot, "http", { secretToken: config.secret, onTimeout: "return", timeoutMilliseconds: 55_000 });
  let closing = false;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/health") {
      res.writeHead(closing ? 503 : 200, { "content-type": "application/json" }).end(JSON.stringify({ ok: !closing }));
      return;
    }
    if (req.method === "POST" && url.pathname === path) {
      handle(req, res).catch((error: unknown) => {
        logger.error({ err: error }, "webhook: обновление не обработано");
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    res.writeHead(404).end();
  });
  const done = new Promise<void>((resolve) => server.once("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  await bot.api.setWebhook(config.url, { secret_token: config.secret, allowed_updates: [...ALLOWED_UPDATES] });
  logger.info({ username: bot.botInfo.username, port, path }, "бот запущен: webhook");
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
