/**
 * The Node flags the bot starts with, read from package.json's `start` script («node FLAGS
 * dist/main.js»), so that the memory and load figures are taken of a process configured as the
 * bot's own, not of a bare `node`. The Dockerfile's CMD carries the same flags (a test says so).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** `script`: a start command; the flags between `node` and the entry point. */
export function nodeFlagsOf(script: string): string[] {
  const words = script.trim().split(/\s+/);
  if (words[0] !== "node") throw new Error(`the start script does not run node: ${script}`);
  const entry = words.findIndex((w, i) => i > 0 && !w.startsWith("-"));
  return words.slice(1, entry < 0 ? undefined : entry);
}

export function startFlags(root: string = ROOT): string[] {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts?: { start?: string } };
  return nodeFlagsOf(pkg.scripts?.start ?? "node");
}
