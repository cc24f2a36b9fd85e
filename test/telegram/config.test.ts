import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config.js";

const TOKEN = "123456789:AAEabcdefghijklmnopqrstuvwxyz_-0123";

function error(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("config from the environment", () => {
  it("has working defaults: polling, file sessions under ./data, both codes", () => {
    const c = parseConfig({ BOT_TOKEN: TOKEN });
    expect(c).toMatchObject({
      mode: "polling",
      webhook: undefined,
      sessionStore: { kind: "file", dir: "./data/sessions" },
      logLevel: "info",
      defaultRuleset: "both",
      apiRoot: undefined,
    });
    expect(c.sessionTtlSeconds).toBe(14 * 86_400);
  });

  it("explains a missing token: @BotFather, and that npm run chat needs none", () => {
    for (const env of [{}, { BOT_TOKEN: "  " }] as Record<string, string>[]) {
      const line = error(env);
      expect(line).toMatch(/^BOT_TOKEN/);
      expect(line).toMatch(/@BotFather/);
      expect(line).toMatch(/npm run chat/);
      expect(line).not.toMatch(/\n/);
    }
  });

  it("names the malformed variable in one line and never echoes the token", () => {
    const bad: Record<string, string>[] = [
      { BOT_TOKEN: "not-a-token-secret" },
      { BOT_TOKEN: TOKEN, BOT_MODE: "push" },
      { BOT_TOKEN: TOKEN, PORT: "eighty" },
      { BOT_TOKEN: TOKEN, PORT: "70000" },
      { BOT_TOKEN: TOKEN, SESSION_STORE: "mongodb://x" },
      { BOT_TOKEN: TOKEN, BOT_API_ROOT: "ftp://x" },
      { BOT_TOKEN: TOKEN, LOG_LEVEL: "loud" },
      { BOT_TOKEN: TOKEN, DEFAULT_RULESET: "bridge" },
      { BOT_TOKEN: TOKEN, SESSION_TTL_DAYS: "-1" },
      { BOT_TOKEN: TOKEN, BOT_MODE: "webhook", WEBHOOK_SECRET: "abc" },
      { BOT_TOKEN: TOKEN, BOT_MODE: "webhook", WEBHOOK_URL: "https://example.org/hook" },
      { BOT_TOKEN: TOKEN, BOT_MODE: "webhook", WEBHOOK_URL: "https://example.org/hook", WEBHOOK_SECRET: "has spaces" },
    ];
    const names = [
      "BOT_TOKEN",
      "BOT_MODE",
      "PORT",
      "PORT",
      "SESSION_STORE",
      "BOT_API_ROOT",
      "LOG_LEVEL",
      "DEFAULT_RULESET",
      "SESSION_TTL_DAYS",
      "WEBHOOK_URL",
      "WEBHOOK_SECRET",
      "WEBHOOK_SECRET",
    ];
    bad.forEach((env, i) => {
      const line = error(env);
      expect(line.startsWith(names[i]!), line).toBe(true);
      expect(line).not.toMatch(/\n/);
      expect(line).not.toContain("not-a-token-secret");
      expect(line).not.toContain(TOKEN);
    });
  });

  it("reads webhook mode, Redis, a self-hosted API root and the other settings", () => {
    const c = parseConfig({
      BOT_TOKEN: TOKEN,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://judge.example.org/tg",
      WEBHOOK_SECRET: "abc_DEF-123",
      PORT: "3000",
      SESSION_STORE: "redis://localhost:6379/2",
      SESSION_TTL_DAYS: "0.5",
      BOT_API_ROOT: "http://127.0.0.1:8081/",
      LOG_LEVEL: "debug",
      DEFAULT_RULESET: "fspr",
    });
    expect(c).toMatchObject({
      mode: "webhook",
      webhook: { url: "https://judge.example.org/tg", secret: "abc_DEF-123", port: 3000 },
      sessionStore: { kind: "redis", url: "redis://localhost:6379/2" },
      sessionTtlSeconds: 43_200,
      apiRoot: "http://127.0.0.1:8081",
      logLevel: "debug",
      defaultRuleset: "fspr",
    });
    expect(parseConfig({ BOT_TOKEN: TOKEN, SESSION_STORE: "file:/var/lib/sudya" }).sessionStore).toEqual({
      kind: "file",
      dir: "/var/lib/sudya",
    });
  });

  it("listens on HOST (default 0.0.0.0) and bounds the start by START_TIMEOUT_SECONDS (default 30)", () => {
    const webhook = { BOT_TOKEN: TOKEN, BOT_MODE: "webhook", WEBHOOK_URL: "https://judge.example.org/tg", WEBHOOK_SECRET: "abc" };
    expect(parseConfig(webhook).webhook).toMatchObject({ host: "0.0.0.0", port: 8080 });
    expect(parseConfig({ ...webhook, HOST: "127.0.0.1" }).webhook?.host).toBe("127.0.0.1");
    expect(parseConfig({ ...webhook, HOST: "::" }).webhook?.host).toBe("::");
    expect(error({ ...webhook, HOST: "not a host!" })).toMatch(/^HOST: /);
    expect(parseConfig({ BOT_TOKEN: TOKEN }).startTimeoutSeconds).toBe(30);
    expect(parseConfig({ BOT_TOKEN: TOKEN, START_TIMEOUT_SECONDS: "5" }).startTimeoutSeconds).toBe(5);
    expect(error({ BOT_TOKEN: TOKEN, START_TIMEOUT_SECONDS: "0" })).toMatch(/^START_TIMEOUT_SECONDS: /);
  });
});
