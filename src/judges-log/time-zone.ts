/**
 * The log's clock: the chat's day (the tournament when none is open) and the times shown in
 * /history, /case and the export are those of one configured time zone (LOG_TIME_ZONE, an IANA
 * name), not the server's: a bot in a container runs in UTC, and an evening's games in Moscow
 * would otherwise be cut at three in the morning, in Novosibirsk at seven.
 */

/**
 * Moscow unless told otherwise: the documents are Russian and so are most of the chats, and a
 * default that does not follow the host keeps a chat's days the same when the bot moves.
 */
export const DEFAULT_TIME_ZONE = "Europe/Moscow";

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "longOffset",
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The zone's canonical name («europe/moscow» → «Europe/Moscow»), or undefined when Intl does not know it. */
export function canonicalTimeZone(name: string): string | undefined {
  // an offset («+03:00») is a zone to Node 24's Intl but not to Node 20's, and it knows no summer
  // time: only IANA names, on every runtime
  if (/^[+\-\u2212]/.test(name.trim())) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export interface LocalTime {
  /** «2026» */
  readonly year: string;
  /** «01»…«12», and so on: each two digits */
  readonly month: string;
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
  readonly second: string;
  /** «+03:00», «-05:00», «+00:00» */
  readonly offset: string;
}

/** The wall clock of the zone at a moment. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of format(timeZone).formatToParts(at)) parts[part.type] = part.value;
  // «GMT+03:00»; UTC itself is «GMT»
  const offset = (parts.timeZoneName ?? "").replace(/^GMT/, "") || "+00:00";
  return {
    year: parts.year ?? "",
    month: parts.month ?? "",
    day: parts.day ?? "",
    hour: parts.hour ?? "",
    minute: parts.minute ?? "",
    second: parts.second ?? "",
    offset,
  };
}

/** The chat's day in the zone, «2026-11-12»: the tournament of a chat that opened none. */
export function chatDay(at: Date, timeZone: string): string {
  const t = localTime(at, timeZone);
  return `${t.year}-${t.month}-${t.day}`;
}

/** «2026-11-12T14:05:09+03:00»: the zone's time with its offset, which a spreadsheet and a parser both read. */
export function localIso(at: Date, timeZone: string): string {
  const t = localTime(at, timeZone);
  return `${t.year}-${t.month}-${t.day}T${t.hour}:${t.minute}:${t.second}${t.offset}`;
}
