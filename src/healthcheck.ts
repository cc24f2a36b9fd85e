/**
 * The image's HEALTHCHECK: `node dist/healthcheck.js` exits 0 when the bot is alive, 1 when not.
 * Webhook mode asks the server's /health (503 while the session store is down); polling mode has no
 * port, so it reads the age of the file the poll loop touches after each answered getUpdates.
 */
import { statSync } from "node:fs";
import { DEFAULT_WEBHOOK_PORT } from "./config.js";
import { HEARTBEAT_FILE } from "./telegram/heartbeat.js";

/** a poll is held 30 s; three missed ones in a row mean the loop or Telegram is gone */
const MAX_AGE_MS = 100_000;

async function healthy(): Promise<boolean> {
  if (process.env.BOT_MODE === "webhook") {
    const port = process.env.PORT ?? String(DEFAULT_WEBHOOK_PORT);
    const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(4_000) }).catch(() => undefined);
    return response?.ok ?? false;
  }
  try {
    return Date.now() - statSync(HEARTBEAT_FILE).mtimeMs <= MAX_AGE_MS;
  } catch {
    return false;
  }
}

void healthy().then((ok) => {
  process.exitCode = ok ? 0 : 1;
});
