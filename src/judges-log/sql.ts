/**
 * The little the log needs of a SQL database, so one store (sql-store.ts) and one schema
 * (migrations.ts) serve both SQLite and PostgreSQL. Statements are written with PostgreSQL's
 * numbered placeholders ($1, $2 …); the SQLite driver rewrites them.
 */
export type SqlValue = string | number | null;
export type Row = Readonly<Record<string, unknown>>;

export interface Statement {
  readonly sql: string;
  readonly params: readonly SqlValue[];
}

export interface SqlDriver {
  /** rows of a query (or of a statement with RETURNING) */
  all(sql: string, params?: readonly SqlValue[]): Promise<readonly Row[]>;
  /** how many rows a statement changed */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /** the statements in one transaction: all or none */
  batch(statements: readonly Statement[]): Promise<void>;
  close(): Promise<void>;
}

/** «… where a = $1 and b = $2 or c = $1» → «… a = ? and b = ? or c = ?» and the values in that order. */
export function toPositional(sql: string, params: readonly SqlValue[]): { sql: string; params: SqlValue[] } {
  const ordered: SqlValue[] = [];
  const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new RangeError(`no value for $${n} in: ${sql}`);
    ordered.push(params[index]!);
    return "?";
  });
  return { sql: text, params: ordered };
}
