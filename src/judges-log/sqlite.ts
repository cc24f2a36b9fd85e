/**
 * The embedded store: one SQLite file (better-sqlite3), in WAL mode with a synchronous commit per
 * statement, so a ruling recorded is on disk before its message is edited — a SIGKILL loses nothing
 * that was shown. A second process (the console beside the bot) may share the file.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { toPositional, type Row, type SqlDriver, type SqlValue, type Statement } from "./sql.js";

export function openSqlite(path: string): SqlDriver {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  const cache = new Map<string, Database.Statement>();
  const prepared = (sql: string, params: readonly SqlValue[]): { statement: Database.Statement; values: SqlValue[] } => {
    const positional = toPositional(sql, params);
    let statement = cache.get(positional.sql);
    if (!statement) {
      statement = db.prepare(positional.sql);
      cache.set(positional.sql, statement);
    }
    return { statement, values: positional.params };
  };
  // better-sqlite3 is synchronous: each call is done (and committed) when it returns
  return {
    all: async (sql, params = []) => {
      const { statement, values } = prepared(sql, params);
      return statement.reader ? (statement.all(...values) as Row[]) : (statement.run(...values), []);
    },
    run: async (sql, params = []) => {
      const { statement, values } = prepared(sql, params);
      return statement.run(...values).changes;
    },
    batch: async (statements: readonly Statement[]) => {
      db.transaction(() => {
        for (const s of statements) {
          const { statement, values } = prepared(s.sql, s.params);
          statement.run(...values);
        }
      })();
    },
    close: async () => {
      db.close();
    },
  };
}
