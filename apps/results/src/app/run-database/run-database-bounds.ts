// Refuses a run database that would make the service load too much. Every figure is computed
// in SQL before any row is fetched, so an oversized value never reaches JavaScript memory.
// Sizes are octet_length (bytes), not length (characters), and value_blob is never counted:
// blobs are only ever measured, not loaded.
import type { RunDatabaseLimits } from './run-database-limits';
import { InvalidRunDatabaseError, RunDatabaseTooLargeError } from './run-database.errors';
import { type ParameterTable, RUN_DATABASE_COLUMNS } from './run-database-structure';
import type { RunDatabaseSession } from './run-database-workers';

/** The text columns the reader loads, per table. */
const LOADED_COLUMNS: Record<keyof typeof RUN_DATABASE_COLUMNS, readonly string[]> = {
  run_metadata: RUN_DATABASE_COLUMNS.run_metadata,
  inputs: ['name', 'type', 'value', 'units', 'metadata'],
  outputs: ['name', 'type', 'value', 'units', 'metadata'],
};

const PARAMETER_TABLES: readonly ParameterTable[] = ['inputs', 'outputs'];

interface TableSize {
  largest: number;
  total: number;
}

export async function assertWithinLimits(db: RunDatabaseSession, limits: RunDatabaseLimits): Promise<void> {
  await assertSingleRunMetadataRow(db);
  for (const table of PARAMETER_TABLES) {
    const rows = await countRows(db, table);
    if (rows > limits.maxParameters) {
      throw new RunDatabaseTooLargeError(`table ${table} has ${rows} rows; at most ${limits.maxParameters} parameters are accepted`);
    }
  }

  let total = 0;
  for (const [table, columns] of Object.entries(LOADED_COLUMNS)) {
    const size = await measure(db, table, columns);
    if (size.largest > limits.maxValueBytes) {
      throw new RunDatabaseTooLargeError(
        `${await oversizedItem(db, table, columns, limits.maxValueBytes)} exceeds ${limits.maxValueBytes} bytes`,
      );
    }
    total += size.total;
  }
  if (total > limits.maxTotalBytes) {
    throw new RunDatabaseTooLargeError(`run database holds ${total} bytes of parameter data; at most ${limits.maxTotalBytes} are accepted`);
  }
}

async function assertSingleRunMetadataRow(db: RunDatabaseSession): Promise<void> {
  const rows = await countRows(db, 'run_metadata');
  if (rows === 0) throw new InvalidRunDatabaseError('run database has no run_metadata row');
  if (rows > 1) throw new InvalidRunDatabaseError(`run database has ${rows} run_metadata rows; exactly one is expected`);
}

async function countRows(db: RunDatabaseSession, table: string): Promise<number> {
  const { rows } = await db.all<{ count: number }>(`SELECT count(*) AS count FROM ${quoteIdentifier(table)}`);
  return rows[0]?.count ?? 0;
}

async function measure(db: RunDatabaseSession, table: string, columns: readonly string[]): Promise<TableSize> {
  const sizes = columns.map(octetLength);
  const { rows } = await db.all<TableSize>(
    `SELECT coalesce(max(max(${sizes.join(', ')})), 0) AS largest, coalesce(sum(${sizes.join(' + ')}), 0) AS total
     FROM ${quoteIdentifier(table)}`,
  );
  return rows[0] ?? { largest: 0, total: 0 };
}

/** Names what is too big without loading it: the parameter's name (cut short) and column. */
async function oversizedItem(db: RunDatabaseSession, table: string, columns: readonly string[], maxBytes: number): Promise<string> {
  const hasName = columns.includes('name');
  const { rows } = await db.all<{ name: string | null; column_name: string }>(
    `SELECT ${hasName ? 'substr(CAST(name AS TEXT), 1, 64)' : 'NULL'} AS name,
         CASE ${columns.map((column) => `WHEN ${octetLength(column)} > @limit THEN '${column}'`).join(' ')} END AS column_name
       FROM ${quoteIdentifier(table)}
       WHERE max(${columns.map(octetLength).join(', ')}) > @limit
       LIMIT 1`,
    { limit: maxBytes },
  );
  const row = rows[0];
  if (row === undefined) return `a value in table ${table}`;
  if (table === 'run_metadata') return `run_metadata.${row.column_name}`;
  const parameter = table === 'inputs' ? 'input' : 'output';
  return row.column_name === 'name' || row.name === null ? `an ${parameter} name` : `the ${row.column_name} of ${parameter} ${row.name}`;
}

function octetLength(column: string): string {
  return `coalesce(octet_length(${quoteIdentifier(column)}), 0)`;
}

function quoteIdentifier(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
