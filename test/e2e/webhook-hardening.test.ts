/**
 * The webhook port is open to anyone: what a hostile or broken client sends must not hurt the bot.
 * The real bot's webhook server (startWebhook, in this process) behind the fake Bot API: a
 * malformed body gets 400 (a 5xx would make Telegram send it again and again), an oversized one
 * 413 without being read, a slow one is cut off, HEAD /health works, and /health answers 503 while
 * the session store is down — and 200 again once it is back.
 */
import { writeSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "../../src/logger.js";
import { createBot } from "../../src/telegram/bot.js";
import type { SessionData } from "../../src/telegram/context.js";
import { JournalStorage } from "../../src/telegram/journal-storage.js";
import { guardStorage } from "../../src/telegram/store-guard.js";
import { MAX_UPDATE_BYTES, startWebhook, type WebhookTransport } from "../../src/telegram/webhook.js";
import { captureLogger, judgeAndKnowledge, type LogLine } from "../faults/bot-under-test.js";
import { FakeBotApi } from "./fake-bot-api.js";
import { alice, tempDir } from "./harness.js";
import { freePort } from "./ports.js";

const SECRET = "hardening-secret_123";

function post(url: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "x-telegram-bot-api-secret-token": SECRET, ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("webhook hardening", () => {
  const fake = new FakeBotApi();
  const data = tempDir("sudya-hook-");
  let full = false;
  let transport: WebhookTransport;
  let lines: LogLine[];
  let base: string;
  let hook: string;

  beforeAll(async () => {
    await fake.start();
    const { judge } = judgeAndKnowledge();
    const captured = captureLogger();
    lines = captured.lines;
    const logger: Logger = captured.logger;
    const disk = (fd: number, text: string): number => {
      if (full) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      return writeSync(fd, text);
    };
    const storage = guardStorage(new JournalStorage<SessionData>(data.path, 3600, { writeSync: disk }), { logger });
    const bot = createBot({ token: fake.token, apiRoot: fake.apiRoot, judge, storage, logger, defaultRuleset: "both" });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    hook = `${base}/hook`;
    transport = await startWebhook(bot, { url: hook, secret: SECRET, host: "127.0.0.1", port }, logger, {
      storeHealthy: () => storage.healthy,
      requestTimeoutMs: 1000,
      headersTimeoutMs: 1000,
    });
  });
  afterAll(async () => {
    await transport?.stop();
    await fake.stop();
    data.remove();
  });

  it("answers a malformed body with 400, and logs what was wrong", async () => {
    expect((await post(hook, "{not json", { "content-type": "application/json" })).status).toBe(400);
    expect((await post(hook, JSON.stringify({ hello: "world" }))).status).toBe(400);
    expect((await post(hook, "[]")).status).toBe(400);
    // logged once a minute at most: a stranger's garbage must not flood the log
    const refused = lines.filter((l) => /запрос отклонён/.test(l.msg));
    expect(refused).toHaveLength(1);
    expect(refused[0]!.err).toMatchObject({ type: "RequestRefused", message: expect.stringMatching(/not JSON/) as unknown });
  });

  it("refuses a body larger than an update can be, without reading it", async () => {
    const huge = Buffer.alloc(10 * 1024 * 1024, 0x20);
    const { status, ms } = await post(hook, huge, { "content-type": "application/json" }).catch(() => ({ status: 0, ms: 0 }));
    // 413, or the connection closed under the client while it was still sending
    expect([413, 0]).toContain(status);
    expect(ms).toBeLessThan(2000);
    const chunked = await new Promise<number>((resolve) => {
      const req = request(hook, { method: "POST", headers: { "x-telegram-bot-api-secret-token": SECRET } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", () => resolve(0));
      // no content-length: the limit is counted as the body comes
      for (let i = 0; i < 8; i++) req.write(Buffer.alloc(MAX_UPDATE_BYTES / 4, 0x20));
      req.end();
    });
    expect([413, 0]).toContain(chunked);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it("cuts off a client that sends its body too slowly", async () => {
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(Number(new URL(base).port), "127.0.0.1", () => {
        socket.write(`POST /hook HTTP/1.1\r\nHost: x\r\nX-Telegram-Bot-Api-Secret-Token: ${SECRET}\r\nContent-Length: 100\r\n\r\n{"upd`);
      });
      socket.on("data", () => undefined);
      socket.on("error", () => undefined);
      socket.on("close", () => resolve(Date.now() - started));
    });
    expect(closedAfter).toBeLessThan(4000);
  });

  it("answers HEAD /health", async () => {
    const res = await fetch(`${base}/health`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("answers /health with 503 while the session store is down, and 200 when it is back", async () => {
    full = true;
    let mark = fake.mark();
    fake.sendText(alice.id, alice, "/rule 10.4.6");
    await fake.waitForOutput(alice.id, mark);
    const down = await fetch(`${base}/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ ok: false });
    full = false;
    mark = fake.mark();
    fake.sendText(alice.id, alice, "на распасах игрок не положил масть хотя она у него была");
    await fake.waitForOutput(alice.id, mark);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});
