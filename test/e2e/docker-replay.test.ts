/**
 * Docker does not run on these machines, so this replays what the Dockerfile does: the build stage
 * compiles src/ with the dev tools; the runtime stage is a clean folder with only what the
 * Dockerfile copies, `npm ci --omit=dev`, and the image's CMD — run against the fake Bot API.
 * A runtime dependency left in devDependencies, or a file the image forgets, fails here.
 */
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferredEngine } from "../../src/judges-log/sqlite-engines.js";
import { FakeBotApi } from "./fake-bot-api.js";
import { alice, REPO, startBot, tempDir, type RunningBot } from "./harness.js";

const dockerfile = readFileSync(join(REPO, "Dockerfile"), "utf8");
const runtimeStage = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime$/m));

/** `COPY a b ./` lines of the runtime stage that take files from the build context */
function copiedFromContext(): string[] {
  return [...runtimeStage.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/).slice(0, -1));
}

/**
 * The runtime stage's `npm ci …`. The image runs Node 24, whose node:sqlite holds the judges' log,
 * so it omits the optional better-sqlite3; replayed under a Node without node:sqlite (20), the
 * optional module is installed, as a user of that Node gets it.
 */
function imageInstall(): string[] {
  const m = /^RUN (npm ci [^&\n]*?)\s*(?:&&|$)/m.exec(runtimeStage);
  if (!m) throw new Error("the runtime stage has no RUN npm ci");
  const words = m[1]!.trim().split(/\s+/).slice(1);
  return preferredEngine() === "node:sqlite" ? words : words.filter((word) => word !== "--omit=optional");
}

function healthcheck(): string[] {
  const m = /^HEALTHCHECK .* CMD (\[.*\])$/m.exec(runtimeStage);
  if (!m) throw new Error("the runtime stage has no HEALTHCHECK … CMD [..]");
  return JSON.parse(m[1]!) as string[];
}

function cmd(): string[] {
  const m = /^CMD (\[.*\])$/m.exec(runtimeStage);
  if (!m) throw new Error("the runtime stage has no CMD [..]");
  return JSON.parse(m[1]!) as string[];
}

describe("the production image, replayed without Docker", () => {
  const fake = new FakeBotApi();
  const app = tempDir("sudya-image-");
  let bot: RunningBot;

  beforeAll(async () => {
    expect(imageInstall()).toEqual(expect.arrayContaining(["ci", "--omit=dev"]));
    expect(runtimeStage).toMatch(/^USER node$/m);
    expect(runtimeStage).toMatch(/^VOLUME \["\/app\/data"\]$/m);
    for (const path of copiedFromContext()) cpSync(join(REPO, path), join(app.path, path), { recursive: true });
    // build stage: the compiler from devDependencies, output where `COPY --from=build /app/dist` puts it
    execFileSync(
      process.execPath,
      [join(REPO, "node_modules/typescript/bin/tsc"), "-p", join(REPO, "tsconfig.build.json"), "--outDir", join(app.path, "dist")],
      { stdio: "pipe" },
    );
    execFileSync("npm", [...imageInstall(), "--prefer-offline", "--loglevel=error"], {
      cwd: app.path,
      stdio: "pipe",
      env: { ...process.env, NODE_ENV: "production" },
    });
    await fake.start();
    const [exe, ...args] = cmd();
    expect(exe).toBe("node");
    bot = await startBot(fake, { cwd: app.path, command: [process.execPath, ...args], env: { NODE_ENV: "production" } });
    // under Node 20, better-sqlite3 is built from source where its prebuilt binary cannot be fetched: minutes on 2 cores
  }, 600_000);
  afterAll(async () => {
    await bot?.stop();
    await fake.stop();
    app.remove();
  });

  it("installs no dev tools", () => {
    expect(() => execFileSync(process.execPath, ["-e", "import('tsx')"], { cwd: app.path, stdio: "pipe" })).toThrow();
    expect(() => readFileSync(join(app.path, "node_modules/typescript/package.json"))).toThrow();
  });

  it("answers a private dialog and a /rule look-up, then stops cleanly", async () => {
    let mark = fake.mark();
    fake.sendText(alice.id, alice, "/rule 10.4.6");
    await fake.waitForOutput(alice.id, mark);
    expect(fake.lastBotMessage(alice.id)!.text).toMatch(/ФСПР 10\.4\.6/);
    mark = fake.mark();
    fake.sendText(alice.id, alice, "разыгрывающий подсмотрел снос");
    await fake.waitForOutput(alice.id, mark);
    expect(fake.lastBotMessage(alice.id)!.reply_markup).toBeDefined();
    // the image's HEALTHCHECK, as Docker runs it in the container: healthy while the bot polls
    expect(healthcheck()[0]).toBe("node");
    expect(() => execFileSync(process.execPath, healthcheck().slice(1), { cwd: app.path, stdio: "pipe" })).not.toThrow();
    expect(await bot.stop("SIGTERM")).toBe(0);
    // the default store under ./data (the image's volume): a clean stop leaves a snapshot with the dialog
    const snapshot = JSON.parse(readFileSync(join(app.path, "data/sessions/sessions.snapshot.json"), "utf8")) as Record<
      string,
      { v: unknown }
    >;
    expect(snapshot[`${alice.id}:${alice.id}`]?.v).toBeDefined();
  });
});
