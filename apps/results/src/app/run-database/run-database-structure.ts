// The tables and columns of a sim2l run database that the service reads (contract §6); other
// tables and columns may exist and are ignored.
import type { Database } from 'better-sqlite3';
import { InvalidRunDatabaseError } from './run-database.errors';

const PARAMETER_COLUMNS = ['name', 'type', 'value', 'value_blob', 'units', 'metadata'] as const;

export const RUN_DATABASE_COLUMNS = {
  run_metadata: [
    'execution_id',
    'squid_id',
    'simulation_name',
    'simulation_version',
    'simulation_id',
    'started_at',
    'completed_at',
    'duration_seconds',
    'status',
    'executor_type',
  ],
  inputs: PARAMETER_COLUMNS,
  outputs: PARAMETER_COLUMNS,
} as const;

export type ParameterTable = 'inputs' | 'outputs';

interface ColumnInfo {
  name: string;
  hidden: number;
}

export function assertRunDatabaseStructure(db: Database): void {
  for (const [table, columns] of Object.entries(RUN_DATABASE_COLUMNS)) {
    assertIsTable(db, table);
    const present = new Map(
      db
        .prepare<[string], ColumnInfo>('SELECT lower(name) AS name, hidden FROM pragma_table_xinfo(?)')
        .all(table)
        .map((column) => [column.name, column.hidden]),
    );
    for (const column of columns) {
      const hidden = present.get(column);
      if (hidden === undefined) throw new InvalidRunDatabaseError(`table ${table} lacks column ${column}`);
      // A generated column would run arbitrary SQL expressions on every read.
      if (hidden !== 0) throw new InvalidRunDatabaseError(`column ${column} of table ${table} is a generated column`);
    }
  }
}

function assertIsTable(db: Database, table: string): void {
  const kind = db
    .prepare<[string], string>("SELECT type FROM pragma_table_list WHERE schema = 'main' AND lower(name) = ?")
    .pluck()
    .get(table);
  if (kind === undefined) throw new InvalidRunDatabaseError(`run database has no table ${table}`);
  // A view or virtual table could make a plain SELECT do unbounded work.
  if (kind !== 'table') throw new InvalidRunDatabaseError(`run database object ${table} is a ${kind}, not a table`);
}
