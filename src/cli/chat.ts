// Placeholder until the chat command lands (owned by its helper).
import type { Knowledge } from "../knowledge/types.js";

export async function runChat(_knowledge: Knowledge, _args: readonly string[]): Promise<number> {
  process.stderr.write("not implemented yet\n");
  return 1;
}
