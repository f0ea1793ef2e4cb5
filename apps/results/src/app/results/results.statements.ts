// The results store's hand-tuned statements of measured hot paths (search builds its own, per
// filter shape, in search-query.ts). Everything else goes through TypeORM on the entities
// (libs/persistence results.entities.ts). Figures: apps/results README, `npm run bench -- results`.
import { ResultEntity, type BulkStatement, type NamedStatement } from '@simsvc/persistence';
import { getMetadataArgsStorage } from 'typeorm';

// Registration: batches (NDJSON POST /register_direct, up to 1,000 results) store results
// through bulk statements, each run once per batch (StoreDatabase.queryEach: a prepared statement
// per row on SQLite, one statement over column arrays on PostgreSQL); a single result (POST
// /register, /runs, /register_direct with JSON) through their one-result forms, whose parameters
// are plain values: pg writes each column array as text element by element, which costs the
// client 120–190 k more instructions per single registration than these forms
// (docs/benchmarks/2026-11-27-structure-cost.md). Benchmark: one 10,000-line NDJSON request
// (docs/benchmarks/2026-11-27-results-load.md): service CPU 260–330 µs a result on SQLite, from
// 330–380 with a statement per result and its parameters from one JSON array through json_each;
// on PostgreSQL ~960 round trips instead of ~30,000.

const COLUMNS = `execution_id, simulation_name, simulation_version, squid_id, status, duration_seconds, input_params,
  output_params, schema, run_db_path, metadata, created_at, completed_at, schema_id`;
/** The columns' PostgreSQL array types, in the order of COLUMNS. */
const COLUMN_ARRAYS =
  '$1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::double precision[], $7::text[], $8::text[], $9::text[], ' +
  '$10::text[], $11::text[], $12::bigint[], $13::bigint[], $14::integer[]';

// A parameter set of a simulation: its id, new or found. No row from the insert when the set is
// known already (on PostgreSQL also when a concurrent registration added it, once that committed).
export const ADD_PARAMETER_SET: NamedStatement = {
  name: 'results_add_parameter_set',
  sql: `INSERT INTO result_schemas (simulation_name, fingerprint, parameters) VALUES ($1, $2, $3)
  ON CONFLICT (simulation_name, fingerprint) DO NOTHING RETURNING id`,
};
export const FIND_PARAMETER_SET: NamedStatement = {
  name: 'results_find_parameter_set',
  sql: 'SELECT id FROM result_schemas WHERE simulation_name = $1 AND fingerprint = $2',
};

/** Which of the execution ids ($1) are registered (bulk registration tells updates from new results). */
export const REGISTERED_EXECUTIONS: BulkStatement = {
  name: 'results_registered_executions',
  sql: {
    sqlite: 'SELECT execution_id FROM results WHERE execution_id = $1',
    postgresql: 'SELECT execution_id FROM results WHERE execution_id = ANY($1::text[])',
  },
};

// Registering an execution_id again updates its result in place: same id and created_at (so its
// place in "newest first" stays), everything else as now given. One statement, so concurrent
// registrations of one execution_id serialise on its row, on both backends. On PostgreSQL the
// rows of one statement must have distinct execution ids (a row cannot be updated twice by one
// statement): the repository stores a batch's repeated ids in later rounds.
const ON_EXECUTION_CONFLICT = `ON CONFLICT (execution_id) DO UPDATE SET simulation_name = excluded.simulation_name,
    simulation_version = excluded.simulation_version, squid_id = excluded.squid_id, status = excluded.status,
    duration_seconds = excluded.duration_seconds, input_params = excluded.input_params, output_params = excluded.output_params,
    schema = excluded.schema, run_db_path = excluded.run_db_path, metadata = excluded.metadata, completed_at = excluded.completed_at,
    schema_id = excluded.schema_id
  RETURNING id, execution_id`;
/** One result, its values in the order of COLUMNS. */
export const UPSERT_RESULT: NamedStatement = {
  name: 'results_upsert_one',
  sql: `INSERT INTO results (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
  ${ON_EXECUTION_CONFLICT}`,
};
export const UPSERT_RESULTS: BulkStatement = {
  name: 'results_upsert',
  sql: {
    sqlite: UPSERT_RESULT.sql as string,
    postgresql: `INSERT INTO results (${COLUMNS}) SELECT * FROM unnest(${COLUMN_ARRAYS})
  ${ON_EXECUTION_CONFLICT}`,
  },
};

/**
 * Deletes the parameter rows results ($1) had before (none for a new one) and names their
 * simulations, whose figures change when they go. Asked of every stored result, not only of those
 * found registered before: on PostgreSQL a concurrent registration may have added the row since.
 */
export const DELETE_PREVIOUS_PARAMETERS: BulkStatement = {
  name: 'results_delete_previous_parameters',
  sql: {
    sqlite: 'DELETE FROM result_params WHERE result_id = $1 RETURNING simulation_name',
    postgresql: `WITH gone AS (DELETE FROM result_params WHERE result_id = ANY($1::integer[]) RETURNING simulation_name)
    SELECT DISTINCT simulation_name FROM gone`,
  },
};
/** DELETE_PREVIOUS_PARAMETERS of one result ($1). */
export const DELETE_PREVIOUS_PARAMETERS_OF_ONE: NamedStatement = {
  name: 'results_delete_previous_parameters_one',
  sql: {
    sqlite: DELETE_PREVIOUS_PARAMETERS.sql.sqlite,
    postgresql: `WITH gone AS (DELETE FROM result_params WHERE result_id = $1 RETURNING simulation_name)
    SELECT DISTINCT simulation_name FROM gone`,
  },
};

const PARAMETER_COLUMNS =
  'result_id, simulation_name, param_class, name, value_type, schema_type, num_value, text_value, bool_value, json_value';
/** One parameter row per bulk row, its values in the order of PARAMETER_COLUMNS. */
export const INSERT_PARAMETERS: BulkStatement = {
  name: 'results_insert_parameters',
  sql: {
    sqlite: `INSERT INTO result_params (${PARAMETER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    postgresql: `INSERT INTO result_params (${PARAMETER_COLUMNS})
    SELECT * FROM unnest($1::integer[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::double precision[],
      $8::text[], $9::smallint[], $10::text[])`,
  },
};

/** Every parameter of one result ($1, of simulation $2) from a JSON array of ParameterRows ($3). */
export const INSERT_PARAMETERS_OF_ONE: NamedStatement = {
  name: 'results_insert_parameters_one',
  sql: {
    sqlite: `INSERT INTO result_params (${PARAMETER_COLUMNS})
    SELECT $1, $2, value ->> '$.paramClass', value ->> '$.name', value ->> '$.valueType', value ->> '$.schemaType',
      value ->> '$.numValue', value ->> '$.textValue', value ->> '$.boolValue', value ->> '$.jsonValue'
    FROM json_each($3)`,
    postgresql: `INSERT INTO result_params (${PARAMETER_COLUMNS})
    SELECT $1, $2, p."paramClass", p.name, p."valueType", p."schemaType", p."numValue", p."textValue", p."boolValue", p."jsonValue"
    FROM json_to_recordset($3::json) AS p("paramClass" TEXT, name TEXT, "valueType" TEXT, "schemaType" TEXT,
      "numValue" DOUBLE PRECISION, "textValue" TEXT, "boolValue" SMALLINT, "jsonValue" TEXT)`,
  },
};

/** Last in each writing transaction (registration and deletion), so that the row lock is held only until its commit. */
export const BUMP_REVISION: NamedStatement = {
  name: 'results_bump_revision',
  sql: `INSERT INTO result_simulations (simulation_name, revision) VALUES ($1, 1)
  ON CONFLICT (simulation_name) DO UPDATE SET revision = result_simulations.revision + 1`,
};

// Statistics. Benchmark: `npm run bench -- results`, "stats of an output (100,000 values,
// cached)": 1 / 6 ms p50 / p99 on SQLite, 2 / 6 ms on PostgreSQL, 0.3 ms service CPU per request,
// one primary-key read of the revision per request; uncached, the aggregate over 100,000 values
// costs ~20 ms on SQLite and ~50 ms on PostgreSQL.

export const REVISION: NamedStatement = {
  name: 'results_revision',
  sql: 'SELECT revision FROM result_simulations WHERE simulation_name = $1',
};

// One aggregate over the (simulation, class, name) range of the partial number index: only
// numbers have a num_value, so booleans and numeric strings are never counted. Whether the
// parameter exists at all is asked of each partial index (see search-query.ts).
const PARAMETER_RANGE = 'simulation_name = $1 AND param_class = $2 AND name = $3';
const parameterFigures = (mean: string) => `
  SELECT
    (SELECT revision FROM result_simulations WHERE simulation_name = $1) AS revision,
    CASE WHEN EXISTS (SELECT 1 FROM result_params WHERE ${PARAMETER_RANGE} AND num_value IS NOT NULL)
           OR EXISTS (SELECT 1 FROM result_params WHERE ${PARAMETER_RANGE} AND text_value IS NOT NULL)
           OR EXISTS (SELECT 1 FROM result_params WHERE ${PARAMETER_RANGE} AND num_value IS NULL AND text_value IS NULL)
      THEN (SELECT p.schema_type FROM results r
              JOIN result_params p ON p.result_id = r.id AND p.param_class = $2 AND p.name = $3
             WHERE r.simulation_name = $1 ORDER BY r.id DESC LIMIT 1)
    END AS param_type,
    figures.count, figures.avg_value, figures.min_value, figures.max_value
  FROM (SELECT COUNT(num_value) AS count, ${mean} AS avg_value,
          CAST(MIN(num_value) AS DOUBLE PRECISION) AS min_value, CAST(MAX(num_value) AS DOUBLE PRECISION) AS max_value
        FROM result_params WHERE ${PARAMETER_RANGE} AND num_value IS NOT NULL) figures`;

export const PARAMETER_FIGURES: NamedStatement = {
  name: 'results_parameter_figures',
  sql: parameterFigures('CAST(AVG(num_value) AS DOUBLE PRECISION)'),
};

/** PARAMETER_FIGURES without the mean, for when PostgreSQL's plain sum overflows. */
export const PARAMETER_FIGURES_WITHOUT_MEAN: NamedStatement = {
  name: 'results_parameter_figures_without_mean',
  sql: parameterFigures('CAST(NULL AS DOUBLE PRECISION)'),
};

// The mean when the plain sum overflows a double (PostgreSQL raises an error, SQLite yields an
// infinity or NULL): each term is divided first ($4: the count), so no partial sum exceeds the largest value.
export const SCALED_MEAN: NamedStatement = {
  name: 'results_scaled_mean',
  sql: `SELECT CAST(SUM(num_value / $4) AS DOUBLE PRECISION) AS avg_value
  FROM result_params WHERE ${PARAMETER_RANGE} AND num_value IS NOT NULL`,
};

/** Every column of results under its entity property name, so rows come back as ResultRecords. */
const RESULT_COLUMNS = getMetadataArgsStorage()
  .filterColumns(ResultEntity)
  .map(({ propertyName, options }) => `${options.name ?? propertyName} AS "${propertyName}"`)
  .join(', ');

/**
 * GET /results/{id} ($1 execution id): one result. Through TypeORM's findOneBy, building its SQL
 * took ~17 % of the request's CPU (docs/benchmarks/2026-11-27-request-path.md).
 */
export const FIND_RESULT: NamedStatement = {
  name: 'results_find',
  sql: `SELECT ${RESULT_COLUMNS} FROM results WHERE execution_id = $1`,
};
