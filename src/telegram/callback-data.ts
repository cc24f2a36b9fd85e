/**
 * Button data as Telegram carries it: the judge's own data (≤ 40 ASCII bytes) behind an owner tag,
 * the id of the user whose dialog the button belongs to. In a group several dialogs run at once;
 * the tag tells whose session a press applies to and who may press it. 64 bytes in all.
 */
export const CALLBACK_LIMIT = 64;

export interface CallbackData {
  /** the dialog owner's user id; undefined for data without a tag (old or forged buttons) */
  readonly owner: number | undefined;
  readonly data: string;
}

export function encodeCallback(owner: number, data: string): string {
  const encoded = `${owner.toString(36)}:${data}`;
  // UTF-8 takes at most 3 bytes per UTF-16 unit: a short string cannot be over
  if (encoded.length * 3 > CALLBACK_LIMIT && Buffer.byteLength(encoded) > CALLBACK_LIMIT)
    throw new RangeError(`callback data over ${CALLBACK_LIMIT} bytes: ${encoded}`);
  return encoded;
}

export function decodeCallback(raw: string): CallbackData {
  const m = /^([0-9a-z]{1,12}):([\s\S]*)$/.exec(raw);
  if (!m) return { owner: undefined, data: raw };
  const owner = Number.parseInt(m[1]!, 36);
  return Number.isSafeInteger(owner) && owner > 0 ? { owner, data: m[2]! } : { owner: undefined, data: raw };
}
