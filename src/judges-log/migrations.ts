/**
 * The log's schema, one for SQLite and PostgreSQL: only types and statements both read the same
 * way (bigint, integer, text; times as milliseconds since the epoch; facts as JSON text). A
 * migration is applied once, in a transaction with its version; never edit one that shipped.
 */
import type { SqlDriver } from "./sql.js";

interface Migration {
  readonly version: number;
  readonly statements: readonly string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    statements: [
      `create table if not exists log_rulings (
        chat_id bigint not null,
        case_no integer not null,
        at_ms bigint not null,
        tournament text not null,
        asker_id bigint not null,
        asker_name text not null,
        clause text not null,
        case_id text not null,
        facts text not null,
        facts_key text not null,
        verdict_text text not null,
        message_id bigint,
        message_html text,
        message_markup text,
        decision_text text,
        judge_id bigint,
        judge_name text,
        decided_at_ms bigint,
        repeat_of integer,
        primary key (chat_id, case_no)
      )`,
      "create index if not exists log_rulings_precedent on log_rulings (chat_id, clause, facts_key)",
      "create index if not exists log_rulings_tournament on log_rulings (chat_id, tournament, clause)",
      "create index if not exists log_rulings_asker on log_rulings (asker_id)",
      "create index if not exists log_rulings_at on log_rulings (at_ms)",
      // case numbers are never reused, even after /forget or retention deleted the latest
      "create table if not exists log_counters (chat_id bigint primary key, last_case integer not null)",
      // the tournament open in a chat, if any; a closed one lives on in its rulings' tournament column
      "create table if not exists log_tournaments (chat_id bigint primary key, name text not null, opened_at_ms bigint not null)",
    ],
  },
];

export async function migrate(driver: SqlDriver): Promise<void> {
  await driver.batch([{ sql: "create table if not exists log_schema (version integer primary key)", params: [] }]);
  const applied = new Set((await driver.all("select version from log_schema")).map((row) => Number(row.version)));
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    await driver.batch([
      ...migration.statements.map((sql) => ({ sql, params: [] })),
      // two instances starting together: the second finds the version already there
      { sql: "insert into log_schema (version) values ($1) on conflict (version) do nothing", params: [migration.version] },
    ]);
  }
}
