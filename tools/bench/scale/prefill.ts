// `npm run bench -- results-scale --prefill-above N`: the runs of a size past the first N written
// straight into the results store, in the rows the service writes for them (one `results` row and
// its `result_params` rows, schema and schema_id copied from a run the service registered), for
// sizes whose load through the service would take hours on a shared machine. The value indexes
// of result_params are dropped for the fill and built again after it, as a restore would; the
// first N runs still go through NDJSON /register_direct and give the load rate.
import Database from 'better-sqlite3';
import pg from 'pg';

/** The run `index`'s row: what POST /register_direct stores for it. */
export interface PrefillRun {
  executionId: string;
  durationSeconds: number;
  inputs: Record<string, number | string>;
  outputs: Record<string, number>;
}

export interface PrefillTarget {
  backend: string;
  path?: string;
  url?: string;
  simulation: string;
  from: number;
  to: number;
  run: (index: number) => PrefillRun;
}

const BATCH = 2_000;

const RESULT_COLUMNS = [
  'execution_id',
  'simulation_name',
  'simulation_version',
  'squid_id',
  'status',
  'duration_seconds',
  'input_params',
  'output_params',
  'schema',
  'created_at',
  'schema_id',
] as const;

const PARAM_COLUMNS = [
  'result_id',
  'param_class',
  'name',
  'simulation_name',
  'value_type',
  'schema_type',
  'num_value',
  'text_value',
] as const;

type Row = Record<string, string | number | null>;

interface Template {
  schema: string;
  schema_id: number;
  created_at: number;
}

function rowsOf(target: PrefillTarget, template: Template, index: number): { result: Row; params: Row[] } {
  const run = target.run(index);
  const result: Row = {
    execution_id: run.executionId,
    simulation_name: target.simulation,
    simulation_version: '1.0.0',
    squid_id: `${target.simulation}/1.0.0/${run.executionId}`,
    status: 'completed',
    duration_seconds: run.durationSeconds,
    input_params: JSON.stringify(run.inputs),
    output_params: JSON.stringify(run.outputs),
    schema: template.schema,
    created_at: template.created_at,
    schema_id: template.schema_id,
  };
  const params: Row[] = [];
  const add = (paramClass: string, values: Record<string, number | string>) => {
    for (const [name, value] of Object.entries(values)) {
      const numeric = typeof value === 'number';
      params.push({
        param_class: paramClass,
        name,
        simulation_name: target.simulation,
        value_type: numeric ? 'number' : 'string',
        schema_type: numeric ? 'number' : 'string',
        num_value: numeric ? value : null,
        text_value: numeric ? null : value,
      });
    }
  };
  add('input', run.inputs);
  add('output', run.outputs);
  return { result, params };
}

const VALUE_INDEXES = ['result_params_number', 'result_params_text', 'result_params_other'];

export async function prefill(target: PrefillTarget): Promise<void> {
  if (target.from >= target.to) return;
  if (target.backend === 'sqlite') prefillSqlite(target);
  else await prefillPostgres(target);
}

function prefillSqlite(target: PrefillTarget): void {
  const db = new Database(target.path ?? '');
  try {
    db.pragma('busy_timeout = 60000');
    db.pragma('foreign_keys = OFF');
    db.pragma('cache_size = -262144');
    const template = db
      .prepare('SELECT schema, schema_id, created_at FROM results WHERE simulation_name = ? ORDER BY id LIMIT 1')
      .get(target.simulation) as Template;
    const indexes = db
      .prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name IN (${VALUE_INDEXES.map(() => '?').join(', ')})`)
      .all(...VALUE_INDEXES) as { sql: string }[];
    for (const name of VALUE_INDEXES) db.exec(`DROP INDEX IF EXISTS "${name}"`);
    const insertResult = db.prepare(
      `INSERT INTO results (${RESULT_COLUMNS.join(', ')}) VALUES (${RESULT_COLUMNS.map((c) => `@${c}`).join(', ')}) RETURNING id`,
    );
    const insertParam = db.prepare(
      `INSERT INTO result_params (${PARAM_COLUMNS.join(', ')}) VALUES (${PARAM_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    const batch = db.transaction((from: number, to: number) => {
      for (let index = from; index < to; index += 1) {
        const { result, params } = rowsOf(target, template, index);
        const { id } = insertResult.get(result) as { id: number };
        for (const param of params) insertParam.run({ ...param, result_id: id });
      }
    });
    for (let from = target.from; from < target.to; from += BATCH) batch(from, Math.min(target.to, from + BATCH));
    for (const { sql } of indexes) db.exec(sql);
    db.prepare('UPDATE result_simulations SET revision = revision + 1 WHERE simulation_name = ?').run(target.simulation);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

async function prefillPostgres(target: PrefillTarget): Promise<void> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    // Foreign-key triggers off for this session: every result_id is of a row just inserted.
    await client.query('SET session_replication_role = replica');
    const { rows } = await client.query<Template>(
      'SELECT schema, schema_id, created_at FROM results WHERE simulation_name = $1 ORDER BY id LIMIT 1',
      [target.simulation],
    );
    const template = { ...rows[0], created_at: Number(rows[0].created_at) };
    const indexes = await client.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE indexname = ANY($1)', [VALUE_INDEXES]);
    for (const name of VALUE_INDEXES) await client.query(`DROP INDEX IF EXISTS "${name}"`);
    for (let from = target.from; from < target.to; from += BATCH) {
      const batch = Array.from({ length: Math.min(target.to, from + BATCH) - from }, (_, k) => rowsOf(target, template, from + k));
      await client.query('BEGIN');
      const ids = await client.query<{ id: number; execution_id: string }>(
        `INSERT INTO results (${RESULT_COLUMNS.join(', ')})
         SELECT ${RESULT_COLUMNS.join(', ')} FROM json_to_recordset($1::json) AS r(execution_id text, simulation_name text,
           simulation_version text, squid_id text, status text, duration_seconds double precision, input_params text,
           output_params text, schema text, created_at bigint, schema_id integer)
         RETURNING id, execution_id`,
        [JSON.stringify(batch.map(({ result }) => result))],
      );
      const idOf = new Map(ids.rows.map((row) => [row.execution_id, row.id]));
      const params = batch.flatMap(({ result, params }) =>
        params.map((param) => ({ ...param, result_id: idOf.get(String(result.execution_id)) })),
      );
      await client.query(
        `INSERT INTO result_params (${PARAM_COLUMNS.join(', ')})
         SELECT ${PARAM_COLUMNS.join(', ')} FROM json_to_recordset($1::json) AS p(result_id integer, param_class text, name text,
           simulation_name text, value_type text, schema_type text, num_value double precision, text_value text)`,
        [JSON.stringify(params)],
      );
      await client.query('COMMIT');
    }
    for (const { indexdef } of indexes.rows) await client.query(indexdef);
    await client.query('UPDATE result_simulations SET revision = revision + 1 WHERE simulation_name = $1', [target.simulation]);
  } finally {
    await client.end();
  }
}
