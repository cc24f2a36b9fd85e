/**
 * Resident memory as the bot would hold it: the warm workload (bench/memory-child.ts) compiled
 * with tsc and run by plain node in a fresh process, because under tsx the loader alone adds
 * some 45 MB that production (`node dist/main.js`) does not carry; with the Node flags of the
 * bot's start script (bench/start-flags.ts), which size V8's heap as the bot runs it.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startFlags } from "./start-flags.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
// Inside node_modules so the compiled files resolve the project's dependencies.
const OUT = join(ROOT, "node_modules", ".cache", "sudya-bench");

export interface MemoryFigures {
  readonly rssMb: number | null;
  readonly warmed: string;
  readonly error: string | null;
}

export function measureMemory(knowledgeDir?: string): MemoryFigures {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, "package.json"), '{ "type": "module" }\n');
  writeFileSync(
    join(OUT, "tsconfig.json"),
    JSON.stringify({
      extends: join(ROOT, "tsconfig.json"),
      compilerOptions: { noEmit: false, rootDir: ROOT, outDir: OUT, sourceMap: false, declaration: false },
      files: [join(ROOT, "bench", "memory-child.ts")],
      include: [],
    }),
  );
  try {
    // tsc exits non-zero on a type error in someone's work in progress but still emits.
    execFileSync(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", join(OUT, "tsconfig.json")], {
      stdio: "ignore",
    });
  } catch {
    /* emitted anyway; a real break shows up when the child runs */
  }
  try {
    const out = execFileSync(
      process.execPath,
      [...startFlags(), join(OUT, "bench", "memory-child.js"), knowledgeDir ? resolve(knowledgeDir) : join(ROOT, "knowledge")],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const r = JSON.parse(out.trim().split("\n").pop()!) as { rss_mb: number; pipeline: boolean };
    const flags = startFlags().join(" ");
    const warmed = `knowledge + matcher${r.pipeline ? " + pipeline" : ""}${flags ? `; node ${flags}` : ""}`;
    return { rssMb: r.rss_mb, warmed, error: null };
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? error);
    const line = stderr.split("\n").find((l) => /^\w*Error\b/.test(l)) ?? stderr.split("\n")[0] ?? "failed";
    return { rssMb: null, warmed: "", error: line.trim() };
  }
}
