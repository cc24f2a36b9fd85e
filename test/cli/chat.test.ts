/**
 * `cli chat` as a subprocess: `--json` answers each stdin line with exactly one stdout line;
 * without --json and without a TTY, the plain chat works line by line with numbered buttons.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT, runCli, type CliRun } from "./run-cli.js";

function run(args: readonly string[], lines: readonly string[]): Promise<CliRun> {
  return runCli(args, lines);
}

interface Message {
  text: string;
  details?: string;
  facts?: { fact: string; value: string; label: string; source: string }[];
  buttons: { label: string; data: string }[][];
  citations: string[];
  verdict?: { clause: string; case: string };
}

/** Feeds lines one at a time, each chosen from the previous answers (to press real buttons). */
function conversation(args: readonly string[]): {
  send: (line: string) => Promise<{ messages?: Message[]; error?: string }>;
  close: () => Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let buffer = "";
  const waiting: ((line: string) => void)[] = [];
  const ready: string[] = [];
  child.stdout.on("data", (d: Buffer) => {
    buffer += d.toString("utf8");
    let i: number;
    while ((i = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      const w = waiting.shift();
      if (w) w(line);
      else ready.push(line);
    }
  });
  return {
    send(line) {
      child.stdin.write(`${line}\n`);
      return new Promise((done) => {
        const take = (l: string): void => done(JSON.parse(l) as { messages?: Message[]; error?: string });
        const r = ready.shift();
        if (r !== undefined) take(r);
        else waiting.push(take);
      });
    },
    close() {
      child.stdin.end();
      return new Promise((done) => child.on("close", done));
    },
  };
}

describe("cli chat --json", () => {
  it("answers every line with exactly one line, errors included", async () => {
    const lines = ['{"text":"10.4.6"}', "not json", '{"press":"nonsense"}', "[]", '{"text":5}', '{"text":"привет"}', '{"text":"/help"}'];
    const { stdout, code } = await run(["chat", "--json"], lines);
    expect(code).toBe(0);
    const out = stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as { messages?: Message[]; error?: string });
    expect(out.length).toBe(lines.length);
    expect(out[0]!.messages![0]!.citations).toEqual(["fspr-10.4.6"]);
    expect(out[1]!.error).toBeTruthy();
    expect(out[2]!.messages![0]!.text).toContain("уже закрыт");
    expect(out[3]!.error).toBeTruthy();
    expect(out[4]!.error).toBeTruthy();
    for (const o of out.filter((x) => x.messages)) {
      for (const m of o.messages!) {
        expect(typeof m.text).toBe("string");
        expect(Array.isArray(m.citations)).toBe(true);
        expect(Array.isArray(m.buttons)).toBe(true);
      }
    }
  }, 60_000);

  it("a whole case: the clause by its deep link, button presses, a verdict with citations", async () => {
    const chat = conversation(["chat", "--json", "--ruleset", "fspr"]);
    let reply = (await chat.send(JSON.stringify({ text: "/start fspr-10.4.17" }))).messages![0]!;
    expect(reply.citations).toEqual(["fspr-10.4.17"]);
    const apply = reply.buttons.flat().find((b) => b.label === "Применить к случаю")!;
    reply = (await chat.send(JSON.stringify({ press: apply.data }))).messages![0]!;
    const after = reply.buttons.flat().find((b) => b.label.startsWith("Оба партнёра"))!;
    reply = (await chat.send(JSON.stringify({ press: after.data }))).messages![0]!;
    // nobody showed his hand
    const closed = reply.buttons.flat().find((b) => b.label === "Нет")!;
    reply = (await chat.send(JSON.stringify({ press: closed.data }))).messages![0]!;
    const seven = reply.buttons.flat().find((b) => b.label === "Семерная")!;
    reply = (await chat.send(JSON.stringify({ press: seven.data }))).messages![0]!;
    expect(reply.verdict).toEqual({ clause: "fspr-10.4.17", case: "both" });
    expect(reply.citations).toEqual(["fspr-10.4.17", "fspr-10.2.2"]);
    expect(reply.text).toContain("По ценам «Сочи»; в документе цен нет: 1 взятка × 4 (семерная) = 4 в гору.");
    // the same parts as every adapter renders: the short text, the rest, the facts with their sources
    expect(typeof reply.details).toBe("string");
    expect(reply.facts).toEqual(expect.arrayContaining([expect.objectContaining({ fact: "level", value: "7", source: "answer" })]));
    expect(reply.facts!.filter((f) => f.source === "answer").length).toBeGreaterThanOrEqual(2);
    expect(reply.facts!.find((f) => f.fact === "level")!.label).toMatch(/семерная/);
    // the same press again (as a redelivered update would come) shows where the dialog is
    const again = (await chat.send(JSON.stringify({ press: seven.data }))).messages![0]!;
    expect(again.verdict).toEqual({ clause: "fspr-10.4.17", case: "both" });
    // a press from two questions back is stale
    const stale = (await chat.send(JSON.stringify({ press: after.data }))).messages![0]!;
    expect(stale.text).toContain("уже закрыт");
    expect(stale.verdict).toBeUndefined();
    expect(await chat.close()).toBe(0);
  }, 60_000);

  it("ends quietly when its reader closes the pipe early (… | head)", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "chat", "--json"], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const exited = new Promise<number | null>((done) => child.on("close", done));
    child.stdout.once("data", () => {
      child.stdout.destroy();
      child.stdin.end(`${'{"text":"10.4.6"}\n'.repeat(50)}`);
    });
    child.stdin.write('{"text":"10.4.6"}\n');
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Error/);
  }, 60_000);

  it("rejects a bad --ruleset", async () => {
    const { code, stderr } = await run(["chat", "--json", "--ruleset", "all"], []);
    expect(code).toBe(1);
    expect(stderr).toContain("--ruleset");
  }, 60_000);
});

describe("cli chat without a TTY", () => {
  it("works line by line: numbered buttons answered by their number", async () => {
    // «Применить», «Разыгрывающий», «После первого хода»
    const { stdout, code } = await run(["chat", "--ruleset", "fspr"], ["/rule 10.4.3", "1", "1", "2", "/exit"]);
    expect(code).toBe(0);
    expect(stdout).toContain("ФСПР 10.4.3");
    expect(stdout).toMatch(/\[1\] Применить к случаю/);
    expect(stdout).toMatch(/\[2\] После первого хода/);
    expect(stdout).toContain("Разыгрывающему — штраф на 1 взятку. — ФСПР 10.4.3");
  }, 60_000);

  it("takes a button's words, «не знаю» and «назад»; asks again for a number no button has; names an unknown command", async () => {
    const { stdout, code } = await run(
      ["chat", "--ruleset", "fspr"],
      [
        "/rule 10.4.17",
        "применить к случаю",
        "9",
        "/foo",
        "оба партнёра, и ни один не спасовал",
        "назад",
        "оба партнёра, и ни один не спасовал",
        "не знаю",
        "/exit",
      ],
    );
    expect(code).toBe(0);
    expect(stdout).toContain("Нет кнопки 9");
    expect(stdout).toContain("Нет команды /foo");
    expect(stdout).not.toContain("Не нашёл");
    // «назад» went back to the first question, «не знаю» answered the level: a ruling with its facts
    expect(stdout.match(/Кто ещё мог играть с этим прикупом\?|Вопрос 1/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(stdout).toContain("Исходя из:");
    expect(stdout).toMatch(/не знаю \(ответ\)/i);
  }, 60_000);
});
