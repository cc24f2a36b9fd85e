import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runShow } from "../../src/cli/show.js";
import { loadKnowledge } from "../../src/knowledge/load.js";

const run = promisify(execFile);
const cli = (...args: string[]) => run(process.execPath, ["--import", "tsx", "src/cli/main.ts", "show", ...args], { encoding: "utf8" });

describe("cli show", () => {
  it("prints a clause as the bot shows it", async () => {
    const { stdout } = await cli("Зинин", "4.5");
    expect(stdout).toMatch(/^Зинин 4\.5 «Фальшренонс»/);
    expect(stdout).toMatch(/Решения:/);
    expect(stdout).toMatch(/ФСПР 10\.4\.6/);
    expect(stdout).toMatch(/Файл: knowledge\/clauses\/zinin-4\.yaml/);
  });

  it("exits 1 on an unknown number and names those near it", async () => {
    const error = await cli("10.4.40").catch((e: { code: number; stderr: string }) => e);
    expect(error).toMatchObject({ code: 1 });
    expect((error as { stderr: string }).stderr).toMatch(/10\.4\.40.*нет.*ФСПР 10\.4\./s);
  });

  it("shows every one of the 62 clauses", async () => {
    // The same function the CLI calls, over every id, in one process.
    const k = loadKnowledge();
    const chunks: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = (chunk: string) => (chunks.push(chunk), true);
    try {
      for (const clause of k.clauses) {
        chunks.length = 0;
        expect(await runShow(k, [clause.id])).toBe(0);
        expect(chunks.join("")).toContain(clause.title);
      }
    } finally {
      process.stdout.write = write;
    }
    expect(k.clauses).toHaveLength(62);
  });
});
