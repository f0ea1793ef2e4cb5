import { Injectable } from '@nestjs/common';
import {
  canonicalExecutionStatus,
  ExecutionResponse,
  ListExecutionsQueryDto,
  nowMicros,
  parseTimestamp,
  RecordExecutionDto,
  SimulationStatsResponse,
} from '@simsvc/contracts';
import { CatalogMetrics } from '../catalog.metrics';
import { simulationNotFound } from '../simulations/simulation.errors';
import { ResponsePage } from '../simulations/simulations.service';
import { ExecutionError, ExecutionErrorCode } from './execution.errors';
import { MICROS_PER_SECOND, toExecutionResponse } from './execution.record';
import { refusalReason } from './execution-status';
import { ExecutionsRepository, ExecutionValues } from './executions.repository';

export interface RecordOutcome {
  /** true: the execution is new (201); false: it existed and moved or stayed (200). */
  created: boolean;
  execution: ExecutionResponse;
}

@Injectable()
export class ExecutionsService {
  constructor(
    private readonly repository: ExecutionsRepository,
    private readonly metrics: CatalogMetrics,
  ) {}

  /**
   * Create, else move, else decide: insert-if-absent, then one conditional UPDATE; only when
   * both change nothing is the row read, to tell a no-op re-send (200) from a refused move (409).
   */
  async record(body: RecordExecutionDto): Promise<RecordOutcome> {
    const values = await this.resolveSimulation(executionValues(body));
    const now = nowMicros();
    const created = await this.repository.insert(values, now);
    if (created) return this.accepted(true, 'created', toExecutionResponse(created));

    const moved = await this.repository.move(values, now);
    if (moved) return this.accepted(false, 'moved', toExecutionResponse(moved));

    let current = await this.repository.find(values.executionId);
    if (current?.simulationId === null && values.simulationId !== null) {
      // A record naming the simulation of an unattached execution attaches it, then moves it.
      if (!(await this.repository.simulationExists(values.simulationId))) throw simulationNotFound(values.simulationId);
      await this.repository.attach(values.executionId, values.simulationId);
      const attached = await this.repository.move(values, now);
      if (attached) return this.accepted(false, 'moved', toExecutionResponse(attached));
      current = await this.repository.find(values.executionId);
    }
    if (!current)
      throw new ExecutionError(ExecutionErrorCode.ChangedConcurrently, `execution ${values.executionId} changed concurrently; retry`);
    if (current.simulationId !== values.simulationId) {
      if (values.simulationId !== null && !(await this.repository.simulationExists(values.simulationId))) {
        throw simulationNotFound(values.simulationId);
      }
      throw new ExecutionError(
        ExecutionErrorCode.OfAnotherSimulation,
        `execution ${values.executionId} belongs to simulation ${current.simulationId}, not ${values.simulationId}`,
      );
    }
    if (current.status === values.status) return this.accepted(false, 'unchanged', toExecutionResponse(current));
    this.metrics.transitionsRefused.inc();
    throw new ExecutionError(
      ExecutionErrorCode.MoveRefused,
      `${refusalReason(current.status, values.status)} (execution ${values.executionId})`,
    );
  }

  async get(executionId: string): Promise<ExecutionResponse> {
    const record = await this.repository.find(executionId);
    if (!record) throw new ExecutionError(ExecutionErrorCode.NotFound, `execution ${executionId} not found`);
    return toExecutionResponse(record);
  }

  async list(simulationId: number, query: ListExecutionsQueryDto): Promise<ResponsePage<ExecutionResponse>> {
    const { records, total } = await this.repository.list(simulationId, query.status, query.limit, query.offset);
    if (total === 0 && !(await this.repository.simulationExists(simulationId))) throw simulationNotFound(simulationId);
    return { items: records.map(toExecutionResponse), total };
  }

  async stats(simulationId: number): Promise<SimulationStatsResponse> {
    // An unknown id answers zero counts and null durations, as sim2l's COUNT over no rows does.
    return { simulation_id: simulationId, ...(await this.repository.figures(simulationId)) };
  }

  /**
   * `simulation_id: null` (sim2l): the simulation is the one its squid_id (`name/version/hash`)
   * names when registered; else the one an earlier record of the execution gave; else none
   * (unattached, keeping the squid's name and version to attach it at registration).
   */
  private async resolveSimulation(values: ExecutionValues): Promise<ExecutionValues> {
    if (values.simulationId !== null) return values;
    const named = squidSimulation(values.squidId);
    const registered = named && (await this.repository.simulationNamed(named.name, named.version));
    if (registered) return { ...values, simulationId: registered };
    const earlier = await this.repository.find(values.executionId);
    if (earlier) return { ...values, simulationId: earlier.simulationId };
    return { ...values, unattached: named ?? null };
  }

  private accepted(created: boolean, outcome: string, execution: ExecutionResponse): RecordOutcome {
    this.metrics.executionsRecorded.inc({ status: execution.status, outcome });
    return { created, execution };
  }
}

function executionValues(body: RecordExecutionDto): ExecutionValues {
  const startedAt = body.started_at ? parseTimestamp(body.started_at) : null;
  const completedAt = body.completed_at ? parseTimestamp(body.completed_at) : null;
  if (startedAt !== null && completedAt !== null && completedAt < startedAt)
    throw new ExecutionError(ExecutionErrorCode.TimesOutOfOrder, 'completed_at must not be before started_at');
  return {
    executionId: body.execution_id,
    simulationId: body.simulation_id,
    status: canonicalExecutionStatus(body.status),
    squidId: body.squid_id ?? null,
    executorType: body.executor_type ?? null,
    startedAt,
    completedAt,
    durationMicros:
      body.duration_seconds === null || body.duration_seconds === undefined ? null : Math.round(body.duration_seconds * MICROS_PER_SECOND),
    cacheHit: body.cache_hit ?? null,
    inputHash: body.input_hash ?? null,
    runDbPath: body.run_db_path ?? null,
    userId: body.user_id ?? null,
    counts: {
      outputCount: body.output_count ?? null,
      artifactCount: body.artifact_count ?? null,
      errorCount: body.error_count ?? null,
      warningCount: body.warning_count ?? null,
    },
    unattached: null,
  };
}

/** The simulation name and version of a squid id `name/version/hash`; undefined for any other form. */
export function squidSimulation(squidId: string | null): { name: string; version: string } | undefined {
  const [name, version, hash] = squidId?.split('/') ?? [];
  return name && version && hash !== undefined ? { name, version } : undefined;
}
