/**
 * Adapters use only the engine's public module: src/telegram and src/cli import nothing of
 * src/engine but src/engine/index.ts, so another messenger plugs in the same way.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(fileURLToPath(new URL("../../src", import.meta.url)));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** every module specifier a file imports or re-exports, static or dynamic */
function specifiers(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g))
    out.push(m[1] ?? m[2]!);
  return out;
}

describe("the engine's public interface", () => {
  it("is all that src/telegram and src/cli import of src/engine", () => {
    const offending: string[] = [];
    let engineImports = 0;
    for (const file of [...files(join(SRC, "telegram")), ...files(join(SRC, "cli"))]) {
      for (const spec of specifiers(readFileSync(file, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = relative(SRC, resolve(join(file, ".."), spec));
        if (!target.startsWith("engine")) continue;
        engineImports++;
        if (target !== join("engine", "index.js")) offending.push(`${relative(SRC, file)} → ${spec}`);
      }
    }
    expect(offending).toEqual([]);
    // the check looked at something: the adapters do use the engine
    expect(engineImports).toBeGreaterThan(3);
  });
});
