import { MigrationInterface, QueryRunner } from 'typeorm';

// The tables as the entities declare them (TypeORM's generator against a database migrated to
// 1767312000000). Ids become INTEGER on both backends, the one type an auto-incremented key has on
// both (SQLite's AUTOINCREMENT needs exactly INTEGER).
// SQLite: timestamps declared BIGINT, numbers DOUBLE PRECISION and booleans SMALLINT (the same
// INTEGER and REAL affinities, so rows are copied as they are), the checks and the foreign key
// named. SQLite cannot change a column, so each table is rebuilt — the generator's several
// rebuilds of result_params folded into its last one. By hand: the AUTOINCREMENT counter is
// carried over (DROP TABLE deletes it, and ids of deleted results are not given out again), and
// the migration refuses to run with foreign keys on (dropping `results` would then empty
// result_params; TypeORM turns them off around migrations).
// PostgreSQL: ALTER COLUMN … TYPE keeps the rows, the identity and its sequence (the generator
// would drop and add the columns).

const RESULTS_COLUMNS = [
  'id',
  'execution_id',
  'simulation_name',
  'simulation_version',
  'squid_id',
  'status',
  'duration_seconds',
  'input_params',
  'output_params',
  'schema',
  'run_db_path',
  'metadata',
  'created_at',
  'completed_at',
];
const PARAMETER_COLUMNS = [
  'result_id',
  'param_class',
  'name',
  'simulation_name',
  'value_type',
  'schema_type',
  'num_value',
  'text_value',
  'bool_value',
  'json_value',
];

const RESULTS_INDEXES = [
  'CREATE UNIQUE INDEX "results_execution_id" ON "results" ("execution_id") ',
  'CREATE INDEX "results_simulation" ON "results" ("simulation_name", "id") ',
];
const PARAMETER_INDEXES = [
  'CREATE INDEX "result_params_number" ON "result_params" ("simulation_name", "param_class", "name", "num_value", "result_id") WHERE num_value IS NOT NULL',
  'CREATE INDEX "result_params_text" ON "result_params" ("simulation_name", "param_class", "name", "text_value", "result_id") WHERE text_value IS NOT NULL',
  'CREATE INDEX "result_params_other" ON "result_params" ("simulation_name", "param_class", "name", "value_type", "bool_value", "result_id") WHERE num_value IS NULL AND text_value IS NULL',
];

/** Rebuilds `table` as `create` (a CREATE TABLE of `into`) with the same columns, then `after`. */
async function rebuild(db: QueryRunner, table: string, into: string, create: string, columns: readonly string[], after: readonly string[]) {
  const list = columns.map((column) => `"${column}"`).join(', ');
  await db.query(create);
  await db.query(`INSERT INTO "${into}"(${list}) SELECT ${list} FROM "${table}"`);
  // The AUTOINCREMENT counter, which DROP TABLE deletes (result_params has none).
  await db.query(`DELETE FROM sqlite_sequence WHERE name = '${into}'`);
  await db.query(`INSERT INTO sqlite_sequence (name, seq) SELECT '${into}', seq FROM sqlite_sequence WHERE name = '${table}'`);
  await db.query(`DROP TABLE "${table}"`);
  await db.query(`ALTER TABLE "${into}" RENAME TO "${table}"`);
  for (const statement of after) await db.query(statement);
}

// TypeORM turns foreign keys off before a migration, but for a revert only after opening its
// transaction, where SQLite ignores the pragma: revert with `--transaction none`.
async function refuseWithForeignKeys(db: QueryRunner): Promise<void> {
  const [{ foreign_keys }] = (await db.query('PRAGMA foreign_keys')) as { foreign_keys: number }[];
  if (foreign_keys) {
    throw new Error('the results tables are rebuilt with foreign keys off only (dropping results would empty result_params)');
  }
}

const dropIndexes = async (db: QueryRunner, names: readonly string[]) => {
  for (const name of names) await db.query(`DROP INDEX "${name}"`);
};

export class EntitySchemaSqlite1768200000000 implements MigrationInterface {
  name = 'EntitySchema1768200000000';

  async up(db: QueryRunner): Promise<void> {
    await refuseWithForeignKeys(db);
    await dropIndexes(db, ['results_simulation', 'results_execution_id']);
    await rebuild(
      db,
      'results',
      'temporary_results',
      `CREATE TABLE "temporary_results" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "execution_id" text NOT NULL, "simulation_name" text NOT NULL, "simulation_version" text NOT NULL, "squid_id" text, "status" text NOT NULL, "duration_seconds" double precision, "input_params" text NOT NULL, "output_params" text NOT NULL, "schema" text NOT NULL, "run_db_path" text, "metadata" text, "created_at" bigint NOT NULL, "completed_at" bigint)`,
      RESULTS_COLUMNS,
      RESULTS_INDEXES,
    );
    await dropIndexes(db, ['result_params_other', 'result_params_text', 'result_params_number']);
    await rebuild(
      db,
      'result_params',
      'temporary_result_params',
      `CREATE TABLE "temporary_result_params" ("result_id" integer NOT NULL, "param_class" text NOT NULL, "name" text NOT NULL, "simulation_name" text NOT NULL, "value_type" text NOT NULL, "schema_type" text, "num_value" double precision, "text_value" text, "bool_value" smallint, "json_value" text, CONSTRAINT "result_params_type" CHECK (value_type IN ('number', 'string', 'boolean', 'null', 'array', 'object')), CONSTRAINT "result_params_class" CHECK (param_class IN ('input', 'output')), CONSTRAINT "result_params_result_id_fkey" FOREIGN KEY ("result_id") REFERENCES "results" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("result_id", "param_class", "name"))`,
      PARAMETER_COLUMNS,
      PARAMETER_INDEXES,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await refuseWithForeignKeys(db);
    await dropIndexes(db, ['result_params_other', 'result_params_text', 'result_params_number']);
    await rebuild(db, 'result_params', 'previous_result_params', RELEASED_PARAMETERS, PARAMETER_COLUMNS, PARAMETER_INDEXES);
    await dropIndexes(db, ['results_simulation', 'results_execution_id']);
    await rebuild(db, 'results', 'previous_results', RELEASED_RESULTS, RESULTS_COLUMNS, RESULTS_INDEXES);
  }
}

export class EntitySchemaPostgres1768200000000 implements MigrationInterface {
  name = 'EntitySchema1768200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE results ALTER COLUMN id TYPE INTEGER');
    await db.query('ALTER TABLE result_params ALTER COLUMN result_id TYPE INTEGER');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE result_params ALTER COLUMN result_id TYPE BIGINT');
    await db.query('ALTER TABLE results ALTER COLUMN id TYPE BIGINT');
  }
}

// The SQLite tables as 1767312000000 left them (for down()).
const RELEASED_RESULTS = `CREATE TABLE previous_results (id INTEGER PRIMARY KEY AUTOINCREMENT, execution_id TEXT NOT NULL,
  simulation_name TEXT NOT NULL, simulation_version TEXT NOT NULL, squid_id TEXT, status TEXT NOT NULL, duration_seconds REAL,
  input_params TEXT NOT NULL, output_params TEXT NOT NULL, schema TEXT NOT NULL, run_db_path TEXT, metadata TEXT,
  created_at INTEGER NOT NULL, completed_at INTEGER)`;
const RELEASED_PARAMETERS = `CREATE TABLE previous_result_params (
  result_id INTEGER NOT NULL REFERENCES results (id) ON DELETE CASCADE, param_class TEXT NOT NULL, name TEXT NOT NULL,
  simulation_name TEXT NOT NULL, value_type TEXT NOT NULL, schema_type TEXT, num_value REAL, text_value TEXT, bool_value INTEGER,
  json_value TEXT, PRIMARY KEY (result_id, param_class, name),
  CONSTRAINT result_params_class CHECK (param_class IN ('input', 'output')),
  CONSTRAINT result_params_type CHECK (value_type IN ('number', 'string', 'boolean', 'null', 'array', 'object')))`;
