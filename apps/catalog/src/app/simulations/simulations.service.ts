import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  DeletedSimulationResponse,
  normalizeTags,
  nowMicros,
  PageQueryDto,
  RegisterSimulationDto,
  SearchSimulationsQueryDto,
  SimulationResponse,
  toSimulationResponse,
  UpdateSimulationDto,
} from '@simsvc/contracts';
import { CatalogMetrics } from '../catalog.metrics';
import { searchTokens, tagFilter } from './search-terms';
import { NewSimulation, newSimulationFrom, provenanceFrom, schemaSides, StoredProvenance } from './simulation-registration';
import { JsonPage, SimulationRecord } from './simulation.record';
import { SimulationsRepository } from './simulations.repository';

export interface ResponsePage<T> {
  items: T[];
  total: number;
}

export const notFound = (what: string) => new NotFoundException(`simulation ${what} not found`);
export const alreadyExists = (simulation: Pick<NewSimulation, 'name' | 'version'>) =>
  new ConflictException(`simulation ${simulation.name} ${simulation.version} already exists`);

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

@Injectable()
export class SimulationsService {
  constructor(
    private readonly repository: SimulationsRepository,
    private readonly metrics: CatalogMetrics,
  ) {}

  async register(body: RegisterSimulationDto): Promise<SimulationResponse> {
    const simulation = newSimulationFrom(body);
    const record = await this.repository.insert(simulation, nowMicros());
    if (!record) throw alreadyExists(simulation);
    this.metrics.simulationsRegistered.inc({ source: 'api' });
    return toSimulationResponse(record);
  }

  search(query: SearchSimulationsQueryDto): Promise<JsonPage> {
    return this.repository.search({
      tokens: searchTokens(query.query),
      tags: tagFilter(query.tags),
      status: query.status === 'all' ? undefined : query.status,
      limit: query.limit,
      offset: query.offset,
    });
  }

  /** One version, or without `version` the latest (highest semantic version, else newest). */
  async get(name: string, version: string | undefined): Promise<SimulationResponse> {
    const record = version === undefined ? await this.repository.findLatest(name) : await this.repository.findVersion(name, version);
    if (!record) throw notFound(version === undefined ? name : `${name} ${version}`);
    return toSimulationResponse(record);
  }

  async versions(name: string, page: PageQueryDto): Promise<JsonPage> {
    const result = await this.repository.listVersions(name, page.limit, page.offset);
    if (result.total === 0) throw notFound(name);
    return result;
  }

  async update(id: number, body: UpdateSimulationDto): Promise<SimulationResponse> {
    const sides = schemaSides(body);
    const record = await this.repository.update(
      id,
      (current) => {
        if (present(body.name) && body.name !== current.name) throw new BadRequestException('name cannot be changed');
        if (present(body.version) && body.version !== current.version) throw new BadRequestException('version cannot be changed');
        return {
          description: body.description ?? current.description,
          author: body.author ?? current.author,
          tags: present(body.tags) ? normalizeTags(body.tags) : (JSON.parse(current.tags) as string[]),
          inputSchema: sides.inputs ? JSON.stringify(sides.inputs) : current.input_schema,
          outputSchema: sides.outputs ? JSON.stringify(sides.outputs) : current.output_schema,
          status: body.status ?? current.status,
          provenance: provenanceFrom(body, storedProvenance(current)),
        };
      },
      nowMicros(),
    );
    if (!record) throw notFound(String(id));
    return toSimulationResponse(record);
  }

  async remove(id: number): Promise<DeletedSimulationResponse> {
    const outcome = await this.repository.delete(id);
    if (outcome.deleted)
      return { status: 'deleted', simulation_id: outcome.deleted.id, name: outcome.deleted.name, version: outcome.deleted.version };
    if (outcome.reason === 'not-found') throw notFound(String(id));
    throw new ConflictException(`simulation ${id} has executions and cannot be deleted`);
  }
}

const storedProvenance = (record: SimulationRecord): StoredProvenance => ({
  installation_id: record.installation_id,
  workflow_type: record.workflow_type,
  workflow_hash: record.workflow_hash,
  workflow_bundle: record.workflow_bundle,
  dependencies: record.dependencies,
  metadata: record.metadata,
  auto_approve: Boolean(record.auto_approve),
});
