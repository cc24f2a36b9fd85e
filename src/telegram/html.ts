/** Telegram's HTML parse mode: these three are the only characters that must be escaped in text. */
const SPECIAL = /[&<>]/;
const ENTITY: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

export function escapeHtml(text: string): string {
  // most texts have none of the three: no new string, one scan
  return SPECIAL.test(text) ? text.replace(/[&<>]/g, (c) => ENTITY[c]!) : text;
}

/** For attribute values (href): quotes too. */
export function escapeAttribute(text: string): string {
  return escapeHtml(text).replace(/"/g, "&quot;");
}
