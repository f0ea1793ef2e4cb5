// Turns the run_metadata row into the run's identity and timing (contract §6).
import type { RunMetadata } from './introspected-run.interface';
import { invalidRunDatabase } from './run-database.errors';

/** The row as the reader selects it: text columns cast to TEXT, numbers only when numeric. */
export interface RunMetadataRow {
  execution_id: string | null;
  squid_id: string | null;
  simulation_name: string | null;
  simulation_version: string | null;
  simulation_id: number | null;
  started_at: string | null;
  completed_at: string | null;
  duration_seconds: number | null;
  status: string | null;
  executor_type: string | null;
}

export function decodeRunMetadata(row: RunMetadataRow): RunMetadata {
  return {
    execution_id: required(row, 'execution_id'),
    squid_id: row.squid_id,
    simulation_name: required(row, 'simulation_name'),
    simulation_version: required(row, 'simulation_version'),
    simulation_id: finiteOrNull(row.simulation_id),
    started_at: row.started_at,
    completed_at: row.completed_at,
    duration_seconds: finiteOrNull(row.duration_seconds),
    status: required(row, 'status'),
    executor_type: row.executor_type,
  };
}

type RequiredColumn = 'execution_id' | 'simulation_name' | 'simulation_version' | 'status';

function required(row: RunMetadataRow, column: RequiredColumn): string {
  const value = row[column];
  if (value === null) throw invalidRunDatabase(`run_metadata has no ${column}`);
  return value;
}

// SQLite REAL can hold infinities, which JSON cannot carry.
function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}
