/** A log store that is down: every call answers «nothing» at once, and the log says so once per outage. */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { judgesLog } from "../../src/judges-log/open.js";
import { createLogger } from "../../src/logger.js";
import { freePort } from "../e2e/ports.js";

function captured(): { logger: ReturnType<typeof createLogger>; lines: () => string[] } {
  let text = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString("utf8");
      done();
    },
  });
  return { logger: createLogger({ level: "info", pretty: false, destination }), lines: () => text.split("\n").filter(Boolean) };
}

describe("judgesLog over a store that is down", () => {
  it("answers undefined, logs one line for the outage, and does not wait on the store again right away", async () => {
    const { logger, lines } = captured();
    const port = await freePort(); // nothing listens there
    const log = judgesLog({ store: { kind: "postgres", url: `postgres://nobody@127.0.0.1:${port}/log` }, retentionDays: 365 }, logger);
    expect(await log.attempt((s) => s.history(-1, 0, 10))).toBeUndefined();
    const started = Date.now();
    for (let i = 0; i < 5; i++) expect(await log.attempt((s) => s.history(-1, 0, 10))).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(100);
    const errors = lines().filter((l) => l.includes("журнал судей недоступен"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("PostgreSQL");
    await log.close();
  });

  it("is simply absent when LOG_STORE=off", async () => {
    const { logger, lines } = captured();
    const log = judgesLog({ store: { kind: "off" }, retentionDays: 365 }, logger);
    expect(await log.use()).toBeUndefined();
    expect(lines()).toEqual([]);
  });
});
