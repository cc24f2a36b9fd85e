import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

function runMatch(input: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "match", ...args], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => done({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe("cli match --jsonl", () => {
  it("writes exactly one JSON line per input line, bad lines included", async () => {
    const input =
      [
        '{"text": "сдатчик засветил карту при сдаче"}',
        "not json",
        '{"text": 5}',
        "",
        '{"text": "привет"}',
        '{"text": "что в 10.4.6?"}',
      ].join("\n") + "\n";
    const { code, stdout } = await runMatch(input, "--jsonl");
    expect(code).toBe(0);
    const lines = stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(6);
    const first = lines[0] as { candidates: { id: string; score: number }[]; facts: Record<string, string> };
    expect(["fspr-10.1.1", "zinin-1.1"]).toContain(first.candidates[0]!.id);
    expect(first.facts.offender).toBe("dealer");
    expect(lines[1]).toHaveProperty("error");
    expect(lines[2]).toHaveProperty("error");
    expect(lines[3]).toHaveProperty("error");
    expect(lines[4]).toMatchObject({ candidates: [], confidence: "none" });
    expect(lines[5]).toMatchObject({ byNumber: true });
    expect((lines[5] as { candidates: unknown[] }).candidates[0]).toEqual({ id: "fspr-10.4.6", score: 1 });
  });

  it("keeps to the ruleset", async () => {
    const { stdout } = await runMatch('{"text": "на распасах положил не в масть"}\n', "--jsonl", "--ruleset", "zinin");
    const r = JSON.parse(stdout) as { candidates: { id: string }[]; facts: Record<string, string> };
    expect(r.candidates[0]!.id).toBe("zinin-4.5");
    expect(r.candidates.every((c) => c.id.startsWith("zinin-"))).toBe(true);
    expect(r.facts.game).toBe("allpass");
  });

  it("exits 1 on a bad ruleset or without --jsonl", async () => {
    expect((await runMatch("", "--jsonl", "--ruleset", "poker")).code).toBe(1);
    expect((await runMatch("")).code).toBe(1);
  });
});
