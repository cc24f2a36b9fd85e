/**
 * A Redis outage in the log: ioredis reconnects by itself and reports every failed attempt; the
 * log must say once that Redis is gone and once that it is back, not once per attempt. Staged on
 * a small Redis stand-in (test/faults/fake-redis.ts), so it runs where redis-server is absent.
 */
import { afterAll, describe, expect, it } from "vitest";
import { openSessionStorage, type SessionStorage } from "../../src/telegram/session-store.js";
import { captureLogger } from "./bot-under-test.js";
import { FakeRedis } from "./fake-redis.js";

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("Redis going away and coming back", () => {
  const redis = new FakeRedis();
  let sessions: SessionStorage<{ n: number }> | undefined;
  afterAll(async () => {
    await sessions?.close();
    await redis.stop();
  });

  it("logs one line when it goes and one when it is back", async () => {
    await redis.start();
    const { logger, lines } = captureLogger();
    sessions = await openSessionStorage<{ n: number }>({ kind: "redis", url: redis.url }, 3600, logger);
    await sessions.storage.write("1:1", { n: 1 });
    expect(await sessions.storage.read("1:1")).toEqual({ n: 1 });
    expect(sessions.healthy()).toBe(true);

    await redis.stop();
    // ioredis retries every 50·n ms: a dozen failed attempts in these seconds
    await new Promise((r) => setTimeout(r, 3000));
    expect(sessions.healthy()).toBe(false);
    const during = lines.filter((l) => l.level >= 40);
    expect(during).toHaveLength(1);
    expect(during[0]!.msg).toMatch(/Redis недоступен/);

    await redis.start();
    await until(() => sessions!.healthy(), 10_000, "the reconnection");
    expect(lines.filter((l) => l.level >= 40)).toHaveLength(1);
    expect(lines.filter((l) => /Redis снова доступен/.test(l.msg))).toHaveLength(1);
  }, 30_000);
});
