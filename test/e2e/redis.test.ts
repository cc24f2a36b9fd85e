import { existsSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeBotApi } from "./fake-bot-api.js";
import { alice, labels, startBot, tempDir } from "./harness.js";
import { startRedis, type RedisServer } from "./redis-server.js";
import { serverAvailable } from "./server-binary.js";

const haveRedis = serverAvailable("redis-server", "apt-get install redis-server");

describe.skipIf(!haveRedis)("Redis sessions (SESSION_STORE=redis://…, a real redis-server)", () => {
  const fake = new FakeBotApi();
  const data = tempDir();
  let redis: RedisServer;

  beforeAll(async () => {
    redis = await startRedis();
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
    await redis?.stop();
    data.remove();
  });

  it("keeps the dialog in Redis with a TTL, so another instance continues it", async () => {
    const env = { SESSION_STORE: redis.url, SESSION_TTL_DAYS: "2" };
    const first = await startBot(fake, { cwd: data.path, env });
    let mark = fake.mark();
    fake.sendText(alice.id, alice, "на распасах игрок не положил масть хотя она у него была");
    await fake.waitForOutput(alice.id, mark);
    const question = fake.lastBotMessage(alice.id)!;
    expect(await first.stop()).toBe(0);

    const client = new Redis(redis.url);
    try {
      const key = `${alice.id}:${alice.id}`;
      const stored = JSON.parse((await client.get(key))!) as { dialog: unknown; liveMessage: number };
      expect(stored.liveMessage).toBe(question.message_id);
      const ttl = await client.ttl(key);
      expect(ttl).toBeGreaterThan(86_400);
      expect(ttl).toBeLessThanOrEqual(2 * 86_400);
    } finally {
      client.disconnect();
    }
    expect(existsSync(join(data.path, "data", "sessions"))).toBe(false); // the file store was not used
    const second = await startBot(fake, { cwd: data.path, env });
    try {
      mark = fake.mark();
      const answer = labels(fake, alice.id, question.message_id).find((l) => l !== "Не знаю")!;
      fake.pressLabel(alice.id, question.message_id, alice, answer);
      await fake.waitForOutput(alice.id, mark);
      const after = fake.message(alice.id, question.message_id)!;
      expect(after.edits).toBe(1);
      expect(after.text).not.toMatch(/закрыт/);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it("stops with one clear line when Redis is unreachable", async () => {
    const port = Number(new URL(redis.url).port) + 1;
    const bot = startBot(fake, { cwd: data.path, env: { SESSION_STORE: `redis://127.0.0.1:${port}` } });
    await expect(bot).rejects.toThrow(/SESSION_STORE: хранилище диалогов недоступно/);
  });
});
