/**
 * Whole-pipeline throughput: the real bot's `handleUpdate` over a realistic mix of updates,
 * with the Bot API answered in-process. Filled in when the bot lands.
 */
import type { Knowledge } from "../src/knowledge/types.js";

export interface PipelineFigures {
  readonly updates: number;
  readonly mix: string;
  readonly updatesPerS: number;
  readonly p99Ms: number;
}

/** Figures, or the reason there are none. */
export async function measurePipeline(_knowledge: Knowledge, _updates: number): Promise<PipelineFigures | string> {
  return "no bot factory in src/telegram/ yet";
}
