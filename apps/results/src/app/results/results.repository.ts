import { Inject, Injectable } from '@nestjs/common';
import { ResultParamClass } from '@simsvc/contracts';
import { createSqlExecutor, SnapshotReader, SqlExecutor } from '@simsvc/persistence';
import { SERVICE_DATA_SOURCE } from '@simsvc/platform';
import { DataSource } from 'typeorm';
import { HitRecord, NewResult, ParameterRow, ResultRecord } from './result.record';
import { buildFilterSizes, buildSearch, SearchCriteria } from './search-query';

export interface ParameterFigures {
  /** The simulation's revision the figures were computed at (null: it has no results). */
  revision: number | null;
  /** The schema type of the parameter in the newest result that has it. */
  param_type: string | null;
  count: number;
  avg_value: number | null;
  min_value: number | null;
  max_value: number | null;
}

const COLUMNS = `execution_id, simulation_name, simulation_version, squid_id, status, duration_seconds, input_params,
  output_params, schema, run_db_path, metadata, created_at, completed_at`;
const VALUES = '$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13';

const INSERT_VALUES = `INSERT INTO results (${COLUMNS}) VALUES (${VALUES})`;
const INSERT_RESULT = `${INSERT_VALUES} RETURNING id`;
// Registering an execution_id again updates its result in place: same id and created_at (so its
// place in "newest first" stays), everything else as now given. One statement, so concurrent
// registrations of one execution_id serialise on its row, on both backends.
const UPSERT_RESULT = `${INSERT_VALUES}
  ON CONFLICT (execution_id) DO UPDATE SET simulation_name = excluded.simulation_name,
    simulation_version = excluded.simulation_version, squid_id = excluded.squid_id, status = excluded.status,
    duration_seconds = excluded.duration_seconds, input_params = excluded.input_params, output_params = excluded.output_params,
    schema = excluded.schema, run_db_path = excluded.run_db_path, metadata = excluded.metadata, completed_at = excluded.completed_at
  RETURNING id`;
// The parameter rows a result had before: their simulation's figures change when they go.
const PREVIOUS_SIMULATIONS = 'SELECT DISTINCT simulation_name FROM result_params WHERE result_id = $1';
const DELETE_PARAMETERS = 'DELETE FROM result_params WHERE result_id = $1';
const DELETE_RESULT = 'DELETE FROM results WHERE execution_id = $1 RETURNING simulation_name';

// Every parameter of a result in one statement (one round trip on PostgreSQL), from a JSON array
// of ParameterRow objects: the statement text does not depend on how many there are.
const PARAMETER_COLUMNS =
  'result_id, simulation_name, param_class, name, value_type, schema_type, num_value, text_value, bool_value, json_value';
const INSERT_PARAMETERS = {
  sqlite: `INSERT INTO result_params (${PARAMETER_COLUMNS})
    SELECT $1, $2, value ->> '$.param_class', value ->> '$.name', value ->> '$.value_type', value ->> '$.schema_type',
      value ->> '$.num_value', value ->> '$.text_value', value ->> '$.bool_value', value ->> '$.json_value'
    FROM json_each($3)`,
  postgresql: `INSERT INTO result_params (${PARAMETER_COLUMNS})
    SELECT $1, $2, p.param_class, p.name, p.value_type, p.schema_type, p.num_value, p.text_value, p.bool_value, p.json_value
    FROM json_to_recordset($3::json) AS p(param_class TEXT, name TEXT, value_type TEXT, schema_type TEXT,
      num_value DOUBLE PRECISION, text_value TEXT, bool_value SMALLINT, json_value TEXT)`,
} as const;

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
const PARAMETER_FIGURES = parameterFigures('CAST(AVG(num_value) AS DOUBLE PRECISION)');
const PARAMETER_FIGURES_WITHOUT_MEAN = parameterFigures('CAST(NULL AS DOUBLE PRECISION)');
// The mean when the plain sum overflows a double (PostgreSQL raises an error, SQLite yields an
// infinity or NULL): each term is divided first, so no partial sum exceeds the largest value.
const SCALED_MEAN = `SELECT CAST(SUM(num_value / $4) AS DOUBLE PRECISION) AS avg_value
  FROM result_params WHERE ${PARAMETER_RANGE} AND num_value IS NOT NULL`;
const POSTGRES_NUMERIC_OVERFLOW = '22003';

// Last in each writing transaction, so that the row lock is held only until its commit.
const BUMP_REVISION = `INSERT INTO result_simulations (simulation_name, revision) VALUES ($1, 1)
  ON CONFLICT (simulation_name) DO UPDATE SET revision = result_simulations.revision + 1`;

/** Every statement of the results store. */
@Injectable()
export class ResultsRepository {
  private readonly sql: SqlExecutor;

  constructor(
    @Inject(SERVICE_DATA_SOURCE) dataSource: DataSource,
    private readonly reader: SnapshotReader,
  ) {
    this.sql = createSqlExecutor(dataSource);
  }

  /**
   * Stores the result and its parameter rows in one transaction and returns its id. Without
   * `replace` an existing execution_id fails with a unique violation; with it the existing result
   * is updated in place (same id and created_at) and its parameter rows are written anew.
   */
  async store(result: NewResult, parameters: ParameterRow[], createdAt: number, replace: boolean): Promise<number> {
    return this.sql.transaction(async (tx) => {
      const [{ id }] = await tx.query<{ id: number }>(replace ? UPSERT_RESULT : INSERT_RESULT, [
        result.execution_id,
        result.simulation_name,
        result.simulation_version,
        result.squid_id,
        result.status,
        result.duration_seconds,
        JSON.stringify(result.input_params),
        JSON.stringify(result.output_params),
        JSON.stringify(result.schema),
        result.run_db_path,
        result.metadata === null ? null : JSON.stringify(result.metadata),
        createdAt,
        result.completed_at,
      ]);
      // The row is locked by the upsert, so no other writer touches its parameters meanwhile.
      const previous = replace ? await tx.query<{ simulation_name: string }>(PREVIOUS_SIMULATIONS, [id]) : [];
      if (previous.length > 0) await tx.execute(DELETE_PARAMETERS, [id]);
      if (parameters.length > 0) {
        await tx.execute(INSERT_PARAMETERS[tx.backend], [id, result.simulation_name, JSON.stringify(parameters)]);
      }
      await this.bumpRevisions(tx, [result.simulation_name, ...previous.map((row) => row.simulation_name)]);
      return Number(id);
    });
  }

  async isRegistered(executionId: string): Promise<boolean> {
    const rows = await this.sql.query('SELECT 1 AS found FROM results WHERE execution_id = $1', [executionId]);
    return rows.length > 0;
  }

  async find(executionId: string): Promise<ResultRecord | undefined> {
    const [record] = await this.sql.query<ResultRecord>('SELECT * FROM results WHERE execution_id = $1', [executionId]);
    return record;
  }

  /** Deletes the result (its parameter rows go with it); false when there was none. */
  async remove(executionId: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const removed = await tx.query<{ simulation_name: string }>(DELETE_RESULT, [executionId]);
      await this.bumpRevisions(
        tx,
        removed.map((row) => row.simulation_name),
      );
      return removed.length > 0;
    });
  }

  /** The current revision of the simulation's results; null when it never had any. */
  async revision(simulationName: string): Promise<number | null> {
    const [row] = await this.sql.query<{ revision: number | string }>(
      'SELECT revision FROM result_simulations WHERE simulation_name = $1',
      [simulationName],
    );
    return row === undefined ? null : Number(row.revision);
  }

  async search(criteria: SearchCriteria): Promise<{ total: number; hits: HitRecord[] }> {
    const plan = buildSearch(await this.smallestFilterFirst(criteria));
    if (plan.kind === 'separate') {
      const [totals, hits] = await this.reader.read([plan.count, plan.page]);
      return { total: Number((totals[0] as { total: number | string }).total), hits: hits as HitRecord[] };
    }
    const [rows] = (await this.reader.read([plan.statement])) as [(HitRecord & { total: number | string })[]];
    // An empty page is one row of NULL hit columns, so that the total still arrives.
    return { total: Number(rows[0].total), hits: rows.filter((row) => row.id !== null) };
  }

  async parameterFigures(simulationName: string, paramClass: ResultParamClass, name: string): Promise<ParameterFigures> {
    const key = [simulationName, paramClass, name];
    const row = await this.sql.query<ParameterFigures>(PARAMETER_FIGURES, key).then(
      ([figures]) => figures,
      async (error: unknown) => {
        if ((error as { code?: string }).code !== POSTGRES_NUMERIC_OVERFLOW) throw error;
        const [figures] = await this.sql.query<ParameterFigures>(PARAMETER_FIGURES_WITHOUT_MEAN, key);
        return figures;
      },
    );
    const figures: ParameterFigures = {
      revision: row.revision === null ? null : Number(row.revision),
      param_type: row.param_type,
      count: Number(row.count),
      avg_value: finiteOrNull(row.avg_value),
      min_value: finiteOrNull(row.min_value),
      max_value: finiteOrNull(row.max_value),
    };
    if (figures.count > 0 && figures.avg_value === null) {
      const [{ avg_value }] = await this.sql.query<{ avg_value: number | null }>(SCALED_MEAN, [...key, figures.count]);
      figures.avg_value = finiteOrNull(avg_value);
    }
    return figures;
  }

  /**
   * SQLite has no statistics to tell which filter selects least, and intersecting in the wrong
   * order costs up to twice as much; counting each filter's range first is far cheaper than that.
   * PostgreSQL's planner orders the semi-joins itself.
   */
  private async smallestFilterFirst(criteria: SearchCriteria): Promise<SearchCriteria> {
    if (criteria.filters.length < 2 || this.sql.backend !== 'sqlite') return criteria;
    const [[row]] = (await this.reader.read([buildFilterSizes(criteria)])) as [Record<string, number>[]];
    const sized = criteria.filters.map((filter, index) => ({ filter, size: Number(row[`size${index}`]) }));
    return { ...criteria, filters: sized.sort((a, b) => a.size - b.size).map(({ filter }) => filter) };
  }

  private async bumpRevisions(tx: SqlExecutor, simulations: string[]): Promise<void> {
    // In a fixed order, so that two transactions never wait for each other's rows.
    for (const simulation of [...new Set(simulations)].sort()) await tx.execute(BUMP_REVISION, [simulation]);
  }
}

function finiteOrNull(value: number | string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
