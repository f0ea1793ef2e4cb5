import { DataSource } from 'typeorm';
import { createScratchDatabase, ScratchDatabase } from '../../testing/scratch-database';
import { Backend } from '../database/database-config';
import { dataSourceOptions } from '../database/data-source-options';
import { openDataSource } from '../database/open-data-source';
import { RESULTS_STORE } from './results.store';

// Set by jest.config.js: false only on a machine without PostgreSQL (the config then says so).
declare const SIMSVC_PG_AVAILABLE: boolean;

const backends: Backend[] = SIMSVC_PG_AVAILABLE ? ['sqlite', 'postgresql'] : ['sqlite'];

// The results store as its first release left it.
const RELEASED = {
  ...RESULTS_STORE,
  migrations: { sqlite: RESULTS_STORE.migrations.sqlite.slice(0, 1), postgresql: RESULTS_STORE.migrations.postgresql.slice(0, 1) },
};
/** The store up to the migration under test (later ones, e.g. 1769400000000, change the tables again). */
const THROUGH_ENTITY_SCHEMA = {
  ...RESULTS_STORE,
  migrations: { sqlite: RESULTS_STORE.migrations.sqlite.slice(0, 2), postgresql: RESULTS_STORE.migrations.postgresql.slice(0, 2) },
};

const RESULT_COLUMNS = `execution_id, simulation_name, simulation_version, squid_id, status, duration_seconds, input_params,
  output_params, schema, run_db_path, metadata, created_at, completed_at`;
const RESULTS = [
  [
    'run-1',
    'heat',
    '1.0.0',
    'squid-1',
    'completed',
    2.5,
    '{"x":3}',
    '{"y":0.1}',
    '{}',
    '/runs/1.db',
    '{"k":1}',
    1_767_312_000_000_001,
    1_767_312_002_500_001,
  ],
  ['run-2', 'heat', '1.0.0', null, 'failed', 3, '{}', '{}', '{}', null, null, 1_767_312_000_000_002, 1_767_312_003_000_002],
  ['run-3', 'wave', '2.0.0', null, 'running', null, '{}', '{}', '{}', null, null, 1_767_312_000_000_003, null],
  ['run-4', 'wave', '2.0.0', null, 'completed', 1, '{}', '{}', '{}', null, null, 1_767_312_000_000_004, 1_767_312_001_000_004],
] as const;

// Every kind of value the service stores (see apps/results parameter-values.ts): numbers whole,
// fractional and huge, short strings, booleans, null, and arrays as JSON.
const PARAMETERS = [
  { paramClass: 'input', name: 'x', valueType: 'number', schemaType: 'integer', numValue: 3 },
  { paramClass: 'input', name: 'rate', valueType: 'number', schemaType: 'number', numValue: -0.125 },
  { paramClass: 'input', name: 'huge', valueType: 'number', schemaType: null, numValue: 1e300 },
  { paramClass: 'input', name: 'label', valueType: 'string', schemaType: 'string', textValue: 'Wärme "a"' },
  { paramClass: 'input', name: 'flag', valueType: 'boolean', schemaType: 'boolean', boolValue: 1 },
  { paramClass: 'output', name: 'nothing', valueType: 'null', schemaType: null },
  { paramClass: 'output', name: 'y', valueType: 'number', schemaType: 'number', numValue: 0.1 },
  { paramClass: 'output', name: 'list', valueType: 'array', schemaType: 'list', jsonValue: '[1,2]' },
];

// The registration's parameter insert (apps/results results.statements.ts INSERT_PARAMETERS):
// values come out of JSON, so what is stored depends on the columns' declared types.
const PARAMETER_COLUMNS =
  'result_id, simulation_name, param_class, name, value_type, schema_type, num_value, text_value, bool_value, json_value';
const INSERT_PARAMETERS: Record<Backend, string> = {
  sqlite: `INSERT INTO result_params (${PARAMETER_COLUMNS})
    SELECT ?, ?, value ->> '$.paramClass', value ->> '$.name', value ->> '$.valueType', value ->> '$.schemaType',
      value ->> '$.numValue', value ->> '$.textValue', value ->> '$.boolValue', value ->> '$.jsonValue'
    FROM json_each(?)`,
  postgresql: `INSERT INTO result_params (${PARAMETER_COLUMNS})
    SELECT $1, $2, p."paramClass", p.name, p."valueType", p."schemaType", p."numValue", p."textValue", p."boolValue", p."jsonValue"
    FROM json_to_recordset($3::json) AS p("paramClass" TEXT, name TEXT, "valueType" TEXT, "schemaType" TEXT,
      "numValue" DOUBLE PRECISION, "textValue" TEXT, "boolValue" SMALLINT, "jsonValue" TEXT)`,
};

const placeholders = (backend: Backend, count: number) =>
  Array.from({ length: count }, (_, index) => (backend === 'sqlite' ? '?' : `$${index + 1}`)).join(', ');

async function register(db: DataSource, backend: Backend, result: readonly unknown[]): Promise<number> {
  const [{ id }] = (await db.query(`INSERT INTO results (${RESULT_COLUMNS}) VALUES (${placeholders(backend, 13)}) RETURNING id`, [
    ...result,
  ])) as { id: number }[];
  await db.query(INSERT_PARAMETERS[backend], [id, result[1], JSON.stringify(PARAMETERS)]);
  return id;
}

// SQLite keeps each value's own type: typeof() of every stored value must not change either.
const TYPES = `SELECT result_id, param_class, name, typeof(result_id) AS result_id_type, typeof(num_value) AS num_type,
  typeof(text_value) AS text_type, typeof(bool_value) AS bool_type, typeof(json_value) AS json_type, typeof(schema_type) AS schema_type
  FROM result_params ORDER BY result_id, param_class, name`;
const RESULT_TYPES = `SELECT id, typeof(id) AS id_type, typeof(duration_seconds) AS duration_type, typeof(created_at) AS created_type,
  typeof(completed_at) AS completed_type FROM results ORDER BY id`;

async function contents(db: DataSource, backend: Backend) {
  return {
    results: (await db.query('SELECT * FROM results ORDER BY id')) as Record<string, unknown>[],
    parameters: (await db.query('SELECT * FROM result_params ORDER BY result_id, param_class, name')) as Record<string, unknown>[],
    simulations: (await db.query('SELECT * FROM result_simulations ORDER BY simulation_name')) as unknown[],
    types: backend === 'sqlite' ? [await db.query(TYPES), await db.query(RESULT_TYPES)] : [],
  };
}

const parametersOf = (rows: Record<string, unknown>[], id: number) =>
  rows.filter((row) => row['result_id'] === id).map(({ result_id: _id, ...row }) => row);

describe.each(backends)('results migration 1768200000000 (entity schema) on %s', (backend) => {
  let scratch: ScratchDatabase;
  beforeEach(async () => (scratch = await createScratchDatabase(backend)));
  afterEach(() => scratch.drop());

  it('keeps every row of a store written before it, its values and their types, and the id counter', async () => {
    const before = await openDataSource('results', dataSourceOptions(scratch.config, RELEASED));
    const ids: number[] = [];
    for (const result of RESULTS) ids.push(await register(before, backend, result));
    await before.query(`INSERT INTO result_simulations (simulation_name, revision) VALUES ('heat', 2), ('wave', 7)`);
    // The newest result is gone: its id is not given out again.
    await before.query(`DELETE FROM results WHERE id = ${ids[3]}`);
    const released = await contents(before, backend);
    await before.destroy();
    expect(released.results).toHaveLength(3);
    expect(released.parameters).toHaveLength(3 * PARAMETERS.length);

    const after = await openDataSource('results', dataSourceOptions(scratch.config, THROUGH_ENTITY_SCHEMA));
    try {
      expect(await contents(after, backend)).toEqual(released);

      // Registered after the migration: same values, same stored types as before it.
      const id = await register(after, backend, ['run-5', ...RESULTS[0].slice(1)]);
      expect(id).toBe(ids[3] + 1);
      const now = await contents(after, backend);
      expect(parametersOf(now.parameters, id)).toEqual(parametersOf(released.parameters, ids[0]));
      if (backend === 'sqlite') {
        const [types, resultTypes] = now.types as Record<string, unknown>[][];
        const typesOf = (rows: Record<string, unknown>[], of: number, key: string) =>
          rows.filter((row) => row[key] === of).map(({ [key]: _id, ...row }) => row);
        expect(typesOf(types, id, 'result_id')).toEqual(typesOf(types, ids[0], 'result_id'));
        expect(typesOf(resultTypes, id, 'id')).toEqual(typesOf(resultTypes, ids[0], 'id'));
      }

      // The constraints hold as before: a result's parameters go with it, checks and the foreign key refuse.
      await after.query(`DELETE FROM results WHERE id = ${id}`);
      expect(parametersOf((await contents(after, backend)).parameters, id)).toEqual([]);
      const parameter = (resultId: number, paramClass: string) =>
        after.query(
          `INSERT INTO result_params (result_id, param_class, name, simulation_name, value_type) VALUES (${placeholders(backend, 5)})`,
          [resultId, paramClass, 'z', 'heat', 'null'],
        );
      await expect(parameter(ids[0], 'neither')).rejects.toThrow();
      await expect(parameter(999, 'input')).rejects.toThrow();
    } finally {
      await after.destroy();
    }
  });

  it('goes back to the released schema with every row, and forward again', async () => {
    const released = await openDataSource('results', dataSourceOptions(scratch.config, RELEASED));
    const ids: number[] = [];
    for (const result of RESULTS) ids.push(await register(released, backend, result));
    const rows = await contents(released, backend);
    const releasedColumns = await columnTypes(released, backend);
    await released.destroy();

    const db = await openDataSource('results', dataSourceOptions(scratch.config, THROUGH_ENTITY_SCHEMA));
    try {
      expect(await columnTypes(db, backend)).not.toEqual(releasedColumns);
      await db.query(`DELETE FROM results WHERE id = ${ids[3]}`);
      const kept = await contents(db, backend);

      // In a transaction SQLite would keep foreign keys on, and dropping `results` empty result_params: the migration refuses.
      if (backend === 'sqlite') await expect(db.undoLastMigration({ transaction: 'each' })).rejects.toThrow(/foreign keys off/);
      expect(await contents(db, backend)).toEqual(kept);
      await db.undoLastMigration({ transaction: backend === 'sqlite' ? 'none' : 'each' });
      expect(await columnTypes(db, backend)).toEqual(releasedColumns);
      expect(await contents(db, backend)).toEqual(kept);
      expect(kept.results).toHaveLength(rows.results.length - 1);

      await db.runMigrations({ transaction: 'each' });
      expect(await contents(db, backend)).toEqual(kept);
      expect(await register(db, backend, ['run-5', ...RESULTS[0].slice(1)])).toBe(ids[3] + 1);
    } finally {
      await db.destroy();
    }
    // The later migrations apply on top, and the schema is then the entities'.
    const current = await openDataSource('results', dataSourceOptions(scratch.config, RESULTS_STORE));
    try {
      expect((await current.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
    } finally {
      await current.destroy();
    }
  });
});

/** Each column's declared type (SQLite) or data type and identity (PostgreSQL), of both tables. */
async function columnTypes(db: DataSource, backend: Backend): Promise<unknown[]> {
  if (backend === 'sqlite') {
    const columns = async (table: string) =>
      ((await db.query(`PRAGMA table_info(${table})`)) as { name: string; type: string }[]).map(
        ({ name, type }) => `${table}.${name} ${type}`,
      );
    return [...(await columns('results')), ...(await columns('result_params'))];
  }
  return db.query(`SELECT table_name, column_name, data_type, is_identity FROM information_schema.columns
    WHERE table_name IN ('results', 'result_params') ORDER BY table_name, ordinal_position`);
}
