import { describe, expect, it } from "vitest";
import { availableEngines, preferredEngine } from "../../src/judges-log/sqlite-engines.js";
import { openSqlite } from "../../src/judges-log/sqlite.js";

const hasBuiltin = typeof process.getBuiltinModule === "function" && process.getBuiltinModule("node:sqlite") !== undefined;

describe("the SQLite engine", () => {
  it("is Node's own node:sqlite where the runtime has it, else better-sqlite3", () => {
    expect(preferredEngine()).toBe(hasBuiltin ? "node:sqlite" : "better-sqlite3");
    expect(availableEngines()).toContain(preferredEngine());
  });

  it("rolls a failed batch back whole, on every engine here", async () => {
    for (const engine of availableEngines()) {
      const db = openSqlite(":memory:", engine);
      await db.run("create table t (n integer primary key)");
      await expect(
        db.batch([
          { sql: "insert into t (n) values ($1)", params: [1] },
          { sql: "insert into t (n) values ($1)", params: [1] },
        ]),
      ).rejects.toThrow();
      expect(await db.all("select n from t")).toEqual([]);
      await db.batch([{ sql: "insert into t (n) values ($1)", params: [2] }]);
      expect((await db.all("select n from t")).map((row) => row.n)).toEqual([2]);
      expect(await db.run("delete from t where n = $1", [2])).toBe(1);
      await db.close();
    }
  });
});
