/**
 * Polling mode listens on no port, so an orchestrator cannot ask it whether it is alive: the poll
 * loop touches a file after each answered getUpdates instead, and the Docker HEALTHCHECK reads its
 * age. A loop that hangs, or a Telegram that stops answering, lets the file age: unhealthy.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Logger } from "../logger.js";

/** where the image's HEALTHCHECK looks (relative to the working directory, /app in the image) */
export const HEARTBEAT_FILE = "data/polling-heartbeat";
/** a poll is held 30 s; the file is rewritten at most this often */
const EVERY_MS = 10_000;

export function heartbeat(path: string, logger: Logger): () => void {
  let last = 0;
  let failing = false;
  return () => {
    const now = Date.now();
    if (now - last < EVERY_MS) return;
    last = now;
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `${new Date(now).toISOString()}\n`);
      failing = false;
    } catch (error) {
      if (!failing) logger.warn({ err: error, path }, "не удалось записать отметку живости (HEALTHCHECK в режиме polling)");
      failing = true;
    }
  };
}
