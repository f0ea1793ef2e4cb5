import { ExecutionResponse, ExecutionStatus, formatOptionalTimestamp, formatTimestamp } from '@simsvc/contracts';
import { CatalogExecutionEntity } from '@simsvc/persistence';

/** A row of catalog_executions as the repository returns it. */
export type ExecutionRecord = Omit<CatalogExecutionEntity, 'status'> & { status: ExecutionStatus };

export const MICROS_PER_SECOND = 1_000_000;

export function toExecutionResponse(record: ExecutionRecord): ExecutionResponse {
  return {
    execution_id: record.executionId,
    simulation_id: record.simulationId,
    squid_id: record.squidId,
    status: record.status,
    executor_type: record.executorType,
    started_at: formatOptionalTimestamp(record.startedAt),
    completed_at: formatOptionalTimestamp(record.completedAt),
    duration_seconds: record.durationMicros === null ? null : record.durationMicros / MICROS_PER_SECOND,
    cache_hit: Boolean(record.cacheHit),
    input_hash: record.inputHash,
    run_db_path: record.runDbPath,
    user_id: record.userId,
    output_count: record.outputCount,
    artifact_count: record.artifactCount,
    error_count: record.errorCount,
    warning_count: record.warningCount,
    created_at: formatTimestamp(record.createdAt),
    updated_at: formatTimestamp(record.updatedAt),
  };
}
