import { ApiProperty } from '@nestjs/swagger';
import {
  EXECUTION_STATUSES,
  ExecutionStatus,
  SIMULATION_STATUSES,
  SimulationStatus,
  SYNC_ITEM_STATUSES,
  SyncItemStatus,
} from './catalog-limits';
import { ParameterSchemaMap } from './parameter-schema';
import { PARAMETER_MAP_API } from './simulation-schema.dto';

const TIMESTAMP = { example: '2026-11-22T10:12:25.123000', description: 'UTC, no zone, microseconds' };

/** A registered simulation tool version. */
export class SimulationResponse {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ example: 'heat-1d' }) name!: string;
  @ApiProperty({ example: '1.2.0' }) version!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: String, nullable: true }) author!: string | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty(PARAMETER_MAP_API) input_schema!: ParameterSchemaMap;
  @ApiProperty(PARAMETER_MAP_API) output_schema!: ParameterSchemaMap;
  @ApiProperty({ enum: SIMULATION_STATUSES }) status!: SimulationStatus;
  @ApiProperty(TIMESTAMP) created_at!: string;
  @ApiProperty(TIMESTAMP) updated_at!: string;
  @ApiProperty({ type: String, nullable: true }) installation_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) workflow_type!: string | null;
  @ApiProperty({ type: String, nullable: true }) workflow_hash!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) workflow_bundle!: Record<string, unknown> | null;
  @ApiProperty({
    anyOf: [
      { type: 'array', items: {}, nullable: true },
      { type: 'object', additionalProperties: true, nullable: true },
    ],
  })
  dependencies!: unknown[] | Record<string, unknown> | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) metadata!: Record<string, unknown> | null;
  @ApiProperty() auto_approve!: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'public' }) visibility!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'MIT' }) license!: string | null;
}

export class DeletedSimulationResponse {
  @ApiProperty({ enum: ['deleted'] }) status!: 'deleted';
  @ApiProperty({ type: 'integer' }) simulation_id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() version!: string;
}

/** A recorded execution of a simulation. */
export class ExecutionResponse {
  @ApiProperty() execution_id!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null while the simulation its squid_id names is not registered' })
  simulation_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) squid_id!: string | null;
  @ApiProperty({ enum: EXECUTION_STATUSES }) status!: ExecutionStatus;
  @ApiProperty({ type: String, nullable: true }) executor_type!: string | null;
  @ApiProperty({ ...TIMESTAMP, type: String, nullable: true }) started_at!: string | null;
  @ApiProperty({ ...TIMESTAMP, type: String, nullable: true }) completed_at!: string | null;
  @ApiProperty({ type: Number, nullable: true }) duration_seconds!: number | null;
  @ApiProperty() cache_hit!: boolean;
  @ApiProperty({ type: String, nullable: true }) input_hash!: string | null;
  @ApiProperty({ type: String, nullable: true }) run_db_path!: string | null;
  @ApiProperty({ type: String, nullable: true }) user_id!: string | null;
  @ApiProperty({ type: 'integer' }) output_count!: number;
  @ApiProperty({ type: 'integer' }) artifact_count!: number;
  @ApiProperty({ type: 'integer' }) error_count!: number;
  @ApiProperty({ type: 'integer' }) warning_count!: number;
  @ApiProperty(TIMESTAMP) created_at!: string;
  @ApiProperty(TIMESTAMP) updated_at!: string;
}

/** Execution figures of one simulation. */
export class SimulationStatsResponse {
  @ApiProperty({ type: 'integer' }) simulation_id!: number;
  @ApiProperty({ type: 'integer' }) total_executions!: number;
  @ApiProperty({ type: 'integer', description: 'completed executions' }) successful!: number;
  @ApiProperty({ type: 'integer' }) failed!: number;
  @ApiProperty({ type: 'integer' }) cached!: number;
  @ApiProperty({ type: 'integer' }) cancelled!: number;
  @ApiProperty({ type: 'integer' }) running!: number;
  @ApiProperty({ type: 'integer' }) pending!: number;
  @ApiProperty({ description: '(successful + cached) / (successful + cached + failed + cancelled); 0 when none' }) success_rate!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'seconds, over finished executions with a duration' }) avg_duration!:
    number | null;
  @ApiProperty({ type: Number, nullable: true }) min_duration!: number | null;
  @ApiProperty({ type: Number, nullable: true }) max_duration!: number | null;
}

/** An item of the automatic-registration queue. */
export class SyncItemResponse {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ type: String, nullable: true }) version!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "the manifest's installation_id" }) installation_id!: string | null;
  @ApiProperty({ description: 'absolute path of the simulation.json' }) manifest_path!: string;
  @ApiProperty({ enum: SYNC_ITEM_STATUSES }) status!: SyncItemStatus;
  @ApiProperty({ type: String, nullable: true, description: 'why the item is invalid or a duplicate' }) error!: string | null;
  @ApiProperty(TIMESTAMP) discovered_at!: string;
  @ApiProperty({ type: String, nullable: true, description: "sim2l's name of `name`" }) simulation_name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "sim2l's name of `version`" }) simulation_version!: string | null;
  @ApiProperty({ enum: ['register'], description: 'what approving the item does (sim2l: operation)' }) operation!: 'register';
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      'the registration the manifest holds, as stored (normalized; POST /simulations field names); null when it is invalid or a duplicate',
  })
  payload!: Record<string, unknown> | null;
  @ApiProperty({ ...TIMESTAMP, description: "sim2l's name of `discovered_at`" }) created_at!: string;
}

export class ApproveSyncItemResponse {
  @ApiProperty({ enum: ['approved'] }) status!: 'approved';
  @ApiProperty({ type: 'integer' }) simulation_id!: number;
}

/** How automatic registration is set up (never the watch directory's path, which clients need not know). */
export class SyncStatusResponse {
  @ApiProperty({ description: 'whether the service watches a directory for manifests (--watch-dir)' }) watching!: boolean;
  @ApiProperty({ description: 'whether a valid new manifest is registered at once instead of queued (--auto-register)' })
  auto_register!: boolean;
  @ApiProperty({ type: 'integer', description: 'seconds between full rescans of the watch directory' }) rescan_seconds!: number;
}

/** Outcome of one scan: each manifest found counted once by its state after the scan. */
export class SyncScanResponse {
  @ApiProperty({ type: 'integer', description: 'manifests whose simulation is registered (by this scan or an earlier approval)' })
  registered!: number;
  @ApiProperty({ type: 'integer', description: 'manifests awaiting approval' }) pending!: number;
  @ApiProperty({ type: 'integer', description: 'malformed manifests' }) invalid!: number;
  @ApiProperty({ type: 'integer', description: 'manifests naming a (name, version) registered from elsewhere' }) duplicate!: number;
}
