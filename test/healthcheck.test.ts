/** The image's HEALTHCHECK script, run as Docker runs it: a process in the app's directory, judged by its exit code. */
import { execFile } from "node:child_process";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, tempDir } from "./e2e/harness.js";

const run = promisify(execFile);
const TSX = pathToFileURL(join(REPO, "node_modules/tsx/dist/loader.mjs")).href;
const app = tempDir("sudya-health-");
afterAll(() => app.remove());

async function exitCode(env: Record<string, string> = {}): Promise<number> {
  try {
    await run(process.execPath, ["--import", TSX, join(REPO, "src/healthcheck.ts")], { cwd: app.path, env: { ...process.env, ...env } });
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

describe("the HEALTHCHECK in polling mode", () => {
  const file = join(app.path, "data/polling-heartbeat");

  it("is unhealthy before the loop has polled once", async () => {
    expect(await exitCode({ BOT_MODE: "polling" })).toBe(1);
  });

  it("is healthy while the heartbeat file is fresh, unhealthy once it is old", async () => {
    mkdirSync(join(app.path, "data"), { recursive: true });
    writeFileSync(file, "now\n");
    expect(await exitCode({ BOT_MODE: "polling" })).toBe(0);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    utimesSync(file, longAgo, longAgo);
    expect(await exitCode({ BOT_MODE: "polling" })).toBe(1);
  });
});

describe("the HEALTHCHECK in webhook mode", () => {
  let status = 200;
  let server: Server;
  const listening = new Promise<number>((done) => {
    server = createServer((req, res) => {
      res.statusCode = req.url === "/health" ? status : 404;
      res.end();
    }).listen(0, "127.0.0.1", () => done((server.address() as { port: number }).port));
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("follows /health: 200 healthy, 503 (store down) unhealthy, no server unhealthy", async () => {
    const port = String(await listening);
    expect(await exitCode({ BOT_MODE: "webhook", PORT: port })).toBe(0);
    status = 503;
    expect(await exitCode({ BOT_MODE: "webhook", PORT: port })).toBe(1);
    expect(await exitCode({ BOT_MODE: "webhook", PORT: "1" })).toBe(1);
  });
});
