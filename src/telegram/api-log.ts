/**
 * One log line per Bot API outage, not one per attempt. retryApiCalls (api-retry.ts) and the
 * polling loop retry 429, 5xx and network failures silently; installed *before* them (so it sees
 * every attempt), this transformer writes a
 * warning at the first failure of an episode and an info line when calls go through again.
 * Ordinary refusals (400 "message is not modified", 403 blocked by the user) are not outages.
 */
import { HttpError, type Transformer } from "grammy";
import type { Logger } from "../logger.js";

function isOutage(code: number): boolean {
  return code === 429 || code >= 500;
}

export function logApiFaults(logger: Logger): Transformer {
  let since: number | undefined;
  let failures = 0;

  const failed = (method: string, detail: Record<string, unknown>): void => {
    failures++;
    if (since !== undefined) return;
    since = Date.now();
    logger.warn({ method, ...detail }, "Bot API не отвечает как надо — повторяю запросы");
  };

  return async (prev, method, payload, signal) => {
    let result;
    try {
      result = await prev(method, payload, signal);
    } catch (error) {
      if (error instanceof HttpError) failed(method, { error: error.message });
      throw error;
    }
    if (!result.ok && isOutage(result.error_code)) {
      failed(method, { code: result.error_code, retry_after: result.parameters?.retry_after });
    } else if (since !== undefined) {
      logger.info({ failures, ms: Date.now() - since }, "Bot API снова отвечает");
      since = undefined;
      failures = 0;
    }
    return result;
  };
}
