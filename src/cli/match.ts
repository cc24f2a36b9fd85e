// Placeholder until the match command lands (owned by its helper).
import type { Knowledge } from "../knowledge/types.js";

export async function runMatch(_knowledge: Knowledge, _args: readonly string[]): Promise<number> {
  process.stderr.write("not implemented yet\n");
  return 1;
}
