import { ExecutionResponse, ExecutionStatus, formatOptionalTimestamp, formatTimestamp } from '@simsvc/contracts';

/** A row of catalog_executions as the repository returns it. */
export interface ExecutionRecord {
  execution_id: string;
  simulation_id: number | null;
  status: ExecutionStatus;
  squid_id: string | null;
  executor_type: string | null;
  started_at: number | null;
  completed_at: number | null;
  duration_micros: number | null;
  /** boolean on PostgreSQL, 0/1 on SQLite. */
  cache_hit: boolean | number;
  input_hash: string | null;
  run_db_path: string | null;
  user_id: string | null;
  created_at: number;
  updated_at: number;
  output_count: number;
  artifact_count: number;
  error_count: number;
  warning_count: number;
  unattached_name: string | null;
  unattached_version: string | null;
}

export const MICROS_PER_SECOND = 1_000_000;

export function toExecutionResponse(record: ExecutionRecord): ExecutionResponse {
  return {
    execution_id: record.execution_id,
    simulation_id: record.simulation_id,
    squid_id: record.squid_id,
    status: record.status,
    executor_type: record.executor_type,
    started_at: formatOptionalTimestamp(record.started_at),
    completed_at: formatOptionalTimestamp(record.completed_at),
    duration_seconds: record.duration_micros === null ? null : record.duration_micros / MICROS_PER_SECOND,
    cache_hit: Boolean(record.cache_hit),
    input_hash: record.input_hash,
    run_db_path: record.run_db_path,
    user_id: record.user_id,
    output_count: record.output_count,
    artifact_count: record.artifact_count,
    error_count: record.error_count,
    warning_count: record.warning_count,
    created_at: formatTimestamp(record.created_at),
    updated_at: formatTimestamp(record.updated_at),
  };
}
