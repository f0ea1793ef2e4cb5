/** SQL written with PostgreSQL's `$n` placeholders, rewritten for SQLite's positional `?`. */
export interface PositionalSql {
  text: string;
  /** For each `?` in order, the index of the `$n` parameter it stands for. */
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
