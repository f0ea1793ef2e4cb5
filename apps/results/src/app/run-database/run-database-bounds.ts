// Refuses a run database that would make the service load too much. Every figure is computed
// in SQL before any row is fetched, so an oversized value never reaches JavaScript memory.
// Sizes are octet_length (bytes), not length (characters), and value_blob is never counted:
// blobs are only ever measured, not loaded.
import type { RunDatabaseLimits } from './run-database-limits';
import { invalidRunDatabase, runDatabaseTooLarge } from './run-database.errors';
import { type ParameterTable, RUN_DATABASE_COLUMNS } from './run-database-structure';
import type { RunDatabaseSession } from './run-database-workers';

/** The text columns the reader loads, per table. */
const LOADED_COLUMNS: Record<keyof typeof RUN_DATABASE_COLUMNS, readonly string[]> = {
  run_metadata: RUN_DATABASE_COLUMNS.run_metadata,
  inputs: ['name', 'type', 'value', 'units', 'metadata'],
  outputs: ['name', 'type', 'value', 'units', 'metadata'],
};

const PARAMETER_TABLES: readonly ParameterTable[] = ['inputs', 'outputs'];
const COUNTED_TABLES = ['run_metadata', ...PARAMETER_TABLES];

interface TableSize {
  largest: number;
  total: number;
}

export async function assertWithinLimits(db: RunDatabaseSession, limits: RunDatabaseLimits): Promise<void> {
  const measured = Object.entries(LOADED_COLUMNS);
  // One round trip for every figure; the refusals follow in the order they are checked.
  const results = await db.batch<({ count: number } & TableSize)[]>([
    ...COUNTED_TABLES.map((table) => ({ sql: `SELECT count(*) AS count FROM ${quoteIdentifier(table)}` })),
    ...measured.map(([table, columns]) => ({ sql: measureSql(table, columns) })),
  ]);
  const [metadataRows, ...parameterRows] = COUNTED_TABLES.map((_, index) => results[index]?.rows[0]?.count ?? 0);
  const sizes = measured.map((_, index) => results[COUNTED_TABLES.length + index]?.rows[0] ?? { largest: 0, total: 0 });

  if (metadataRows === 0) throw invalidRunDatabase('run database has no run_metadata row');
  if (metadataRows !== 1) throw invalidRunDatabase(`run database has ${metadataRows} run_metadata rows; exactly one is expected`);
  PARAMETER_TABLES.forEach((table, index) => {
    const rows = parameterRows[index] ?? 0;
    if (rows > limits.maxParameters) {
      throw runDatabaseTooLarge(`table ${table} has ${rows} rows; at most ${limits.maxParameters} parameters are accepted`);
    }
  });

  let total = 0;
  for (const [index, [table, columns]] of measured.entries()) {
    const size = sizes[index] ?? { largest: 0, total: 0 };
    if (size.largest > limits.maxValueBytes) {
      throw runDatabaseTooLarge(`${await oversizedItem(db, table, columns, limits.maxValueBytes)} exceeds ${limits.maxValueBytes} bytes`);
    }
    total += size.total;
  }
  if (total > limits.maxTotalBytes) {
    throw runDatabaseTooLarge(`run database holds ${total} bytes of parameter data; at most ${limits.maxTotalBytes} are accepted`);
  }
}

function measureSql(table: string, columns: readonly string[]): string {
  const sizes = columns.map(octetLength);
  return `SELECT coalesce(max(max(${sizes.join(', ')})), 0) AS largest, coalesce(sum(${sizes.join(' + ')}), 0) AS total
    FROM ${quoteIdentifier(table)}`;
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
