/**
 * Button data: `<dialog id>:<version>:<action>[:<arg>]`, short ASCII. The dialog id and version
 * let the judge tell a press on the current question from a stale or foreign one. Kept within
 * 40 bytes so the Telegram layer can prefix an owner tag and stay under its 64-byte limit.
 */
import type { Button } from "./types.js";

export const MAX_DATA_BYTES = 40;

/**
 * Actions on the current question need the exact dialog and version; the others (show a clause,
 * browse the list, start anew, choose the ruleset) do not depend on the dialog and are safe from
 * any message.
 */
export const STATEFUL_ACTIONS = ["a", "u", "c", "x", "b", "f"] as const;
export const FREE_ACTIONS = ["k", "p", "l", "n", "r", "s"] as const;
export type Action = (typeof STATEFUL_ACTIONS)[number] | (typeof FREE_ACTIONS)[number];
/*
 * a:<value>   answer the current question      u        «Не знаю»
 * c:<index>   choose an offered clause           x        «Ничего не подходит»
 * b           back one question                  k:<id>   show a clause
 * f:<fact>    change a fact the ruling rests on
 * p:<id>      apply a clause to a case           l[:<doc>[:<section>]]  browse the list
 * n           new case                           r:<ruleset>  choose the ruleset
 * s:<convention>  choose how points are counted (/settings)
 */

const ACTIONS: readonly string[] = [...STATEFUL_ACTIONS, ...FREE_ACTIONS];

export interface Press {
  readonly d: string;
  readonly t: number;
  readonly action: Action;
  readonly args: readonly string[];
}

export interface Token {
  readonly d: string;
  readonly t: number;
}

export function encode(token: Token, action: Action, ...args: string[]): string {
  return [token.d, token.t.toString(36), action, ...args].join(":");
}

export function button(token: Token, label: string, action: Action, ...args: string[]): Button {
  return { label, data: encode(token, action, ...args) };
}

/** Parses button data; null for anything malformed or forged beyond recognition. */
export function decode(data: string): Press | null {
  if (typeof data !== "string" || data.length > 64 || !/^[\x21-\x7e]+$/.test(data)) return null;
  const [d, t, action, ...args] = data.split(":");
  if (!d || !/^[0-9a-z]{1,6}$/.test(d) || !t || !/^[0-9a-z]{1,11}$/.test(t) || !action || !ACTIONS.includes(action)) return null;
  if (args.some((a) => !/^[A-Za-z0-9_.-]{1,24}$/.test(a))) return null;
  const version = parseInt(t, 36);
  if (!Number.isSafeInteger(version)) return null;
  return { d, t: version, action: action as Action, args };
}

export function isStateful(action: Action): boolean {
  return (STATEFUL_ACTIONS as readonly string[]).includes(action);
}

/** Actions that only show something (a clause, the list): anyone who sees the button may press it. */
const READ_ONLY: readonly string[] = ["k", "l"];

export function isReadOnlyPress(data: string): boolean {
  const p = decode(data);
  return p !== null && READ_ONLY.includes(p.action);
}
