/**
 * Layers land one by one; the benchmark measures what exists and reports null for the rest
 * rather than failing or inventing a figure. A missing module is "not there yet"; any other
 * import error is a real fault and is rethrown. Works both under tsx (.ts beside this file's
 * tree) and compiled (.js), since the memory figure runs from a tsc build.
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** `rel` without extension, from the repository root, e.g. "src/search/matcher". */
export async function importIfPresent(rel: string): Promise<Record<string, unknown> | null> {
  for (const ext of [".ts", ".js"]) {
    const file = `${ROOT}${rel}${ext}`;
    if (existsSync(file)) return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  }
  return null;
}

export function fn<F extends (...args: never[]) => unknown>(mod: Record<string, unknown> | null, name: string): F | null {
  const value = mod?.[name];
  return typeof value === "function" ? (value as F) : null;
}
