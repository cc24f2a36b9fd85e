/**
 * A zone where it is about noon now, for tests that record cases and expect them on one chat's
 * day: a fixed zone (Moscow, Novosibirsk) turns its day once a day, and a suite that runs across
 * that midnight would see its cases split between two days.
 */
export interface NoonZone {
  /** An IANA name, «Etc/GMT-7» for UTC+7 (the Etc names count the sign the other way). */
  readonly name: string;
  /** Its offset as the log writes it, «+07:00». */
  readonly offset: string;
}

export function noonZone(now: Date = new Date()): NoonZone {
  const hours = 12 - now.getUTCHours(); // −11 … +12: each has an Etc/GMT zone
  const name = hours === 0 ? "UTC" : `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`;
  const offset = `${hours >= 0 ? "+" : "-"}${String(Math.abs(hours)).padStart(2, "0")}:00`;
  return { name, offset };
}
