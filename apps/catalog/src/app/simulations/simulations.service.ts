import { Injectable } from '@nestjs/common';
import {
  DeletedSimulationResponse,
  normalizeTags,
  nowMicros,
  PageQueryDto,
  RegisterSimulationDto,
  SearchSimulationsQueryDto,
  SimulationResponse,
  SimulationStatus,
  toSimulationResponse,
  UpdateSimulationDto,
} from '@simsvc/contracts';
import { CatalogMetrics } from '../catalog.metrics';
import { searchTokens, tagFilter } from './search-terms';
import { SimulationPagesRepository } from './simulation-pages.repository';
import { SimulationIdentityFixed, SimulationNotFound } from './simulation.errors';
import { newSimulationFrom, provenanceFrom, schemaSides } from './simulation-registration';
import { JsonPage, provenanceOf, storedSimulation } from './simulation.record';
import { SimulationsRepository } from './simulations.repository';

export interface ResponsePage<T> {
  items: T[];
  total: number;
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

@Injectable()
export class SimulationsService {
  constructor(
    private readonly repository: SimulationsRepository,
    private readonly pages: SimulationPagesRepository,
    private readonly metrics: CatalogMetrics,
  ) {}

  async register(body: RegisterSimulationDto): Promise<SimulationResponse> {
    const simulation = newSimulationFrom(body);
    const record = await this.repository.register(simulation, nowMicros());
    this.metrics.simulationsRegistered.inc({ source: 'api' });
    return toSimulationResponse(storedSimulation(record));
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

  /** One version, or without `version` the latest (highest semantic version, else newest). */
  async get(name: string, version: string | undefined): Promise<SimulationResponse> {
    const record = version === undefined ? await this.repository.findLatest(name) : await this.repository.findVersion(name, version);
    if (!record) throw new SimulationNotFound(version === undefined ? name : `${name} ${version}`);
    return toSimulationResponse(storedSimulation(record));
  }

  async versions(name: string, page: PageQueryDto): Promise<JsonPage> {
    const result = await this.pages.versions(name, page.limit, page.offset);
    if (result.total === 0) throw new SimulationNotFound(name);
    return result;
  }

  async update(id: number, body: UpdateSimulationDto): Promise<SimulationResponse> {
    const sides = schemaSides(body);
    const record = await this.repository.update(
      id,
      (current) => {
        if (present(body.name) && body.name !== current.name) throw new SimulationIdentityFixed('name');
        if (present(body.version) && body.version !== current.version) throw new SimulationIdentityFixed('version');
        return {
          description: body.description ?? current.description,
          author: body.author ?? current.author,
          tags: present(body.tags) ? normalizeTags(body.tags) : (JSON.parse(current.tags) as string[]),
          inputSchema: sides.inputs ? JSON.stringify(sides.inputs) : current.inputSchema,
          outputSchema: sides.outputs ? JSON.stringify(sides.outputs) : current.outputSchema,
          status: body.status ?? (current.status as SimulationStatus),
          provenance: provenanceFrom(body, provenanceOf(current)),
        };
      },
      nowMicros(),
    );
    return toSimulationResponse(storedSimulation(record));
  }

  async remove(id: number): Promise<DeletedSimulationResponse> {
    const deleted = await this.repository.delete(id);
    return { status: 'deleted', simulation_id: deleted.id, name: deleted.name, version: deleted.version };
  }
}
