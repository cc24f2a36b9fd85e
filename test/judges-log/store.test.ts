/**
 * The log's store, the same assertions against the embedded SQLite file and a real PostgreSQL
 * server of the test's own (skipped with one line where PostgreSQL is not installed).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logStoreOn, openLogStore } from "../../src/judges-log/open.js";
import { availableEngines } from "../../src/judges-log/sqlite-engines.js";
import { openSqlite } from "../../src/judges-log/sqlite.js";
import type { LogStoreSetting } from "../../src/judges-log/settings.js";
import type { LogStore, LoggedFact, NewRuling } from "../../src/judges-log/types.js";
import { tempDir } from "../e2e/harness.js";
import { postgresAvailable, startPostgres, type PostgresServer } from "../e2e/postgres-server.js";

const CHAT = -1001;
const OTHER_CHAT = -1002;
const alice = { id: 11, name: "Алиса" };
const boris = { id: 12, name: "Борис Петров" };
const judge = { id: 99, name: "Вера" };

const facts: LoggedFact[] = [
  { fact: "who", value: "defender", label: "Кто ошибся: вистующий", source: "text" },
  { fact: "noticed", value: "later", label: "Заметили: позже", source: "answer" },
];

function ruling(over: Partial<NewRuling> = {}): NewRuling {
  return {
    chatId: CHAT,
    at: new Date("2026-11-12T14:05:00"),
    day: "2026-11-12",
    asker: alice,
    facts,
    clause: "fspr-10.4.6",
    caseId: "later",
    verdictText: "Без двух на объявленной игре.",
    message: { id: 7, html: "<b>Без двух</b>", markup: undefined },
    ...over,
  };
}

function storeSuite(name: string, open: () => Promise<{ store: LogStore; reopen: () => Promise<LogStore>; done: () => Promise<void> }>) {
  describe(name, () => {
    let store: LogStore;
    let reopen: () => Promise<LogStore>;
    let done: () => Promise<void>;
    beforeAll(async () => {
      ({ store, reopen, done } = await open());
    });
    afterAll(async () => {
      await store?.close();
      await done?.();
    });

    it("numbers a chat's cases from 1 and lists them newest first, paged", async () => {
      const first = await store.record(ruling());
      const second = await store.record(ruling({ asker: boris, clause: "zinin-4.5", caseId: "a", verdictText: "Пересдача" }));
      const elsewhere = await store.record(ruling({ chatId: OTHER_CHAT }));
      expect([first.caseNo, second.caseNo, elsewhere.caseNo]).toEqual([1, 2, 1]);
      expect(first.tournament).toBe("2026-11-12");
      const page = await store.history(CHAT, 0, 1);
      expect(page.total).toBe(2);
      expect(page.entries.map((e) => e.caseNo)).toEqual([2]);
      expect((await store.history(CHAT, 1, 1)).entries.map((e) => e.caseNo)).toEqual([1]);
      const back = await store.entry(CHAT, 1);
      expect(back).toMatchObject({ asker: alice, clause: "fspr-10.4.6", facts, verdictText: "Без двух на объявленной игре." });
      expect(back?.message).toEqual({ id: 7, html: "<b>Без двух</b>", markup: undefined });
      expect(back?.at.getTime()).toBe(first.at.getTime());
    });

    it("keeps the judge's decision beside the code's, and finds it as the precedent for the same clause and facts", async () => {
      const at = new Date("2026-11-12T15:00:00");
      expect(await store.decide(CHAT, 1, { text: "Без одной: заметили сразу", judge, at })).toBe(true);
      expect(await store.decide(CHAT, 999, { text: "x", judge, at })).toBe(false);
      const decided = await store.entry(CHAT, 1);
      expect(decided?.decision).toEqual({ text: "Без одной: заметили сразу", judge, at });
      expect(decided?.verdictText).toBe("Без двух на объявленной игре.");

      const later = await store.record(ruling({ facts: [...facts].reverse() }));
      expect((await store.precedent(CHAT, "fspr-10.4.6", later.facts, later.caseNo))?.caseNo).toBe(1);
      expect(await store.precedent(CHAT, "fspr-10.4.6", facts.slice(0, 1), later.caseNo)).toBeUndefined();
      expect(await store.precedent(OTHER_CHAT, "fspr-10.4.6", facts, 99)).toBeUndefined();
    });

    it("opens and closes tournaments; a ruling belongs to the open one, else to the chat's day", async () => {
      expect(await store.openTournament(CHAT)).toBeUndefined();
      await store.startTournament(CHAT, "Кубок клуба", new Date());
      expect(await store.currentTournament(CHAT, "2026-11-12")).toBe("Кубок клуба");
      const a = await store.record(ruling({ clause: "zinin-1.6", caseId: "x" }));
      const b = await store.record(ruling({ clause: "zinin-1.6", caseId: "x", asker: boris }));
      expect(a.tournament).toBe("Кубок клуба");
      expect((await store.earlierInTournament(CHAT, "zinin-1.6", "Кубок клуба", b.caseNo)).map((e) => e.caseNo)).toEqual([a.caseNo]);
      expect(await store.markRepeat(CHAT, b.caseNo, a.caseNo)).toBe(true);
      expect((await store.entry(CHAT, b.caseNo))?.repeatOf).toBe(a.caseNo);
      expect((await store.tournamentEntries(CHAT, "Кубок клуба")).map((e) => e.caseNo)).toEqual([a.caseNo, b.caseNo]);
      expect(await store.endTournament(CHAT, new Date())).toBe("Кубок клуба");
      expect(await store.endTournament(CHAT, new Date())).toBeUndefined();
      expect(await store.currentTournament(CHAT, "2026-11-13")).toBe("2026-11-13");
      const c = await store.record(ruling({ clause: "zinin-1.6", caseId: "x", day: "2026-11-13" }));
      expect(c.tournament).toBe("2026-11-13");
      expect(await store.earlierInTournament(CHAT, "zinin-1.6", c.tournament, c.caseNo)).toEqual([]);
    });

    it("survives closing and reopening (the migrations run once)", async () => {
      const before = await store.history(CHAT, 0, 100);
      await store.close();
      store = await reopen();
      const after = await store.history(CHAT, 0, 100);
      expect(after.total).toBe(before.total);
      expect((await store.entry(CHAT, 1))?.decision?.text).toBe("Без одной: заметили сразу");
      // numbering goes on where it stopped
      expect((await store.record(ruling())).caseNo).toBe(before.entries[0]!.caseNo + 1);
    });

    it("/forget deletes the caller's rulings everywhere and the judge's name, not the judge's word", async () => {
      const aliceBefore = (await store.history(CHAT, 0, 100)).entries.filter((e) => e.asker.id === alice.id).length;
      const deleted = await store.forget(alice.id);
      expect(deleted).toBe(aliceBefore + 1); // + the one in the other chat
      const left = (await store.history(CHAT, 0, 100)).entries;
      expect(left.every((e) => e.asker.id !== alice.id)).toBe(true);
      expect(left.length).toBeGreaterThan(0);

      const decided = await store.record(ruling({ asker: boris }));
      await store.decide(CHAT, decided.caseNo, { text: "Оставляю", judge, at: new Date() });
      await store.forget(judge.id);
      expect((await store.entry(CHAT, decided.caseNo))?.decision).toMatchObject({ text: "Оставляю", judge: { id: 0, name: "" } });
    });

    it("deletes entries older than the retention date", async () => {
      const old = await store.record(ruling({ asker: boris, at: new Date("2020-01-01T10:00:00") }));
      expect(await store.deleteOlderThan(new Date("2021-01-01"))).toBe(1);
      expect(await store.entry(CHAT, old.caseNo)).toBeUndefined();
    });
  });
}

storeSuite("the embedded SQLite store (the engine this runtime prefers)", async () => {
  const dir = tempDir("sudya-log-");
  const setting: LogStoreSetting = { kind: "sqlite", path: `${dir.path}/log/judges-log.sqlite` };
  const open = () => openLogStore({ store: setting, retentionDays: 365 * 100 });
  return { store: await open(), reopen: open, done: async () => dir.remove() };
});

// Each engine where this runtime has it: CI runs the suite under Node 20 (better-sqlite3) and 24 (node:sqlite).
const engines = availableEngines();
for (const engine of ["node:sqlite", "better-sqlite3"] as const) {
  if (!engines.includes(engine)) {
    process.stderr.write(`judges' log: no ${engine} in Node ${process.version}, its store suite runs under the other Node in CI\n`);
    continue;
  }
  storeSuite(`the SQLite store on ${engine}`, async () => {
    const dir = tempDir("sudya-log-");
    const open = () => logStoreOn(openSqlite(`${dir.path}/judges-log.sqlite`, engine), 365 * 100);
    return { store: await open(), reopen: open, done: async () => dir.remove() };
  });
}

const withPostgres = postgresAvailable();
describe.runIf(withPostgres)("PostgreSQL", () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });
  storeSuite("the PostgreSQL store", async () => {
    const open = () => openLogStore({ store: { kind: "postgres", url: server.url }, retentionDays: 365 * 100 });
    return { store: await open(), reopen: open, done: async () => undefined };
  });
});
