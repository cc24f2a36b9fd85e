/**
 * The two SQLite engines the embedded log runs on, behind one small connection interface:
 * Node's own `node:sqlite` where the runtime has it (Node ≥ 22.13, the Docker image's 24), and the
 * native better-sqlite3 module on Node 20, which has no built-in SQLite. A native module is built
 * for one Node ABI only, so a runtime change never has to rebuild it.
 */
import { createRequire } from "node:module";
import type { SqlValue } from "./sql.js";

export type SqliteEngine = "node:sqlite" | "better-sqlite3";

export interface SqliteStatement {
  run(...params: SqlValue[]): { changes: number | bigint };
  /** rows of any statement (none for one that returns no data) */
  all(...params: SqlValue[]): unknown[];
}

export interface SqliteConnection {
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  close(): void;
}

/** what the log uses of `node:sqlite`; typed here because @types/node 20 does not know the module */
interface NodeSqliteModule {
  DatabaseSync: new (path: string) => SqliteConnection;
}

interface BetterSqliteStatement {
  readonly reader: boolean;
  run(...params: SqlValue[]): { changes: number };
  all(...params: SqlValue[]): unknown[];
}
interface BetterSqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): BetterSqliteStatement;
  close(): void;
}
type BetterSqliteConstructor = new (path: string) => BetterSqliteDatabase;

function nodeSqlite(): NodeSqliteModule | undefined {
  // undefined on runtimes without the module (Node 20) or with it behind a flag (22.5–22.12)
  if (typeof process.getBuiltinModule !== "function") return undefined;
  return process.getBuiltinModule("node:sqlite") as NodeSqliteModule | undefined;
}

/** The engine the log uses here: the built-in one where the runtime has it; undefined when neither loads. */
export function preferredEngine(): SqliteEngine | undefined {
  if (nodeSqlite()) return "node:sqlite";
  return loadBetterSqlite() ? "better-sqlite3" : undefined;
}

/** Every engine that works in this runtime. */
export function availableEngines(): SqliteEngine[] {
  const engines: SqliteEngine[] = [];
  if (nodeSqlite()) engines.push("node:sqlite");
  if (loadBetterSqlite()) engines.push("better-sqlite3");
  return engines;
}

let betterSqlite: BetterSqliteConstructor | null | undefined;
function loadBetterSqlite(): BetterSqliteConstructor | undefined {
  if (betterSqlite === undefined) {
    try {
      // an optional dependency: absent where it could not be installed, unloadable under another Node ABI
      const loaded = createRequire(import.meta.url)("better-sqlite3") as BetterSqliteConstructor;
      new loaded(":memory:").close();
      betterSqlite = loaded;
    } catch {
      betterSqlite = null;
    }
  }
  return betterSqlite ?? undefined;
}

export function connect(engine: SqliteEngine, path: string): SqliteConnection {
  if (engine === "node:sqlite") {
    const sqlite = nodeSqlite();
    if (!sqlite) throw new Error(`node:sqlite is not available in Node ${process.version}`);
    return new sqlite.DatabaseSync(path);
  }
  const Database = loadBetterSqlite();
  if (!Database) throw new Error(`better-sqlite3 is not installed or not built for Node ${process.version} (npm rebuild better-sqlite3)`);
  const db = new Database(path);
  return {
    exec: (sql) => db.exec(sql),
    prepare: (sql) => {
      const statement = db.prepare(sql);
      // better-sqlite3 refuses all() on a statement that returns no data
      return {
        run: (...params) => statement.run(...params),
        all: (...params) => (statement.reader ? statement.all(...params) : (statement.run(...params), [])),
      };
    },
    close: () => db.close(),
  };
}
