// The tables and columns of a sim2l run database that the service reads (contract §6); other
// tables and columns may exist and are ignored.
import { InvalidRunDatabaseError } from './run-database.errors';
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
  type: string;
  virtual: number;
}

export async function assertRunDatabaseStructure(db: RunDatabaseSession, maxSchemaObjects: number): Promise<void> {
  await assertSchemaObjectsWithin(db, maxSchemaObjects);
  for (const [table, columns] of Object.entries(RUN_DATABASE_COLUMNS)) {
    await assertIsTable(db, table);
    const { rows } = await db.all<ColumnInfo>('SELECT lower(name) AS name, hidden FROM pragma_table_xinfo(?)', [table]);
    const present = new Map(rows.map((column) => [column.name, column.hidden]));
    for (const column of columns) {
      const hidden = present.get(column);
      if (hidden === undefined) throw new InvalidRunDatabaseError(`table ${table} lacks column ${column}`);
      // A generated column would run arbitrary SQL expressions on every read.
      if (hidden !== 0) throw new InvalidRunDatabaseError(`column ${column} of table ${table} is a generated column`);
    }
  }
}

async function assertSchemaObjectsWithin(db: RunDatabaseSession, maxSchemaObjects: number): Promise<void> {
  const { rows } = await db.all<{ objects: number }>('SELECT count(*) AS objects FROM sqlite_schema');
  const objects = rows[0]?.objects ?? 0;
  if (objects > maxSchemaObjects) {
    throw new InvalidRunDatabaseError(`run database has ${objects} schema objects; at most ${maxSchemaObjects} are accepted`);
  }
}

// Found by its sqlite_schema row alone: pragma_table_list would compute the columns of every
// view in the file, which a file of many views turns into minutes of work.
async function assertIsTable(db: RunDatabaseSession, table: string): Promise<void> {
  const { rows } = await db.all<SchemaRow>(
    `SELECT type, upper(substr(sql, 1, 20)) = 'CREATE VIRTUAL TABLE' AS virtual
     FROM sqlite_schema WHERE type IN ('table', 'view') AND lower(name) = ?`,
    [table],
  );
  const object = rows[0];
  if (object === undefined) throw new InvalidRunDatabaseError(`run database has no table ${table}`);
  // A view or virtual table could make a plain SELECT do unbounded work.
  const kind = object.virtual ? 'virtual table' : object.type;
  if (kind !== 'table') throw new InvalidRunDatabaseError(`run database object ${table} is a ${kind}, not a table`);
}
