/**
 * The embedded store: one SQLite file, in WAL mode with a synchronous commit per statement, so a
 * ruling recorded is on disk before its message is edited — a SIGKILL loses nothing that was
 * shown. A second process (the console beside the bot) may share the file.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { connect, preferredEngine, type SqliteEngine, type SqliteStatement } from "./sqlite-engines.js";
import { toPositional, type Row, type SqlDriver, type SqlValue, type Statement } from "./sql.js";

export function openSqlite(path: string, engine: SqliteEngine | undefined = preferredEngine()): SqlDriver {
  if (!engine) {
    throw new Error(
      `no SQLite for the judges' log in Node ${process.version}: use Node ≥ 22.13 (node:sqlite), or install better-sqlite3 (npm ci), or set LOG_STORE`,
    );
  }
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = connect(engine, path);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = FULL");
  db.exec("PRAGMA busy_timeout = 5000");
  const cache = new Map<string, SqliteStatement>();
  const prepared = (sql: string, params: readonly SqlValue[]): { statement: SqliteStatement; values: SqlValue[] } => {
    const positional = toPositional(sql, params);
    let statement = cache.get(positional.sql);
    if (!statement) {
      statement = db.prepare(positional.sql);
      cache.set(positional.sql, statement);
    }
    return { statement, values: positional.params };
  };
  // both engines are synchronous: each call is done (and committed) when it returns
  return {
    all: async (sql, params = []) => {
      const { statement, values } = prepared(sql, params);
      return statement.all(...values) as Row[];
    },
    run: async (sql, params = []) => {
      const { statement, values } = prepared(sql, params);
      return Number(statement.run(...values).changes);
    },
    batch: async (statements: readonly Statement[]) => {
      db.exec("BEGIN IMMEDIATE");
      try {
        for (const s of statements) {
          const { statement, values } = prepared(s.sql, s.params);
          statement.run(...values);
        }
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    close: async () => {
      db.close();
    },
  };
}
