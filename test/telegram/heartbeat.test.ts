import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Logger } from "../../src/logger.js";
import { heartbeat } from "../../src/telegram/heartbeat.js";
import { tempDir } from "../e2e/harness.js";

const dir = tempDir("sudya-beat-");
afterAll(() => dir.remove());

describe("the polling heartbeat", () => {
  it("writes the file (and its folder) at once, then at most every ten seconds", () => {
    vi.useFakeTimers({ now: new Date("2026-12-01T12:00:00Z") });
    try {
      const path = join(dir.path, "data/polling-heartbeat");
      const beat = heartbeat(path, { warn: vi.fn() } as unknown as Logger);
      beat();
      expect(readFileSync(path, "utf8")).toBe("2026-12-01T12:00:00.000Z\n");
      vi.setSystemTime(new Date("2026-12-01T12:00:05Z"));
      beat();
      expect(readFileSync(path, "utf8")).toBe("2026-12-01T12:00:00.000Z\n");
      vi.setSystemTime(new Date("2026-12-01T12:00:11Z"));
      beat();
      expect(readFileSync(path, "utf8")).toBe("2026-12-01T12:00:11.000Z\n");
      expect(statSync(path).isFile()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("logs a file it cannot write, and does not throw", () => {
    const warn = vi.fn();
    const beat = heartbeat(join(dir.path, "no-such-file\0"), { warn } as unknown as Logger);
    beat();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
