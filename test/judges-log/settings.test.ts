import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config.js";
import { parseLogSettings } from "../../src/judges-log/settings.js";

const TOKEN = "123456789:AAEabcdefghijklmnopqrstuvwxyz";

describe("LOG_STORE, LOG_RETENTION_DAYS and LOG_TIME_ZONE", () => {
  it("default to an embedded file under ./data kept for a year, on Moscow's clock", () => {
    expect(parseLogSettings({})).toEqual({
      store: { kind: "sqlite", path: "./data/judges-log.sqlite" },
      retentionDays: 365,
      timeZone: "Europe/Moscow",
    });
    expect(parseConfig({ BOT_TOKEN: TOKEN }).judgesLog.store).toEqual({ kind: "sqlite", path: "./data/judges-log.sqlite" });
  });

  it("read a path, sqlite:path, postgres://… and off", () => {
    expect(parseLogSettings({ LOG_STORE: "/var/lib/sudya/log.db" }).store).toEqual({ kind: "sqlite", path: "/var/lib/sudya/log.db" });
    expect(parseLogSettings({ LOG_STORE: "sqlite:log.db" }).store).toEqual({ kind: "sqlite", path: "log.db" });
    expect(parseLogSettings({ LOG_STORE: "postgres://u@db:5432/sudya" }).store).toEqual({
      kind: "postgres",
      url: "postgres://u@db:5432/sudya",
    });
    expect(parseLogSettings({ LOG_STORE: "off" }).store).toEqual({ kind: "off" });
    expect(parseLogSettings({ LOG_RETENTION_DAYS: "30" }).retentionDays).toBe(30);
  });

  it("read an IANA time zone, in its canonical spelling", () => {
    expect(parseLogSettings({ LOG_TIME_ZONE: "Asia/Novosibirsk" }).timeZone).toBe("Asia/Novosibirsk");
    expect(parseLogSettings({ LOG_TIME_ZONE: " europe/kaliningrad " }).timeZone).toBe("Europe/Kaliningrad");
    expect(parseLogSettings({ LOG_TIME_ZONE: "UTC" }).timeZone).toBe("UTC");
    expect(parseConfig({ BOT_TOKEN: TOKEN, LOG_TIME_ZONE: "Asia/Yekaterinburg" }).judgesLog.timeZone).toBe("Asia/Yekaterinburg");
  });

  it("stop the bot with one line naming the variable", () => {
    expect(() => parseConfig({ BOT_TOKEN: TOKEN, LOG_STORE: "mysql://db/x" })).toThrow(ConfigError);
    expect(() => parseConfig({ BOT_TOKEN: TOKEN, LOG_STORE: "mysql://db/x" })).toThrow(/^LOG_STORE: /);
    expect(() => parseConfig({ BOT_TOKEN: TOKEN, LOG_RETENTION_DAYS: "-1" })).toThrow(/^LOG_RETENTION_DAYS: /);
    expect(() => parseConfig({ BOT_TOKEN: TOKEN, LOG_RETENTION_DAYS: "год" })).toThrow(/^LOG_RETENTION_DAYS: /);
    expect(() => parseConfig({ BOT_TOKEN: TOKEN, LOG_TIME_ZONE: "Москва" })).toThrow(/^LOG_TIME_ZONE: неизвестный часовой пояс «Москва»/);
    expect(() => parseConfig({ BOT_TOKEN: TOKEN, LOG_TIME_ZONE: "+03:00" })).toThrow(/^LOG_TIME_ZONE: .*Europe\/Moscow/);
  });
});
