// The tables and columns of a sim2l run database that the service reads (contract §6); other
// tables and columns may exist and are ignored.
import { invalidRunDatabase } from './run-database.errors';
import type { RunDatabaseSession } from './run-database-workers';

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

interface SchemaRow {
  name: string;
  type: string;
  virtual: number;
}

const TABLES = Object.keys(RUN_DATABASE_COLUMNS) as (keyof typeof RUN_DATABASE_COLUMNS)[];

const COUNT_SCHEMA_OBJECTS = 'SELECT count(*) AS objects FROM sqlite_schema';

// Found by their sqlite_schema rows alone: pragma_table_list would compute the columns of every
// view in the file, which a file of many views turns into minutes of work.
const SELECT_READ_TABLES = `
  SELECT lower(name) AS name, type, upper(substr(sql, 1, 20)) = 'CREATE VIRTUAL TABLE' AS virtual
  FROM sqlite_schema WHERE type IN ('table', 'view') AND lower(name) IN (${TABLES.map((table) => `'${table}'`).join(', ')})`;

const SELECT_COLUMNS = 'SELECT lower(name) AS name, hidden FROM pragma_table_xinfo(?)';

export async function assertRunDatabaseStructure(db: RunDatabaseSession, maxSchemaObjects: number): Promise<void> {
  const [count, tables] = await db.batch<[{ objects: number }, SchemaRow]>([{ sql: COUNT_SCHEMA_OBJECTS }, { sql: SELECT_READ_TABLES }]);
  const objects = count.rows[0]?.objects ?? 0;
  if (objects > maxSchemaObjects) {
    throw invalidRunDatabase(`run database has ${objects} schema objects; at most ${maxSchemaObjects} are accepted`);
  }
  const found = new Map(tables.rows.map((row) => [row.name, row]));
  for (const table of TABLES) assertIsTable(table, found.get(table));

  // Only after every one is known to be a table: the columns of a view are computed.
  const columnSets = await db.batch<ColumnInfo[]>(TABLES.map((table) => ({ sql: SELECT_COLUMNS, params: [table] })));
  TABLES.forEach((table, index) => {
    const present = new Map((columnSets[index]?.rows ?? []).map((column) => [column.name, column.hidden]));
    for (const column of RUN_DATABASE_COLUMNS[table]) {
      const hidden = present.get(column);
      if (hidden === undefined) throw invalidRunDatabase(`table ${table} lacks column ${column}`);
      // A generated column would run arbitrary SQL expressions on every read.
      if (hidden !== 0) throw invalidRunDatabase(`column ${column} of table ${table} is a generated column`);
    }
  });
}

function assertIsTable(table: string, object: SchemaRow | undefined): void {
  if (object === undefined) throw invalidRunDatabase(`run database has no table ${table}`);
  // A view or virtual table could make a plain SELECT do unbounded work.
  const kind = object.virtual ? 'virtual table' : object.type;
  if (kind !== 'table') throw invalidRunDatabase(`run database object ${table} is a ${kind}, not a table`);
}
