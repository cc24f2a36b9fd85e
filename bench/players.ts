/**
 * Incident descriptions a simulated player opens a dialog with: the benchmark's own texts that
 * the judge resolves to at least one clause (found once, at start, through the real matcher).
 */
import type { Matcher } from "../src/search/types.js";
import { BASE_INCIDENTS } from "./descriptions.js";

export function openers(matcher: Matcher): string[] {
  return BASE_INCIDENTS.filter((t) => matcher.match(t).candidates.length > 0);
}
