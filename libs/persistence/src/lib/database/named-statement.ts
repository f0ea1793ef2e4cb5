import { Backend } from './database-config';

/**
 * A hand-tuned statement of a measured hot path, kept in its store's `<store>.statements.ts`.
 * Written with PostgreSQL's `$1, $2, …` placeholders; on SQLite each `$n` becomes a positional
 * `?` bound to the n-th parameter. `name` names the prepared statement on PostgreSQL.
 */
export interface NamedStatement {
  readonly name: string;
  readonly sql: string | Readonly<Record<Backend, string>>;
}

/**
 * A statement of a bulk write, run for many rows at once (`StoreDatabase.queryEach`). Each row is
 * the values of `$1 … $n`. On SQLite the text takes one row and runs once per row (prepared
 * once: a run costs a few µs, less than parsing the rows from one JSON parameter); on PostgreSQL
 * each `$k` is the array of the rows' k-th values (`$1::integer[]`, typically through `unnest`)
 * and the text runs once for them all (one round trip).
 */
export interface BulkStatement {
  readonly name: string;
  readonly sql: Readonly<Record<Backend, string>>;
}

export function statementText(statement: NamedStatement, backend: Backend): string {
  return typeof statement.sql === 'string' ? statement.sql : statement.sql[backend];
}

/** SQL written with `$n` placeholders, rewritten for SQLite's positional `?`. */
export interface PositionalSql {
  text: string;
  /** For each `?` in order, the index of the parameter it stands for. */
  order: number[];
}

// better-sqlite3 binds `?NNN` by name, not by number, so each `$n` becomes a plain `?` and its
// value is passed again wherever it appears.
export function toPositional(sql: string): PositionalSql {
  const order: number[] = [];
  const text = sql.replace(/\$(\d+)/g, (_match, index: string) => {
    order.push(Number(index) - 1);
    return '?';
  });
  return { text, order };
}

/** The arguments of a positional statement; better-sqlite3 binds no booleans, so they become 0/1. */
export function positionalArgs(order: readonly number[], params: readonly unknown[]): unknown[] {
  return order.map((index) => {
    const value = params[index];
    return typeof value === 'boolean' ? Number(value) : value;
  });
}
