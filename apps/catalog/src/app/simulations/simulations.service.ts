import { Injectable } from '@nestjs/common';
import {
  DeletedSimulationResponse,
  normalizeTags,
  nowMicros,
  PageQueryDto,
  RegisterSimulationDto,
  SearchSimulationsQueryDto,
  SimulationStatus,
  UpdateSimulationDto,
} from '@simsvc/contracts';
import { CATALOG_STORE, InjectStoreDatabase, StoreDatabase } from '@simsvc/persistence';
import { EntityManager } from 'typeorm';
import { CatalogMetrics } from '../catalog.metrics';
import { SearchIndexRepository } from './search-index.repository';
import { searchTokens, tagFilter } from './search-terms';
import { SimulationPagesRepository } from './simulation-pages.repository';
import { SimulationError, SimulationErrorCode, simulationNotFound } from './simulation.errors';
import { NewSimulation, newSimulationFrom, provenanceFrom, schemaSides } from './simulation-registration';
import { JsonPage, provenanceOf, simulationJson, SimulationRecord } from './simulation.record';
import { SimulationsRepository } from './simulations.repository';

export interface ResponsePage<T> {
  items: T[];
  total: number;
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

@Injectable()
export class SimulationsService {
  constructor(
    @InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase,
    private readonly repository: SimulationsRepository,
    private readonly searchIndex: SearchIndexRepository,
    private readonly pages: SimulationPagesRepository,
    private readonly metrics: CatalogMetrics,
  ) {}

  /**
   * Registers a simulation: its response as JSON text (see simulationJson). The words go into the
   * vocabulary first, on their own: concurrent registrations sharing a new word then do not wait
   * for each other's whole transaction. SIMULATION_EXISTS when (name, version) is taken.
   */
  async register(body: RegisterSimulationDto): Promise<string> {
    const simulation = newSimulationFrom(body);
    const now = nowMicros();
    await this.db.run((manager) => this.searchIndex.addWords(manager, simulation));
    const record = await this.db.transaction((manager) => this.insertIndexed(manager, simulation, now));
    this.metrics.simulationsRegistered.inc({ source: 'api' });
    return simulationJson(record);
  }

  /** Registers a simulation and indexes it for search in `manager`'s transaction (the sync queue's). */
  async insert(manager: EntityManager, simulation: NewSimulation, now: number): Promise<SimulationRecord> {
    await this.searchIndex.addWords(manager, simulation);
    return this.insertIndexed(manager, simulation, now);
  }

  /** The row and its postings and tags; its words are in the vocabulary already. */
  private async insertIndexed(manager: EntityManager, simulation: NewSimulation, now: number): Promise<SimulationRecord> {
    const record = await this.repository.insert(manager, simulation, now);
    await this.searchIndex.add(manager, record.id, simulation);
    return record;
  }

  search(query: SearchSimulationsQueryDto): Promise<JsonPage> {
    return this.pages.search({
      tokens: searchTokens(query.query),
      tags: tagFilter(query.tags),
      allTags: tagFilter(query.all_tags),
      status: query.status === 'all' ? undefined : query.status,
      limit: query.limit,
      offset: query.offset,
    });
  }

  /** One version, or without `version` the latest (highest semantic version, else newest), as JSON text. */
  async get(name: string, version: string | undefined): Promise<string> {
    const record = version === undefined ? await this.repository.findLatest(name) : await this.repository.findVersion(name, version);
    if (!record) throw simulationNotFound(version === undefined ? name : `${name} ${version}`);
    return simulationJson(record);
  }

  async versions(name: string, page: PageQueryDto): Promise<JsonPage> {
    const result = await this.pages.versions(name, page.limit, page.offset);
    if (result.total === 0) throw simulationNotFound(name);
    return result;
  }

  /**
   * Read-modify-write of one simulation in one transaction, under its row lock (see
   * findForUpdate), its search index following; the response as JSON text.
   */
  async update(id: number, body: UpdateSimulationDto): Promise<string> {
    const sides = schemaSides(body);
    const now = nowMicros();
    const record = await this.db.transaction(async (manager) => {
      const current = await this.repository.findForUpdate(manager, id);
      if (present(body.name) && body.name !== current.name)
        throw new SimulationError(SimulationErrorCode.IdentityFixed, 'name cannot be changed');
      if (present(body.version) && body.version !== current.version)
        throw new SimulationError(SimulationErrorCode.IdentityFixed, 'version cannot be changed');
      const currentTags = JSON.parse(current.tags) as string[];
      const changes = {
        description: body.description ?? current.description,
        author: body.author ?? current.author,
        tags: present(body.tags) ? normalizeTags(body.tags) : currentTags,
        inputSchema: sides.inputs ? JSON.stringify(sides.inputs) : current.inputSchema,
        outputSchema: sides.outputs ? JSON.stringify(sides.outputs) : current.outputSchema,
        status: body.status ?? (current.status as SimulationStatus),
        provenance: provenanceFrom(body, provenanceOf(current)),
      };
      const updated = await this.repository.update(manager, current, changes, now);
      await this.searchIndex.replace(manager, id, { ...current, tags: currentTags }, { ...updated, tags: changes.tags });
      return updated;
    });
    return simulationJson(record);
  }

  async remove(id: number): Promise<DeletedSimulationResponse> {
    const deleted = await this.repository.delete(id);
    return { status: 'deleted', simulation_id: deleted.id, name: deleted.name, version: deleted.version };
  }
}
