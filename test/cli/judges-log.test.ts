/**
 * `npm run chat` keeps its own log in the embedded store: rulings are numbered, /history and
 * /case read them back, a new run still has them, and a repeat offence is asked about the day's
 * earlier case as in a group.
 */
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../e2e/harness.js";
import { noonZone } from "../judges-log/noon-zone.js";
import { runCli, type CliRun } from "./run-cli.js";

const dir = tempDir("sudya-chat-log-");
// noon in the log's zone: the cases of a run stay on one chat's day whatever the hour
const ZONE = noonZone().name;

function chat(
  lines: readonly string[],
  env: Readonly<Record<string, string>> = { LOG_STORE: `${dir.path}/log.sqlite`, LOG_TIME_ZONE: ZONE },
): Promise<CliRun> {
  return runCli(["chat"], lines, env);
}

describe("the console's judges' log", () => {
  afterAll(() => dir.remove());

  it("records each ruling, lists it with /history and keeps it for the next run", async () => {
    const first = await chat(["сдающий открыл карту при сдаче", "/new", "сдающий открыл карту при сдаче", "/history"]);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe("");
    expect(first.stdout).toContain("Случай №1 в журнале");
    expect(first.stdout).toContain("Случай №2 в журнале");
    const history = first.stdout.slice(first.stdout.indexOf("Журнал: случаев 2"));
    expect(
      history
        .split("\n")
        .slice(1, 3)
        .map((l) => l.split(" · ")[0]),
    ).toEqual(["№2", "№1"]);
    expect(history).toMatch(/ФСПР 10\.1\.1/);

    const second = await chat(["/history", "/case 1", "/case 9"]);
    expect(second.stdout).toContain("Журнал: случаев 2");
    expect(second.stdout).toMatch(/Случай №1 · .*\nСпросил: консоль\nПункт: ФСПР 10\.1\.1/);
    expect(second.stdout).toContain("Случая №9 в журнале нет.");
  });

  it("asks a repeat about the earlier case of the day, once, and not about the case's own earlier ruling", async () => {
    const env = { LOG_STORE: `${dir.path}/repeat.sqlite`, LOG_TIME_ZONE: ZONE };
    const run = await chat(
      [
        "сдатчик сдал со сдвигом",
        "Впервые",
        // the fact changed from the ruling: the case's own ruling №1 is no earlier case
        "нарушение впервые",
        "Впервые",
        "/new",
        "сдатчик сдал со сдвигом",
        "да как в 2",
        "/case 3",
      ],
      env,
    );
    expect(run.stderr).toBe("");
    const [firstCase, secondCase] = run.stdout.split("Новый случай. Опишите");
    expect(firstCase).toContain("Впервые или повторно?");
    expect(firstCase).not.toMatch(/тот же игрок/);
    expect(firstCase).toContain("Случай №2 в журнале");
    expect(secondCase).toContain("Вопрос 1: Это тот же игрок, что в случае №2? Раньше в турнире по этому пункту также: №1.");
    expect(secondCase).not.toContain("Впервые или повторно?");
    expect(secondCase).toContain("сдающему повторно — 2 очка в гору");
    expect(secondCase).toContain("Нарушение: повторно — тот же игрок, что в случае №2 (ответ)");
    expect(secondCase).toContain("Случай №3 в журнале");
    expect(secondCase).toContain("Повторно: тот же игрок, что в случае №2");
  });

  it("names a bad LOG_TIME_ZONE and goes on without the log", async () => {
    const run = await chat(["/history"], { LOG_STORE: `${dir.path}/zone.sqlite`, LOG_TIME_ZONE: "Марс" });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^журнал не ведётся: LOG_TIME_ZONE: неизвестный часовой пояс «Марс»/);
    expect(run.stdout).toContain("Журнал недоступен.");
  });
});
