/** The chat's day and the log's times in the configured zone, across midnight and a change of summer time. */
import { describe, expect, it } from "vitest";
import { canonicalTimeZone, chatDay, localIso, localTime } from "../../src/judges-log/time-zone.js";
import { noonZone } from "./noon-zone.js";

describe("the log's clock", () => {
  it("turns the chat's day at the zone's midnight, not the server's", () => {
    // 23:59:59 and 00:00:00 in Moscow (UTC+3)
    expect(chatDay(new Date("2026-11-12T20:59:59Z"), "Europe/Moscow")).toBe("2026-11-12");
    expect(chatDay(new Date("2026-11-12T21:00:00Z"), "Europe/Moscow")).toBe("2026-11-13");
    // the same moment is still the 12th in UTC, and long the 13th in Novosibirsk (UTC+7)
    expect(chatDay(new Date("2026-11-12T21:00:00Z"), "UTC")).toBe("2026-11-12");
    expect(chatDay(new Date("2026-11-12T17:00:00Z"), "Asia/Novosibirsk")).toBe("2026-11-13");
    expect(chatDay(new Date("2026-11-12T16:59:59Z"), "Asia/Novosibirsk")).toBe("2026-11-12");
    // a new year at Moscow's midnight
    expect(chatDay(new Date("2026-12-31T21:00:00Z"), "Europe/Moscow")).toBe("2027-01-01");
  });

  it("follows a zone's summer time", () => {
    // Berlin: UTC+1 in winter, UTC+2 from 29 March 2026
    expect(chatDay(new Date("2026-01-10T22:59:59Z"), "Europe/Berlin")).toBe("2026-01-10");
    expect(chatDay(new Date("2026-01-10T23:00:00Z"), "Europe/Berlin")).toBe("2026-01-11");
    expect(chatDay(new Date("2026-07-10T21:59:59Z"), "Europe/Berlin")).toBe("2026-07-10");
    expect(chatDay(new Date("2026-07-10T22:00:00Z"), "Europe/Berlin")).toBe("2026-07-11");
  });

  it("shows a time with its offset, midnight as 00 (not 24)", () => {
    expect(localIso(new Date("2026-11-12T21:00:05Z"), "Europe/Moscow")).toBe("2026-11-13T00:00:05+03:00");
    expect(localIso(new Date("2026-11-12T21:00:05Z"), "UTC")).toBe("2026-11-12T21:00:05+00:00");
    expect(localIso(new Date("2026-01-10T04:30:00Z"), "America/New_York")).toBe("2026-01-09T23:30:00-05:00");
    expect(localTime(new Date("2026-11-12T21:00:00Z"), "Europe/Moscow")).toMatchObject({ hour: "00", minute: "00" });
    // the offset read back gives the same moment
    const at = new Date("2026-07-10T22:15:00Z");
    expect(new Date(localIso(at, "Asia/Novosibirsk")).getTime()).toBe(at.getTime());
  });

  it("knows IANA names and nothing else", () => {
    expect(canonicalTimeZone("asia/novosibirsk")).toBe("Asia/Novosibirsk");
    expect(canonicalTimeZone("Москва")).toBeUndefined();
    expect(canonicalTimeZone("")).toBeUndefined();
  });
});

describe("the tests' noon zone", () => {
  it("is an IANA zone where it is noon at any hour of the day", () => {
    for (let hour = 0; hour < 24; hour++) {
      const at = new Date(Date.UTC(2026, 11, 1, hour, 30));
      const zone = noonZone(at);
      expect(canonicalTimeZone(zone.name)).toBe(zone.name);
      expect(localTime(at, zone.name)).toMatchObject({ hour: "12", minute: "30" });
      expect(localIso(at, zone.name).slice(-6)).toBe(zone.offset);
    }
  });
});
