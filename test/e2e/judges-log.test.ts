/**
 * The judges' log in a group, end to end: the real bot against the fake Bot API, its log in the
 * default embedded file under the bot's ./data (and, where PostgreSQL is installed, in a real
 * server of the test's own). Rulings are recorded and listed, the admin's decision shows on the
 * ruling and as the precedent for the same incident, the log survives a SIGKILL, /export sends a
 * CSV that parses, and a repeated offence is asked about the earlier case of the tournament.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_HEADER } from "../../src/judges-log/csv.js";
import { FakeBotApi, type ChatMessage, type FakeUser } from "./fake-bot-api.js";
import { alice, boris, startBot, tempDir, vera, type RunningBot } from "./harness.js";
import { freePort } from "./ports.js";
import { postgresAvailable, startPostgres, type PostgresServer } from "./postgres-server.js";
import { noonZone } from "../judges-log/noon-zone.js";

const GROUP = -1009876543210;
const DECISION = "Пересдача без штрафа: карту открыл сосед сдающего";

/** RFC 4180 text read back: rows of cells (quoted cells, doubled quotes, CRLF between rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (quoted) throw new Error("an unterminated quoted cell");
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** a conversation helper over one fake and group */
function group(fake: FakeBotApi) {
  const say = async (from: FakeUser, text: string, options: { replyTo?: number } = {}): Promise<ChatMessage> => {
    const mark = fake.mark();
    fake.sendText(GROUP, from, text, options);
    await fake.waitForOutput(GROUP, mark, { quietMs: 400 });
    return fake.lastBotMessage(GROUP)!;
  };
  const press = async (from: FakeUser, message: ChatMessage, label: string): Promise<string> => {
    const mark = fake.mark();
    const id = fake.pressLabel(GROUP, message.message_id, from, label);
    await fake.waitForCall("answerCallbackQuery", (c) => c.params.callback_query_id === id, { since: mark });
    await fake.quiet(400);
    return id;
  };
  /** asks a case and presses through its questions; the ruling's message as it ends up */
  const rule = async (from: FakeUser, text: string, answers: readonly string[] = []): Promise<ChatMessage> => {
    let message = await say(from, `/judge ${text}`);
    for (const label of answers) {
      await press(from, message, label);
      message = fake.message(GROUP, message.message_id)!;
    }
    const ruling = fake
      .botMessages(GROUP)
      .filter((m) => /Случай №\d+ в журнале/.test(m.text))
      .at(-1);
    expect(ruling, `no ruling recorded after «${text}»`).toBeDefined();
    return ruling!;
  };
  return { say, press, rule };
}

const CARD = "сдающий открыл карту при сдаче";
// «жестом» says what the dispute is about (audit AW): only whether it is the first time is asked
const WORDS = ["вистующий подсказал партнёру жестом", ["Впервые"]] as const;
const BIDDING = "ненормативная заявка в торговле";
/** 10.3.1 asks first what form the bid had: a jump to the next level is allowed, the rest is not */
const NON_NORMATIVE = "Другая, не нормативная («моё», «беру», кивок…)";
const REVOKE = ["на распасах игрок не положил масть хотя она у него была", ["Сразу"]] as const;

describe("the judges' log in a group (embedded store, the default file under ./data)", () => {
  const fake = new FakeBotApi();
  const data = tempDir();
  // the log's clock is the zone's, not the server's; a zone where it is noon keeps the suite's
  // cases on one chat's day whatever the hour it runs
  const zone = noonZone();
  const env = { SESSION_STORE: `file:${data.path}/sessions`, LOG_TIME_ZONE: zone.name };
  let bot: RunningBot;
  const chat = group(fake);

  beforeAll(async () => {
    await fake.start();
    fake.chat(GROUP, { type: "supergroup", title: "Клуб" }).setMember(GROUP, vera.id, "administrator");
    bot = await startBot(fake, { cwd: data.path, env });
  });
  afterAll(async () => {
    await bot?.stop();
    await fake.stop();
    data.remove();
  });

  let first: ChatMessage;
  it("records three rulings and lists them newest first", async () => {
    first = await chat.rule(alice, CARD);
    expect(first.text).toMatch(/Случай №1 в журнале чата/);
    expect(fake.buttons(GROUP, first.message_id).map((b) => b.text)).toContain("Решение судьи");
    expect((await chat.rule(boris, WORDS[0], WORDS[1])).text).toMatch(/Случай №2/);
    expect((await chat.rule(alice, REVOKE[0], REVOKE[1])).text).toMatch(/Случай №3/);

    const history = await chat.say(vera, "/history");
    const lines = history.text.split("\n").filter((l) => l.startsWith("№"));
    expect(lines.map((l) => l.split(" · ")[0])).toEqual(["№3", "№2", "№1"]);
    expect(lines[0]).toMatch(/ФСПР 10\.4\.6/);
    expect(lines[2]).toMatch(/ФСПР 10\.1\.1/);
    expect(history.text).toMatch(/случаев 3/);
  });

  it("lets only the chat's judge decide: others get a pop-up; the judge's words show on the ruling", async () => {
    const refused = await chat.press(boris, first, "Решение судьи");
    expect(fake.callbackAnswer(refused)).toMatchObject({ show_alert: true, text: expect.stringMatching(/судья турнира/) as unknown });
    expect(fake.lastBotMessage(GROUP)!.text).not.toMatch(/ответьте на это сообщение/);

    await chat.press(vera, first, "Решение судьи");
    const prompt = fake.lastBotMessage(GROUP)!;
    expect(prompt.text).toMatch(/^Решение судьи по случаю №1/);
    // a player cannot answer the prompt for the judge
    expect((await chat.say(alice, "штраф", { replyTo: prompt.message_id })).text).toMatch(/судья турнира/);
    expect(fake.message(GROUP, first.message_id)!.text).not.toMatch(/Судья турнира:/);

    const confirmed = await chat.say(vera, DECISION, { replyTo: prompt.message_id });
    expect(confirmed.text).toMatch(/Записано в журнал: решение судьи по случаю №1/);
    const ruling = fake.message(GROUP, first.message_id)!;
    expect(ruling.text).toContain(`Судья турнира: ${DECISION}`);
    // the code's ruling is still there
    expect(ruling.text).toContain(first.text.split("\n")[0]!);
    expect(fake.buttons(GROUP, first.message_id).map((b) => b.text)).toContain("Решение судьи");
  });

  it("shows the judge's earlier decision beside the code's when the same incident comes again", async () => {
    const again = await chat.rule(boris, CARD);
    expect(again.text).toMatch(/Случай №4/);
    expect(again.text).toMatch(new RegExp(`В этом чате судья решил: ${DECISION}, \\d\\d\\.\\d\\d, случай №1`));
    expect(again.text).toMatch(/ФСПР 10\.1\.1/);
  });

  it("keeps the log through a SIGKILL", async () => {
    await bot.stop("SIGKILL");
    bot = await startBot(fake, { cwd: data.path, env });
    const one = await chat.say(alice, "/case 1");
    expect(one.text).toMatch(/^Случай №1/);
    expect(one.text).toContain("Спросил: Алиса");
    expect(one.text).toContain(`Судья турнира (Вера, `);
    expect(one.text).toContain(DECISION);
    expect((await chat.say(alice, "/history")).text).toMatch(/случаев 4/);
  });

  it("asks once whether a repeated offence is the same player as in the earlier case, in the judge's own question", async () => {
    const asked = await chat.say(boris, `/judge ${WORDS[0]}`);
    // the log's question in place of the judge's «Это уже не первый раз за ним?»
    const question = fake.message(GROUP, asked.message_id)!;
    expect(question.text).toContain("Это тот же игрок, что в случае №2?");
    expect(question.text).not.toMatch(/не первый раз/);
    expect(fake.buttons(GROUP, asked.message_id).map((b) => b.text)).toEqual(["Да, как в №2", "Нет, другой игрок", "Не знаю"]);
    // a bystander may not answer for the asker
    const foreign = await chat.press(alice, question, "Да, как в №2");
    expect(fake.callbackAnswer(foreign)?.text).toBeTruthy();
    expect(fake.message(GROUP, asked.message_id)!.text).toContain("Это тот же игрок");

    const mark = fake.mark();
    await chat.press(boris, question, "Да, как в №2");
    const ruling = fake.message(GROUP, asked.message_id)!;
    expect(ruling.text).toMatch(/Случай №5 в журнале чата/);
    expect(ruling.text).toMatch(/повторно — «2 \(4,6\.\.\.\) в гору»/);
    expect(ruling.text).toMatch(/Нарушение: повторно — тот же игрок, что в случае №2 \(ответ\)/);
    // asked once: nothing after the ruling asks again
    expect(fake.botMessages(GROUP).filter((m) => m.message_id > asked.message_id && /тот же игрок/.test(m.text))).toEqual([]);
    expect(fake.calls.filter((c) => c.seq >= mark && c.method === "sendMessage")).toEqual([]);
    expect((await chat.say(boris, "/case 5")).text).toContain("Повторно: тот же игрок, что в случае №2");
    // a clause that rules the same for a repeat asks nothing
    await chat.rule(alice, CARD);
    expect(fake.lastBotMessage(GROUP)!.text).not.toMatch(/тот же игрок/);
  });

  it("/export sends the tournament's log as a CSV file that parses", async () => {
    const mark = fake.mark();
    fake.sendText(GROUP, vera, "/export");
    await fake.waitForCall("sendDocument", () => true, { since: mark });
    const doc = fake.documents.at(-1)!;
    expect(doc.filename).toMatch(/\.csv$/);
    const rows = parseCsv(doc.content.toString("utf8").replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual([...CSV_HEADER]);
    const body = rows.slice(1);
    expect(body.map((r) => r[0])).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(body.every((r) => r.length === CSV_HEADER.length)).toBe(true);
    const one = body[0]!;
    expect(one[CSV_HEADER.indexOf("asker")]).toBe("Алиса");
    expect(one[CSV_HEADER.indexOf("judge_decision")]).toBe(DECISION);
    expect(body[4]![CSV_HEADER.indexOf("repeat_of")]).toBe("2");
    // times in LOG_TIME_ZONE with its offset; the chat's day is that zone's date
    const time = body[1]![CSV_HEADER.indexOf("time")]!;
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(time.slice(-6)).toBe(zone.offset);
    expect(body[1]![CSV_HEADER.indexOf("tournament")]).toBe(time.slice(0, 10));
    expect(Math.abs(new Date(time).getTime() - Date.now())).toBeLessThan(10 * 60_000);
    const [, year, month, day, hour, minute] = /^(\d+)-(\d+)-(\d+)T(\d+):(\d+)/.exec(time)!;
    expect((await chat.say(vera, "/case 2")).text.split("\n")[0]).toBe(
      `Случай №2 · ${day}.${month} ${hour}:${minute} · ${year}-${month}-${day}`,
    );
  });

  it("opens a tournament only for the judge; /forget takes the caller's cases out", async () => {
    expect((await chat.say(boris, "/tournament Кубок клуба")).text).toMatch(/судья/);
    expect((await chat.say(vera, "/tournament Кубок клуба")).text).toMatch(/Открыт турнир «Кубок клуба»/);
    // a new tournament: the earlier 10.4.7 cases are not this tournament's
    await chat.rule(boris, WORDS[0], WORDS[1]);
    expect(fake.lastBotMessage(GROUP)!.text).not.toMatch(/тот же игрок/);
    expect((await chat.say(vera, "/tournament end")).text).toMatch(/Турнир «Кубок клуба» закрыт/);

    // seven cases: two pages of five, paged in place
    const history = await chat.say(boris, "/history");
    expect(history.text).toMatch(/случаев 7, стр\. 1 из 2/);
    await chat.press(boris, history, "Старше →");
    const older = fake.message(GROUP, history.message_id)!;
    expect(
      older.text
        .split("\n")
        .filter((l) => l.startsWith("№"))
        .map((l) => l.split(" · ")[0]),
    ).toEqual(["№2", "№1"]);
    expect(fake.buttons(GROUP, history.message_id).map((b) => b.text)).toEqual(["← Новее"]);

    expect((await chat.say(alice, "/forget")).text).toMatch(/Удалено из журналов случаев, о которых спрашивали вы: 3/);
    const left = (await chat.say(vera, "/history")).text;
    expect(left).toMatch(/случаев 4/);
    expect((await chat.say(vera, "/case 1")).text).toMatch(/Случая №1 в журнале чата нет/);
  });

  it("rules a repeat of fspr-10.3.1 from the earlier case named, and a first offence on «нет»", async () => {
    const first = await chat.rule(boris, BIDDING, [NON_NORMATIVE, "Впервые"]);
    const firstNo = Number(/Случай №(\d+)/.exec(first.text)![1]);
    expect(first.text).toMatch(/Нарушителю — замечание/);

    const form = await chat.say(vera, `/judge ${BIDDING}`);
    await chat.press(vera, form, NON_NORMATIVE);
    const asked = fake.message(GROUP, form.message_id)!;
    expect(asked.text).toContain(`Это тот же игрок, что в случае №${firstNo}?`);
    await chat.press(vera, asked, `Да, как в №${firstNo}`);
    const repeat = fake.message(GROUP, asked.message_id)!;
    expect(repeat.text).toMatch(/Нарушителю — штраф в гору/);
    expect(repeat.text).toContain(`тот же игрок, что в случае №${firstNo}`);
    const repeatNo = Number(/Случай №(\d+)/.exec(repeat.text)![1]);

    const thirdForm = await chat.say(boris, `/judge ${BIDDING}`);
    await chat.press(boris, thirdForm, NON_NORMATIVE);
    const third = fake.message(GROUP, thirdForm.message_id)!;
    expect(third.text).toContain(`Это тот же игрок, что в случае №${repeatNo}? Раньше в турнире по этому пункту также: №${firstNo}.`);
    await chat.press(boris, third, "Нет, другой игрок");
    const other = fake.message(GROUP, third.message_id)!;
    expect(other.text).toMatch(/Нарушителю — замечание/);
    expect(other.text).toContain(`Нарушение: впервые — не тот игрок, что в случаях №${repeatNo}, №${firstNo} (ответ)`);
  });

  it("made no call Telegram would refuse", () => {
    const failed = fake.calls.filter((c) => c.response?.ok === false);
    expect(failed.map((c) => `${c.method}: ${(c.response as { description: string }).description}`)).toEqual([]);
  });
});

describe("a log store that is down", () => {
  const fake = new FakeBotApi();
  const data = tempDir();
  let bot: RunningBot;
  const chat = group(fake);

  beforeAll(async () => {
    await fake.start();
    const port = await freePort(); // nothing listens there
    bot = await startBot(fake, {
      cwd: data.path,
      env: { SESSION_STORE: `file:${data.path}/sessions`, LOG_STORE: `postgres://nobody@127.0.0.1:${port}/log` },
    });
  });
  afterAll(async () => {
    await bot?.stop();
    await fake.stop();
    data.remove();
  });

  it("costs the log only: the rulings come, and the bot says so in one log line", async () => {
    for (let i = 0; i < 2; i++) {
      await chat.say(alice, `/judge ${CARD}`);
      expect(fake.lastBotMessage(GROUP)!.text).toMatch(/ФСПР 10\.1\.1/);
    }
    expect((await chat.say(alice, "/history")).text).toMatch(/Журнал сейчас недоступен/);
    expect(bot.output().match(/журнал судей недоступен/g)).toHaveLength(1);
  });
});

const withPostgres = postgresAvailable();
describe.runIf(withPostgres)("the judges' log in PostgreSQL (LOG_STORE=postgres://…)", () => {
  const fake = new FakeBotApi();
  const data = tempDir();
  let server: PostgresServer;
  let bot: RunningBot;
  let env: Record<string, string>;
  const chat = group(fake);

  beforeAll(async () => {
    server = await startPostgres();
    await fake.start();
    fake.setMember(GROUP, vera.id, "administrator");
    env = { SESSION_STORE: `file:${data.path}/sessions`, LOG_STORE: server.url, LOG_TIME_ZONE: noonZone().name };
    bot = await startBot(fake, { cwd: data.path, env });
  }, 90_000);
  afterAll(async () => {
    await bot?.stop();
    await fake.stop();
    await server?.stop();
    data.remove();
  });

  it("records, takes the judge's decision and keeps both through a restart", async () => {
    const ruling = await chat.rule(alice, CARD);
    await chat.press(vera, ruling, "Решение судьи");
    await chat.say(vera, DECISION, { replyTo: fake.lastBotMessage(GROUP)!.message_id });
    await bot.stop("SIGKILL");
    bot = await startBot(fake, { cwd: data.path, env });
    expect((await chat.say(alice, "/case 1")).text).toContain(DECISION);
    expect((await chat.rule(boris, CARD)).text).toMatch(/В этом чате судья решил: .*случай №1/);
  });
});
