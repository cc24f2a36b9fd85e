/**
 * Starts the real bot (src/main.ts through tsx, or any command) as a child process pointed at the
 * fake Bot API, in a temporary working directory so ./data and a stray .env stay out of the way.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FakeBotApi, FakeUser } from "./fake-bot-api.js";

export const REPO = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const TSX = pathToFileURL(join(REPO, "node_modules/tsx/dist/loader.mjs")).href;

export interface RunningBot {
  readonly process: ChildProcess;
  readonly output: () => string;
  /** sends the signal and resolves with the exit code */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  readonly exited: Promise<number | null>;
}

export interface StartOptions {
  readonly env?: Record<string, string>;
  readonly cwd?: string;
  /** default: node --import tsx src/main.ts */
  readonly command?: readonly string[];
  /** what tells that the bot is up; default: its first getUpdates */
  readonly ready?: (fake: FakeBotApi, since: number) => Promise<unknown>;
}

export function tempDir(prefix = "sudya-e2e-"): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export async function startBot(fake: FakeBotApi, options: StartOptions = {}): Promise<RunningBot> {
  const since = fake.mark();
  const command = options.command ?? [process.execPath, "--import", TSX, join(REPO, "src/main.ts")];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: options.cwd ?? REPO,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      BOT_TOKEN: fake.token,
      BOT_API_ROOT: fake.apiRoot,
      LOG_LEVEL: "info",
      // the fake keeps Telegram's limits, but these tests are about dialogs, not pace; the pace
      // has its own tests (test/e2e/group-flood, test/telegram/outgoing-throttle) with it on
      OUTGOING_LIMITS: "off",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready =
    options.ready ??
    ((f: FakeBotApi, s: number) => f.waitForCall("getUpdates", () => true, { since: s, timeoutMs: 30_000, received: true }));
  await Promise.race([
    ready(fake, since),
    exited.then((code) => {
      throw new Error(`the bot exited (${code}) before it was ready:\n${output}`);
    }),
  ]);
  return {
    process: child,
    output: () => output,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export const alice: FakeUser = { id: 1001, first_name: "Алиса", username: "alice_plays" };
export const boris: FakeUser = { id: 1002, first_name: "Борис" };
export const vera: FakeUser = { id: 1003, first_name: "Вера" };

/** the labels of a message's buttons */
export function labels(fake: FakeBotApi, chatId: number, messageId: number): string[] {
  return fake.buttons(chatId, messageId).map((b) => b.text);
}

export const AFTER_VERDICT = "Новый случай";
