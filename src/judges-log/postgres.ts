/**
 * PostgreSQL for several bot instances sharing one log (LOG_STORE=postgres://…). Short time
 * limits: a server that is down or hung must cost a ruling a few seconds of waiting at most.
 */
import pg from "pg";
import type { Row, SqlDriver, SqlValue, Statement } from "./sql.js";

/** one number for the advisory lock that keeps two instances from migrating at once */
const MIGRATION_LOCK = 0x5f10_6c6f;

export function openPostgres(url: string): SqlDriver {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 3000, query_timeout: 5000 });
  // an idle client's error (the server restarted) must not crash the process; the next query reports it
  pool.on("error", () => undefined);
  return {
    all: async (sql, params: readonly SqlValue[] = []) => (await pool.query(sql, [...params])).rows as Row[],
    run: async (sql, params: readonly SqlValue[] = []) => (await pool.query(sql, [...params])).rowCount ?? 0,
    batch: async (statements: readonly Statement[]) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
        for (const s of statements) await client.query(s.sql, [...s.params]);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
