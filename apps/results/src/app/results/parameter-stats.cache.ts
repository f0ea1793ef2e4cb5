import { Injectable } from '@nestjs/common';
import { ResultParamClass } from '@simsvc/contracts';
import { LRUCache } from 'lru-cache';
import { ParameterFigures, ParameterFiguresRepository } from './parameter-figures.repository';

const MAX_ENTRIES = 1024;

/**
 * Parameter statistics are one aggregate over every value of the parameter (~100,000 index
 * entries for a large simulation: tens of milliseconds on SQLite, which serves one query at a
 * time). Figures are kept per (simulation, class, parameter) with the revision of the
 * simulation's results they were computed at; every registration or deletion changes that
 * revision in the same transaction, so a cached figure is returned only while it is still exactly
 * what the aggregate would give. The revision lives in the store, so this holds across replicas.
 */
@Injectable()
export class ParameterStatsCache {
  private readonly entries = new LRUCache<string, ParameterFigures>({ max: MAX_ENTRIES });

  constructor(private readonly repository: ParameterFiguresRepository) {}

  async figures(simulationName: string, paramClass: ResultParamClass, name: string): Promise<ParameterFigures> {
    const key = JSON.stringify([simulationName, paramClass, name]);
    const cached = this.entries.get(key);
    if (cached !== undefined && cached.revision === (await this.repository.revision(simulationName))) return cached;
    const figures = await this.repository.parameterFigures(simulationName, paramClass, name);
    if (figures.revision !== null) this.entries.set(key, figures);
    else this.entries.delete(key);
    return figures;
  }
}
