import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";

const TOKEN = "123456789:AAEsecretsecretsecretsecret";

function capture(): { stream: Writable; lines: () => string[] } {
  let out = "";
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      out += chunk.toString();
      cb();
    },
  });
  return { stream, lines: () => out.split("\n").filter(Boolean) };
}

describe("logger", () => {
  it("writes JSON lines when not in a terminal, with a child per update", () => {
    const { stream, lines } = capture();
    const log = createLogger({ level: "info", destination: stream });
    log.child({ update: 42 }).info({ chat: 7 }, "обработано");
    const line = JSON.parse(lines()[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, update: 42, chat: 7, msg: "обработано" });
  });

  it("never writes the token: not in messages, fields, nor errors", () => {
    const { stream, lines } = capture();
    const log = createLogger({ level: "info", secrets: [TOKEN], destination: stream });
    log.info(`calling https://api.telegram.org/bot${TOKEN}/getMe`);
    log.warn({ url: `/bot${TOKEN}/sendMessage`, nested: { deep: TOKEN } }, "request");
    log.error({ err: new Error(`fetch failed for bot${TOKEN}`) }, "failed");
    const all = lines().join("\n");
    expect(lines()).toHaveLength(3);
    expect(all).not.toContain(TOKEN);
    expect(all).toContain("[скрыто]");
  });

  it("writes an error's message, type and stack, with the token scrubbed from each", () => {
    const { stream, lines } = capture();
    const log = createLogger({ level: "info", secrets: [TOKEN], destination: stream });
    class StoreFault extends Error {
      override name = "StoreFault";
    }
    const cause = new Error(`ENOSPC while calling bot${TOKEN}`);
    log.error({ err: new StoreFault(`request to /bot${TOKEN}/getMe failed`, { cause }) }, "failed");
    log.warn({ error: new TypeError("Unexpected end of JSON input") }, "under another key");
    const [first, second] = lines().map((l) => JSON.parse(l) as { err?: Record<string, unknown>; error?: Record<string, unknown> });
    expect(first!.err).toMatchObject({ type: "StoreFault", message: "request to /bot[скрыто]/getMe failed" });
    expect(String(first!.err!.stack)).toMatch(/StoreFault: request to \/bot\[скрыто\]\/getMe failed\n\s+at /);
    expect(JSON.stringify(first!.err!.cause)).toMatch(/ENOSPC while calling bot\[скрыто\]/);
    expect(second!.error).toMatchObject({ type: "TypeError", message: "Unexpected end of JSON input" });
    expect(String(second!.error!.stack)).toMatch(/\n\s+at /);
    expect(lines().join("\n")).not.toContain(TOKEN);
  });

  it("is pretty (not JSON) when asked, and respects the level", () => {
    const { stream, lines } = capture();
    const log = createLogger({ level: "warn", pretty: true, destination: stream });
    log.info("не видно");
    log.warn("видно");
    expect(lines().join("\n")).toMatch(/видно/);
    expect(lines().join("\n")).not.toMatch(/не видно/);
    expect(() => JSON.parse(lines()[0]!) as unknown).toThrow();
  });
});
