/** A throw-away redis-server on a free loopback port, for the tests that need a real one. */
import { spawn, type ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import { freePort } from "./ports.js";

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  const failed = new Promise<never>((_, reject) => {
    child.once("error", (e) => reject(new Error(`redis-server could not start (apt-get install -y redis-server): ${e.message}`)));
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  const url = `redis://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let i = 0; i < 100; i++) {
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on("error", () => undefined);
      try {
        await client.connect();
        await client.ping();
        client.disconnect();
        return;
      } catch {
        client.disconnect();
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error("redis-server did not answer");
  })();
  await Promise.race([ready, failed]);
  failed.catch(() => undefined);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
