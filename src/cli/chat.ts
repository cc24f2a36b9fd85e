/**
 * The judge in a terminal. Interactive: buttons are numbered and answered by typing the number,
 * the button's words, «не знаю» or «назад»; a number no button has is asked again, and an
 * unknown command is named as such rather than searched.
 * `--json`: each stdin line `{"text":"..."}` or `{"press":"<data>"}` gets exactly one stdout line
 * `{"messages":[...]}`; a malformed line gets `{"error":"..."}`, never a crash.
 * Without a TTY and without --json, the plain chat works line by line (for scripts and tests).
 */
import { createInterface } from "node:readline";
import { createJudge, type Button, type Command, type Input, type Judge, type Reply } from "../engine/index.js";
import type { Knowledge } from "../knowledge/types.js";
import { createMatcher } from "../search/matcher.js";
import { RULESETS, type Ruleset } from "../search/types.js";
import { consoleLog, type ConsoleLog } from "./judges-log.js";

const COMMANDS: readonly Command[] = ["start", "help", "new", "list", "rule", "ruleset", "settings"];

interface Options {
  readonly json: boolean;
  readonly ruleset: Ruleset;
}

function parseArgs(args: readonly string[]): Options | string {
  let json = false;
  let ruleset: Ruleset = "both";
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--json") json = true;
    else if (a === "--ruleset" || a.startsWith("--ruleset=")) {
      const v = a.includes("=") ? a.slice(a.indexOf("=") + 1) : args[++i];
      const r = RULESETS.find((x) => x === v);
      if (!r) return `--ruleset: одно из ${RULESETS.join(", ")}`;
      ruleset = r;
    } else return `неизвестный аргумент: ${a}`;
  }
  return { json, ruleset };
}

/** «/rule 10.4.6» -> a command; anything else -> text. */
export function parseLine(line: string): Input {
  const m = /^\/([a-z]+)(?:@\S+)?(?:\s+([\s\S]*))?$/.exec(line.trim());
  const name = m?.[1] as Command | undefined;
  if (m && name && COMMANDS.includes(name)) return { kind: "command", name, arg: (m[2] ?? "").trim() };
  return { kind: "text", text: line };
}

/** «/foo»: a command the judge does not have (then it is named, not searched as a description). */
export function unknownCommand(line: string): string | undefined {
  const m = /^\/([^\s@]+)/.exec(line.trim());
  return m && !(COMMANDS as readonly string[]).includes(m[1]!) && !["exit", "quit"].includes(m[1]!) ? m[1] : undefined;
}

function words(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** What a typed line says about the buttons shown: the one it names, a number none has, or nothing. */
export function chooseButton(line: string, buttons: readonly Button[]): Button | "no-such-number" | undefined {
  const text = line.trim();
  if (/^\d{1,3}$/.test(text)) return buttons[Number(text) - 1] ?? "no-such-number";
  const said = words(text);
  if (!said || buttons.length === 0) return undefined;
  const aliases: Record<string, readonly string[]> = { назад: ["назад", "изменить ответ"], "не знаю": ["не знаю"] };
  const wanted = aliases[said] ?? [said];
  for (const w of wanted) {
    const hit = buttons.find((b) => words(b.label) === w);
    if (hit) return hit;
  }
  return undefined;
}

/** One JSON line in, the judge's input out; a string is the error to report. */
export function parseJsonLine(line: string): Input | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'строка не JSON: ожидается {"text":"..."} или {"press":"..."}';
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return 'ожидается объект {"text":"..."} или {"press":"..."}';
  const o = value as Record<string, unknown>;
  if (typeof o.press === "string") return { kind: "press", data: o.press };
  if (typeof o.text === "string") return parseLine(o.text);
  return "нужно поле text или press (строка)";
}

export function toJsonMessage(r: Reply): Record<string, unknown> {
  const m: Record<string, unknown> = {
    text: r.text,
    buttons: r.buttons.map((row) => row.map((b) => ({ label: b.label, data: b.data }))),
    citations: [...r.citations],
  };
  if (r.details) m.details = r.details;
  if (r.facts) m.facts = r.facts.map((f) => ({ fact: f.fact, value: f.value, label: f.label, source: f.source }));
  if (r.verdict) m.verdict = { ...r.verdict };
  if (r.share) m.share = r.share;
  if (r.popup) m.popup = true;
  return m;
}

const SOURCE: Record<string, string> = { text: "из сообщения", answer: "ответ", assumed: "предположение" };

/** Plain text of the replies, buttons numbered from 1 across all of them. */
export function renderPlain(replies: readonly Reply[]): { text: string; buttons: Button[] } {
  const buttons: Button[] = [];
  const parts = replies.map((r) => {
    const lines = [r.text];
    if (r.facts?.length) lines.push("", `Исходя из: ${r.facts.map((f) => `${f.label} (${SOURCE[f.source]})`).join("; ")}.`);
    if (r.details) lines.push("", "Подробнее:", r.details);
    for (const row of r.buttons) {
      lines.push(row.map((b) => `[${buttons.push(b)}] ${b.label}`).join("   "));
    }
    return lines.join("\n");
  });
  return { text: parts.join("\n\n"), buttons };
}

async function runJson(judge: Judge, ruleset: Ruleset): Promise<number> {
  let state: unknown = judge.initial(ruleset);
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    const input = parseJsonLine(line);
    if (typeof input === "string") {
      process.stdout.write(`${JSON.stringify({ error: input })}\n`);
      continue;
    }
    const result = judge.step(state, input);
    state = result.state;
    process.stdout.write(`${JSON.stringify({ messages: result.replies.map(toJsonMessage) })}\n`);
  }
  return 0;
}

async function runPlain(judge: Judge, ruleset: Ruleset, log: ConsoleLog): Promise<number> {
  const tty = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  let state: unknown = judge.initial(ruleset);
  let buttons: Button[] = [];
  const show = (replies: readonly Reply[]): void => {
    const out = renderPlain(replies);
    if (out.buttons.length) buttons = out.buttons;
    process.stdout.write(`${out.text}\n${tty ? "\n" : ""}`);
  };
  const rl = createInterface({ input: process.stdin, output: tty ? process.stdout : undefined, crlfDelay: Infinity, terminal: tty });
  const prompt = (): void => {
    if (tty) rl.prompt();
  };
  rl.setPrompt("> ");
  show(judge.step(state, { kind: "command", name: "start" }).replies);
  if (tty) process.stdout.write("Номер — нажать кнопку, /help — подсказка, /exit — выход.\n\n");
  prompt();
  for await (const raw of rl) {
    const line = raw.trim();
    if (line === "/exit" || line === "/quit" || line === "выход") break;
    if (!line) {
      prompt();
      continue;
    }
    const logged = await log.command(line);
    if (logged !== undefined) {
      process.stdout.write(`${logged}\n${tty ? "\n" : ""}`);
      prompt();
      continue;
    }
    const chosen = chooseButton(line, buttons);
    if (chosen === "no-such-number") {
      process.stdout.write(
        `${buttons.length ? `Нет кнопки ${line}: выберите номер от 1 до ${buttons.length}.` : "Сейчас нет кнопок: опишите случай словами."}\n`,
      );
      prompt();
      continue;
    }
    const unknown = chosen ? undefined : unknownCommand(line);
    if (unknown !== undefined) {
      process.stdout.write(`Нет команды /${unknown}. Команды: ${COMMANDS.map((c) => `/${c}`).join(", ")}, /exit.\n`);
      prompt();
      continue;
    }
    const input: Input = chosen ? { kind: "press", data: chosen.data } : parseLine(line);
    const result = await log.beforeShow(judge.step(state, input));
    state = result.state;
    show(result.replies);
    const note = await log.afterStep(result.replies, state);
    if (note) process.stdout.write(`${note}\n${tty ? "\n" : ""}`);
    prompt();
  }
  rl.close();
  await log.close();
  return 0;
}

export async function runChat(knowledge: Knowledge, args: readonly string[]): Promise<number> {
  const options = parseArgs(args);
  if (typeof options === "string") {
    process.stderr.write(`chat: ${options}\n`);
    return 1;
  }
  const judge = createJudge(knowledge, createMatcher(knowledge));
  return options.json ? runJson(judge, options.ruleset) : runPlain(judge, options.ruleset, consoleLog(judge));
}
