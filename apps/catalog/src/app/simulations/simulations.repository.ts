import { Injectable } from '@nestjs/common';
import { simulationDocument, SimulationStatus } from '@simsvc/contracts';
import {
  CATALOG_STORE,
  CatalogExecutionEntity,
  CatalogSimulationEntity,
  InjectStoreDatabase,
  isForeignKeyViolation,
  StoreDatabase,
} from '@simsvc/persistence';
import { EntityManager, FindOptionsSelect } from 'typeorm';
import { ATTACH_EXECUTIONS, LATEST_SIMULATION, REGISTER_SIMULATION } from '../catalog.statements';
import { SearchIndexRepository } from './search-index.repository';
import { searchWords } from './search-terms';
import { SimulationExists, SimulationHasExecutions, SimulationNotFound } from './simulation.errors';
import { provenanceColumns, SimulationRecord, storedSimulation } from './simulation.record';
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

/** Every column but the document, which only pages read. */
const RECORD_COLUMNS = Object.fromEntries(
  [
    'id',
    'name',
    'version',
    'versionSortKey',
    'status',
    'createdAt',
    'updatedAt',
    'author',
    'description',
    'tags',
    'inputSchema',
    'outputSchema',
    'installationId',
    'workflowType',
    'workflowHash',
    'workflowBundle',
    'dependencies',
    'metadata',
    'autoApprove',
    'visibility',
    'license',
  ].map((column) => [column, true]),
) as FindOptionsSelect<CatalogSimulationEntity>;

/** Registration, reads, updates and deletion of catalog_simulations; the search index follows each change. */
@Injectable()
export class SimulationsRepository {
  constructor(
    @InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase,
    private readonly searchIndex: SearchIndexRepository,
  ) {}

  /**
   * Registers a simulation in a transaction of its own; SimulationExists when (name, version) is
   * taken. The search words are added to the vocabulary first, on their own: concurrent
   * registrations sharing a new word then do not wait for each other's whole transaction.
   */
  async register(simulation: NewSimulation, now: number): Promise<SimulationRecord> {
    const words = searchWords(simulation.name, simulation.description, simulation.tags);
    await this.db.run((m) => this.searchIndex.addWords(m, words));
    return this.db.transaction((m) => this.insertWithWords(m, simulation, now, words));
  }

  /** Registers a simulation in `manager`'s transaction; SimulationExists when (name, version) is taken. */
  async insert(manager: EntityManager, simulation: NewSimulation, now: number): Promise<SimulationRecord> {
    const words = searchWords(simulation.name, simulation.description, simulation.tags);
    await this.searchIndex.addWords(manager, words);
    return this.insertWithWords(manager, simulation, now, words);
  }

  /** Named statements: registration is a measured path (catalog.statements.ts). */
  private async insertWithWords(
    m: EntityManager,
    simulation: NewSimulation,
    now: number,
    words: readonly string[],
  ): Promise<SimulationRecord> {
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
    const document = simulationDocument(storedSimulation({ ...row, id: 0 }));
    // No row: (name, version) is taken (on PostgreSQL possibly by a registration that committed after this one began).
    const [inserted] = await this.db.query<{ id: number }>(
      REGISTER_SIMULATION,
      // prettier-ignore
      [
          row.name, row.version, row.versionSortKey, row.status, now, row.author, row.description, row.tags, row.inputSchema,
          row.outputSchema, document, row.installationId, row.workflowType, row.workflowHash, row.workflowBundle,
          row.dependencies, row.metadata, row.autoApprove, row.visibility, row.license,
        ],
      m,
    );
    if (!inserted) throw new SimulationExists(simulation);
    const record: SimulationRecord = { ...row, id: Number(inserted.id) };
    await this.searchIndex.insertTags(m, record.id, simulation.tags);
    await this.searchIndex.addPostings(m, record.id, words);
    await this.db.execute(ATTACH_EXECUTIONS, [record.id, record.name, record.version], m);
    return record;
  }

  /** Whether (name, version) is registered, in `manager`'s transaction. */
  async existsNamed(manager: EntityManager, name: string, version: string): Promise<boolean> {
    return manager.getRepository(CatalogSimulationEntity).existsBy({ name, version });
  }

  async findVersion(name: string, version: string): Promise<SimulationRecord | null> {
    return this.db.run((m) => this.findNamed(name, version, m));
  }

  /** Highest version of a name (a measured hot path: see catalog.statements.ts). */
  async findLatest(name: string): Promise<SimulationRecord | undefined> {
    const [row] = await this.db.query<SimulationRecord>(LATEST_SIMULATION, [name]);
    return row && { ...row, autoApprove: Boolean(row.autoApprove) };
  }

  /**
   * Read-modify-write of one simulation under its row lock (FOR UPDATE on PostgreSQL; SQLite's
   * write transaction is exclusive), so concurrent PATCHes of different fields never lose one.
   * `change` gives the new values (null: none), or throws a domain error to refuse the change.
   */
  async update(id: number, change: (current: SimulationRecord) => SimulationChanges | null, now: number): Promise<SimulationRecord> {
    return this.db.transaction(async (m) => {
      const simulations = m.getRepository(CatalogSimulationEntity);
      const current = await simulations.findOne({
        select: RECORD_COLUMNS,
        where: { id },
        ...(this.db.backend === 'postgresql' ? { lock: { mode: 'pessimistic_write' as const } } : {}),
      });
      if (!current) throw new SimulationNotFound(id);
      const changes = change(current);
      if (!changes) return current;
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
      const { id: _id, name: _name, version: _version, versionSortKey: _key, createdAt: _created, ...columns } = updated;
      await simulations.update({ id }, { ...columns, document: simulationDocument(storedSimulation(updated)), documentOf: now });
      const tagsChanged = current.tags !== updated.tags;
      if (tagsChanged) {
        await this.searchIndex.removeTags(m, id);
        await this.searchIndex.insertTags(m, id, changes.tags);
      }
      if (tagsChanged || changes.description !== current.description) {
        const words = searchWords(current.name, changes.description, changes.tags);
        await this.searchIndex.removePostings(m, id);
        await this.searchIndex.addWords(m, words);
        await this.searchIndex.addPostings(m, id, words);
      }
      return updated;
    });
  }

  /** Deletes a simulation without executions; the foreign key backs this up against an execution recorded concurrently. */
  async delete(id: number): Promise<Pick<SimulationRecord, 'id' | 'name' | 'version'>> {
    return this.db
      .transaction(async (m) => {
        const simulation = await m
          .getRepository(CatalogSimulationEntity)
          .findOne({ select: { id: true, name: true, version: true }, where: { id } });
        if (!simulation) throw new SimulationNotFound(id);
        if (await m.getRepository(CatalogExecutionEntity).existsBy({ simulationId: id })) throw new SimulationHasExecutions(id);
        await m.getRepository(CatalogSimulationEntity).delete({ id });
        return simulation;
      })
      .catch((error: unknown) => {
        throw isForeignKeyViolation(error) ? new SimulationHasExecutions(id) : error;
      });
  }

  private findNamed(name: string, version: string, manager: EntityManager): Promise<SimulationRecord | null> {
    return manager.getRepository(CatalogSimulationEntity).findOne({ select: RECORD_COLUMNS, where: { name, version } });
  }
}
