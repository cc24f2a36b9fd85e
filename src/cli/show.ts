import type { Knowledge } from "../knowledge/types.js";

export async function runShow(_knowledge: Knowledge, _args: readonly string[]): Promise<number> {
  return 1;
}
