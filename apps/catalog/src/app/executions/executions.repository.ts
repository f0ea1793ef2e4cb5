import { Inject, Injectable } from '@nestjs/common';
import { ExecutionStatus } from '@simsvc/contracts';
import { SqlExecutor } from '@simsvc/persistence';
import { CATALOG_SQL } from '../catalog-shared.module';
import { ExecutionRecord } from './execution.record';
import { allowedPredecessors, TERMINAL_STATUSES } from './execution-status';

/** The values of one POST /executions, ready for SQL (times and durations in microseconds). */
export interface ExecutionValues {
  executionId: string;
  /** null: unattached (see Unattached). */
  simulationId: number | null;
  status: ExecutionStatus;
  squidId: string | null;
  executorType: string | null;
  startedAt: number | null;
  completedAt: number | null;
  durationMicros: number | null;
  cacheHit: boolean | null;
  inputHash: string | null;
  runDbPath: string | null;
  userId: string | null;
  /** outputs, artifacts, errors, warnings; null: not given. */
  counts: ExecutionCounts;
  /** The simulation its squid_id names, kept while the execution is unattached. */
  unattached: { name: string; version: string } | null;
}

export type ExecutionCounts = Record<'output_count' | 'artifact_count' | 'error_count' | 'warning_count', number | null>;

export interface ExecutionFigures {
  known: number;
  total_executions: number;
  successful: number;
  failed: number;
  cached: number;
  cancelled: number;
  running: number;
  pending: number;
  success_rate: number;
  avg_duration: number | null;
  min_duration: number | null;
  max_duration: number | null;
}

const INSERT = `INSERT INTO catalog_executions (execution_id, simulation_id, status, squid_id, executor_type, started_at, completed_at,
    duration_micros, cache_hit, input_hash, run_db_path, user_id, created_at, updated_at,
    output_count, artifact_count, error_count, warning_count, unattached_name, unattached_version)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $17, $18, $19)
  ON CONFLICT (execution_id) DO NOTHING RETURNING *`;

/**
 * The state move as ONE conditional UPDATE: it changes the row only while its status is an
 * allowed predecessor of the target, and the caller decides 200/409 from whether a row came
 * back. Concurrent moves through any number of replicas serialize on the row lock and each
 * re-checks the condition against the committed status (PostgreSQL READ COMMITTED re-evaluates
 * the WHERE clause of a blocked UPDATE), so exactly one terminal state can win and the state
 * machine is never skipped. Nothing is read first. The predecessor lists are constants of the
 * transition table, inlined as literals (two distinct statements).
 * Given fields overwrite, absent ones keep their value; started_at / completed_at default to
 * the move's time when entering running / a terminal state.
 */
function moveStatement(target: ExecutionStatus): string | undefined {
  const from = allowedPredecessors(target);
  if (from.length === 0) return undefined;
  return `UPDATE catalog_executions SET status = $3,
      squid_id = COALESCE($4, squid_id), executor_type = COALESCE($5, executor_type),
      started_at = COALESCE($6, started_at, $14), completed_at = COALESCE($7, completed_at, $15),
      duration_micros = COALESCE($8, duration_micros), cache_hit = COALESCE($9, cache_hit),
      input_hash = COALESCE($10, input_hash), run_db_path = COALESCE($11, run_db_path), user_id = COALESCE($12, user_id),
      updated_at = $13, output_count = COALESCE($16, output_count), artifact_count = COALESCE($17, artifact_count),
      error_count = COALESCE($18, error_count), warning_count = COALESCE($19, warning_count)
    WHERE execution_id = $1 AND simulation_id IS NOT DISTINCT FROM $2 AND status IN (${from.map((status) => `'${status}'`).join(', ')})
    RETURNING *`;
}

const COUNT_KEYS = ['output_count', 'artifact_count', 'error_count', 'warning_count'] as const;
const countValues = (counts: ExecutionCounts, absent: number | null) => COUNT_KEYS.map((key) => counts[key] ?? absent);

const FINISHED = TERMINAL_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * Statistics of one simulation from catalog_execution_stats (at most one row per status, kept
 * exact by triggers from every insert and move; see the migration), combined in SQL. Counts and
 * duration sums are integers (microseconds), so nothing is rounded until the one division that
 * gives each figure. SUM over BIGINT is NUMERIC on PostgreSQL: cast back to BIGINT.
 */
function statsStatement(): string {
  const sum = (condition: string, column = 'executions') => `CAST(COALESCE(SUM(CASE WHEN ${condition} THEN ${column} END), 0) AS BIGINT)`;
  const count = (status: string) => `${sum(`status = '${status}'`)} AS ${status === 'completed' ? 'successful' : status}`;
  const decided = sum(`status IN (${FINISHED})`);
  return `SELECT
      (SELECT COUNT(*) FROM catalog_simulations WHERE id = $1) AS known,
      CAST(COALESCE(SUM(executions), 0) AS BIGINT) AS total_executions,
      ${['completed', 'failed', 'cached', 'cancelled', 'running', 'pending'].map(count).join(', ')},
      CASE WHEN ${decided} = 0 THEN 0.0
        ELSE CAST(${sum(`status IN ('completed', 'cached')`)} AS DOUBLE PRECISION) / ${decided} END AS success_rate,
      CAST(SUM(duration_sum) AS DOUBLE PRECISION) / (NULLIF(SUM(durations), 0) * 1000000.0) AS avg_duration,
      CAST(MIN(duration_min) AS DOUBLE PRECISION) / 1000000.0 AS min_duration,
      CAST(MAX(duration_max) AS DOUBLE PRECISION) / 1000000.0 AS max_duration
    FROM catalog_execution_stats WHERE simulation_id = $1`;
}

const STATS = statsStatement();

@Injectable()
export class ExecutionsRepository {
  constructor(@Inject(CATALOG_SQL) private readonly sql: SqlExecutor) {}

  /**
   * Creates the execution; undefined when the execution_id exists. started_at / completed_at
   * default to now for an execution created running / finished.
   * Throws a foreign-key error for an unknown simulation.
   */
  async insert(values: ExecutionValues, now: number): Promise<ExecutionRecord | undefined> {
    const cacheHit = values.cacheHit ?? values.status === 'cached';
    const [record] = await this.sql.query<ExecutionRecord>(INSERT, [
      values.executionId,
      values.simulationId,
      values.status,
      values.squidId,
      values.executorType,
      values.startedAt ?? (values.status === 'running' ? now : null),
      values.completedAt ?? (TERMINAL_STATUSES.includes(values.status) ? now : null),
      values.durationMicros,
      cacheHit,
      values.inputHash,
      values.runDbPath,
      values.userId,
      now,
      ...countValues(values.counts, 0),
      values.unattached?.name ?? null,
      values.unattached?.version ?? null,
    ]);
    return record;
  }

  /** Moves an existing execution to values.status if its current status allows it; undefined otherwise. */
  async move(values: ExecutionValues, now: number): Promise<ExecutionRecord | undefined> {
    const statement = moveStatement(values.status);
    if (!statement) return undefined;
    const entering = (condition: boolean) => (condition ? now : null);
    const [record] = await this.sql.query<ExecutionRecord>(statement, [
      values.executionId,
      values.simulationId,
      values.status,
      values.squidId,
      values.executorType,
      values.startedAt,
      values.completedAt,
      values.durationMicros,
      values.cacheHit ?? (values.status === 'cached' ? true : null),
      values.inputHash,
      values.runDbPath,
      values.userId,
      now,
      entering(values.status === 'running'),
      entering(TERMINAL_STATUSES.includes(values.status)),
      ...countValues(values.counts, null),
    ]);
    return record;
  }

  async find(executionId: string): Promise<ExecutionRecord | undefined> {
    const [record] = await this.sql.query<ExecutionRecord>('SELECT * FROM catalog_executions WHERE execution_id = $1', [executionId]);
    return record;
  }

  /** The id of the simulation registered as (name, version), if any. */
  async simulationNamed(name: string, version: string): Promise<number | undefined> {
    const [row] = await this.sql.query<{ id: number }>('SELECT id FROM catalog_simulations WHERE name = $1 AND version = $2', [
      name,
      version,
    ]);
    return row?.id;
  }

  /**
   * Attaches an unattached execution to a simulation given by id in a later record of it; false
   * when the execution is not unattached (any more).
   */
  async attach(executionId: string, simulationId: number): Promise<boolean> {
    const changed = await this.sql.execute(
      `UPDATE catalog_executions SET simulation_id = $2, unattached_name = NULL, unattached_version = NULL
        WHERE execution_id = $1 AND simulation_id IS NULL`,
      [executionId, simulationId],
    );
    return changed > 0;
  }

  async simulationExists(simulationId: number): Promise<boolean> {
    const rows = await this.sql.query('SELECT 1 FROM catalog_simulations WHERE id = $1', [simulationId]);
    return rows.length > 0;
  }

  async list(
    simulationId: number,
    status: ExecutionStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ records: ExecutionRecord[]; total: number }> {
    const byStatus = status === undefined ? '' : ' AND status = $4';
    const params = status === undefined ? [simulationId, limit, offset] : [simulationId, limit, offset, status];
    const records = await this.sql.query<ExecutionRecord>(
      `SELECT * FROM catalog_executions WHERE simulation_id = $1${byStatus} ORDER BY created_at DESC, execution_id DESC LIMIT $2 OFFSET $3`,
      params,
    );
    const countParams = status === undefined ? [simulationId] : [simulationId, status];
    const [{ total }] = await this.sql.query<{ total: number }>(
      `SELECT COUNT(*) AS total FROM catalog_executions WHERE simulation_id = $1${status === undefined ? '' : ' AND status = $2'}`,
      countParams,
    );
    return { records, total };
  }

  async figures(simulationId: number): Promise<ExecutionFigures> {
    const [row] = await this.sql.query<ExecutionFigures>(STATS, [simulationId]);
    return row;
  }
}
