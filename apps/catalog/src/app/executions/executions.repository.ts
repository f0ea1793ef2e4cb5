import { Injectable } from '@nestjs/common';
import { ExecutionStatus } from '@simsvc/contracts';
import {
  CATALOG_STORE,
  CatalogExecutionEntity,
  CatalogSimulationEntity,
  InjectStoreDatabase,
  isForeignKeyViolation,
  isUniqueViolation,
  StoreDatabase,
} from '@simsvc/persistence';
import { IsNull } from 'typeorm';
import { EXECUTION_STATS } from '../catalog.statements';
import { simulationNotFound } from '../simulations/simulation.errors';
import { ExecutionRecord } from './execution.record';
import { allowedPredecessors, TERMINAL_STATUSES } from './execution-status';

/** The values of one POST /executions (times and durations in microseconds). */
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

export type ExecutionCounts = Record<'outputCount' | 'artifactCount' | 'errorCount' | 'warningCount', number | null>;

export interface ExecutionFigures {
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

const isTerminal = (status: ExecutionStatus) => TERMINAL_STATUSES.includes(status);

@Injectable()
export class ExecutionsRepository {
  constructor(@InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase) {}

  /**
   * Creates the execution; undefined when the execution_id exists. started_at / completed_at
   * default to now for an execution created running / finished.
   * SIMULATION_NOT_FOUND for an unknown simulation.
   */
  async insert(values: ExecutionValues, now: number): Promise<ExecutionRecord | undefined> {
    const record: ExecutionRecord = {
      executionId: values.executionId,
      simulationId: values.simulationId,
      status: values.status,
      squidId: values.squidId,
      executorType: values.executorType,
      startedAt: values.startedAt ?? (values.status === 'running' ? now : null),
      completedAt: values.completedAt ?? (isTerminal(values.status) ? now : null),
      durationMicros: values.durationMicros,
      cacheHit: values.cacheHit ?? values.status === 'cached',
      inputHash: values.inputHash,
      runDbPath: values.runDbPath,
      userId: values.userId,
      createdAt: now,
      updatedAt: now,
      outputCount: values.counts.outputCount ?? 0,
      artifactCount: values.counts.artifactCount ?? 0,
      errorCount: values.counts.errorCount ?? 0,
      warningCount: values.counts.warningCount ?? 0,
      unattachedName: values.unattached?.name ?? null,
      unattachedVersion: values.unattached?.version ?? null,
    };
    const inserted = this.db.run(async (manager) => {
      const insert = manager.createQueryBuilder().insert().into(CatalogExecutionEntity).values(record).updateEntity(false);
      if (this.db.backend === 'postgresql') {
        // ON CONFLICT DO NOTHING: a re-sent record is the common case, not an error to log.
        const { raw } = await insert.orIgnore().returning('execution_id').execute();
        return (raw as unknown[]).length > 0 ? record : undefined;
      }
      try {
        await insert.execute();
        return record;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    });
    return inserted.catch((error: unknown) => {
      throw isForeignKeyViolation(error) && values.simulationId !== null ? simulationNotFound(values.simulationId) : error;
    });
  }

  /**
   * Moves an existing execution to values.status if its current status allows it; undefined
   * otherwise. ONE conditional UPDATE decides: it changes the row only while its status is an
   * allowed predecessor of the target, and concurrent moves through any number of replicas
   * serialize on the row lock, each re-checking the condition against the committed status
   * (PostgreSQL READ COMMITTED re-evaluates the WHERE clause of a blocked UPDATE), so exactly one
   * terminal state can win and the state machine is never skipped. The row is read back in the
   * same transaction, under that lock. Given fields overwrite, absent ones keep their value;
   * started_at / completed_at default to the move's time when entering running / a terminal state.
   */
  async move(values: ExecutionValues, now: number): Promise<ExecutionRecord | undefined> {
    const from = allowedPredecessors(values.status);
    if (from.length === 0) return undefined;
    const entering = (condition: boolean) => (condition ? now : null);
    return this.db.transaction(async (manager) => {
      const { affected } = await manager
        .createQueryBuilder()
        .update(CatalogExecutionEntity)
        .set({
          status: values.status,
          squidId: () => 'COALESCE(:squidId, squid_id)',
          executorType: () => 'COALESCE(:executorType, executor_type)',
          startedAt: () => 'COALESCE(:startedAt, started_at, :enteringRunning)',
          completedAt: () => 'COALESCE(:completedAt, completed_at, :enteringTerminal)',
          durationMicros: () => 'COALESCE(:durationMicros, duration_micros)',
          cacheHit: () => 'COALESCE(:cacheHit, cache_hit)',
          inputHash: () => 'COALESCE(:inputHash, input_hash)',
          runDbPath: () => 'COALESCE(:runDbPath, run_db_path)',
          userId: () => 'COALESCE(:userId, user_id)',
          updatedAt: now,
          outputCount: () => 'COALESCE(:outputCount, output_count)',
          artifactCount: () => 'COALESCE(:artifactCount, artifact_count)',
          errorCount: () => 'COALESCE(:errorCount, error_count)',
          warningCount: () => 'COALESCE(:warningCount, warning_count)',
        })
        .where('execution_id = :executionId AND simulation_id IS NOT DISTINCT FROM :simulationId AND status IN (:...from)')
        .setParameters({
          ...values,
          ...values.counts,
          cacheHit: values.cacheHit ?? (values.status === 'cached' ? true : null),
          enteringRunning: entering(values.status === 'running'),
          enteringTerminal: entering(isTerminal(values.status)),
          from,
        })
        .execute();
      if (!affected) return undefined;
      return (await manager.getRepository(CatalogExecutionEntity).findOneBy({ executionId: values.executionId })) as ExecutionRecord;
    });
  }

  async find(executionId: string): Promise<ExecutionRecord | undefined> {
    const record = await this.db.run((manager) => manager.getRepository(CatalogExecutionEntity).findOneBy({ executionId }));
    return (record ?? undefined) as ExecutionRecord | undefined;
  }

  /** The id of the simulation registered as (name, version), if any. */
  async simulationNamed(name: string, version: string): Promise<number | undefined> {
    const row = await this.db.run((manager) =>
      manager.getRepository(CatalogSimulationEntity).findOne({ select: { id: true }, where: { name, version } }),
    );
    return row?.id;
  }

  /**
   * Attaches an unattached execution to a simulation given by id in a later record of it; false
   * when the execution is not unattached (any more).
   */
  async attach(executionId: string, simulationId: number): Promise<boolean> {
    const { affected } = await this.db.run((manager) =>
      manager
        .getRepository(CatalogExecutionEntity)
        .update({ executionId, simulationId: IsNull() }, { simulationId, unattachedName: null, unattachedVersion: null }),
    );
    return (affected ?? 0) > 0;
  }

  async simulationExists(simulationId: number): Promise<boolean> {
    return this.db.run((manager) => manager.getRepository(CatalogSimulationEntity).existsBy({ id: simulationId }));
  }

  /** A page of a simulation's executions, newest first, and their number. */
  async list(
    simulationId: number,
    status: ExecutionStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ records: ExecutionRecord[]; total: number }> {
    const where = status === undefined ? { simulationId } : { simulationId, status };
    const [records, total] = await this.db.run((manager) =>
      manager.getRepository(CatalogExecutionEntity).findAndCount({
        where,
        order: { createdAt: 'DESC', executionId: 'DESC' },
        take: limit,
        skip: offset,
      }),
    );
    return { records: records as ExecutionRecord[], total };
  }

  /** A measured hot path: see catalog.statements.ts. */
  async figures(simulationId: number): Promise<ExecutionFigures> {
    const [row] = await this.db.query<ExecutionFigures>(EXECUTION_STATS, [simulationId]);
    return row;
  }
}
