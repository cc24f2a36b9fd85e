/**
 * How a simulated player answers the judge: with the buttons shown, deterministically from a
 * seed, so the same player's dialog can be replayed through the pure judge as a reference.
 * A dialog ends when the judge shows a ruling or a clause (its keyboard offers «Новый случай»).
 */
export interface ShownButton {
  readonly text: string;
  readonly data?: string | undefined;
}

const END = "Новый случай";
// buttons that leave the question rather than answer it
const SKIP = new Set(["Ничего не подходит", "Изменить ответ", "Текст пункта", "Новый случай", "← Назад", "Поделиться"]);

export type Choice = { readonly kind: "done" } | { readonly kind: "press"; readonly button: ShownButton } | { readonly kind: "stuck" };

export function choose(buttons: readonly ShownButton[], seed: number, step: number): Choice {
  if (buttons.some((b) => b.text === END)) return { kind: "done" };
  const options = buttons.filter((b) => b.data !== undefined && !SKIP.has(b.text));
  if (options.length === 0) return { kind: "stuck" };
  return { kind: "press", button: options[(seed + step * 7) % options.length]! };
}
