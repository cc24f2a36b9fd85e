/** The CLI as a subprocess, as a user runs it: the lines go to stdin, and stdout, stderr and the exit code come back. */
import { spawn } from "node:child_process";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");

export interface CliRun {
  stdout: string;
  stderr: string;
  code: number | null;
}

export function runCli(args: readonly string[], lines: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("error", fail);
    child.on("close", (code) => done({ stdout, stderr, code }));
    child.stdin.end(lines.map((l) => `${l}\n`).join(""));
  });
}
