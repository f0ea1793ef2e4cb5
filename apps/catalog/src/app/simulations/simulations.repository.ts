import { Injectable } from '@nestjs/common';
import { SimulationStatus } from '@simsvc/contracts';
import {
  CATALOG_STORE,
  CatalogExecutionEntity,
  CatalogSimulationEntity,
  InjectStoreDatabase,
  isForeignKeyViolation,
  StoreDatabase,
} from '@simsvc/persistence';
import { EntityManager } from 'typeorm';
import { ATTACH_EXECUTIONS, LATEST_SIMULATION, REGISTER_SIMULATION } from '../catalog.statements';
import { SimulationError, SimulationErrorCode, simulationExists, simulationNotFound } from './simulation.errors';
import { provenanceColumns, SimulationRecord } from './simulation.record';
import { NewSimulation, provenanceFrom, StoredProvenance } from './simulation-registration';
import { versionSortKey } from './version-order';

export interface SimulationChanges {
  description: string;
  author: string | null;
  tags: string[];
  inputSchema: string;
  outputSchema: string;
  status: SimulationStatus;
  provenance: StoredProvenance;
}

/** Registration, reads, updates and deletion of catalog_simulations (the search index is SearchIndexRepository's). */
@Injectable()
export class SimulationsRepository {
  constructor(@InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase) {}

  /**
   * Registers a simulation in `manager`'s transaction and attaches the executions recorded for it
   * before; SIMULATION_EXISTS when (name, version) is taken. Named statements: registration is a
   * measured path (catalog.statements.ts).
   */
  async insert(manager: EntityManager, simulation: NewSimulation, now: number): Promise<SimulationRecord> {
    // A queue item stored by a service version without provenance has none.
    const provenance = simulation.provenance ?? provenanceFrom({});
    const row: Omit<SimulationRecord, 'id'> = {
      name: simulation.name,
      version: simulation.version,
      versionSortKey: versionSortKey(simulation.version),
      status: simulation.status,
      createdAt: now,
      updatedAt: now,
      author: simulation.author,
      description: simulation.description,
      tags: JSON.stringify(simulation.tags),
      inputSchema: JSON.stringify(simulation.inputSchema),
      outputSchema: JSON.stringify(simulation.outputSchema),
      ...provenanceColumns(provenance),
    };
    // No row: (name, version) is taken (on PostgreSQL possibly by a registration that committed after this one began).
    const [inserted] = await this.db.query<{ id: number }>(
      REGISTER_SIMULATION,
      // prettier-ignore
      [
        row.name, row.version, row.versionSortKey, row.status, now, row.author, row.description, row.tags, row.inputSchema,
        row.outputSchema, row.installationId, row.workflowType, row.workflowHash, row.workflowBundle, row.dependencies,
        row.metadata, row.autoApprove, row.visibility, row.license,
      ],
      manager,
    );
    if (!inserted) throw simulationExists(simulation);
    const record: SimulationRecord = { ...row, id: Number(inserted.id) };
    await this.db.execute(ATTACH_EXECUTIONS, [record.id, record.name, record.version], manager);
    return record;
  }

  /** Whether (name, version) is registered, in `manager`'s transaction. */
  async existsNamed(manager: EntityManager, name: string, version: string): Promise<boolean> {
    return manager.getRepository(CatalogSimulationEntity).existsBy({ name, version });
  }

  async findVersion(name: string, version: string): Promise<SimulationRecord | null> {
    return this.db.run((m) => m.getRepository(CatalogSimulationEntity).findOneBy({ name, version }));
  }

  /** Highest version of a name (a measured hot path: see catalog.statements.ts). */
  async findLatest(name: string): Promise<SimulationRecord | undefined> {
    const [row] = await this.db.query<SimulationRecord>(LATEST_SIMULATION, [name]);
    return row && { ...row, autoApprove: Boolean(row.autoApprove) };
  }

  /**
   * One simulation under its row lock, in `manager`'s transaction (FOR UPDATE on PostgreSQL;
   * SQLite's write transaction is exclusive), so that concurrent PATCHes of different fields
   * never lose one; SIMULATION_NOT_FOUND when there is none.
   */
  async findForUpdate(manager: EntityManager, id: number): Promise<SimulationRecord> {
    const current = await manager.getRepository(CatalogSimulationEntity).findOne({
      where: { id },
      ...(this.db.backend === 'postgresql' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!current) throw simulationNotFound(id);
    return current;
  }

  /** Writes `changes` to the simulation `current` (read by findForUpdate) in `manager`'s transaction; the record after. */
  async update(manager: EntityManager, current: SimulationRecord, changes: SimulationChanges, now: number): Promise<SimulationRecord> {
    const updated: SimulationRecord = {
      ...current,
      description: changes.description,
      author: changes.author,
      tags: JSON.stringify(changes.tags),
      inputSchema: changes.inputSchema,
      outputSchema: changes.outputSchema,
      status: changes.status,
      updatedAt: now,
      ...provenanceColumns(changes.provenance),
    };
    const { id, name: _name, version: _version, versionSortKey: _key, createdAt: _created, ...columns } = updated;
    await manager.getRepository(CatalogSimulationEntity).update({ id }, columns);
    return updated;
  }

  /** Deletes a simulation without executions; the foreign key backs this up against an execution recorded concurrently. */
  async delete(id: number): Promise<Pick<SimulationRecord, 'id' | 'name' | 'version'>> {
    return this.db
      .transaction(async (m) => {
        const simulation = await m
          .getRepository(CatalogSimulationEntity)
          .findOne({ select: { id: true, name: true, version: true }, where: { id } });
        if (!simulation) throw simulationNotFound(id);
        if (await m.getRepository(CatalogExecutionEntity).existsBy({ simulationId: id })) throw hasExecutions(id);
        await m.getRepository(CatalogSimulationEntity).delete({ id });
        return simulation;
      })
      .catch((error: unknown) => {
        throw isForeignKeyViolation(error) ? hasExecutions(id) : error;
      });
  }
}

const hasExecutions = (id: number): SimulationError =>
  new SimulationError(SimulationErrorCode.HasExecutions, `simulation ${id} has executions and cannot be deleted`);
