import { Backend, CacheEntryEntity } from '@simsvc/persistence';
import { FindOptionsWhere, MoreThan, Raw } from 'typeorm';
import { keyPatternSql } from './key-pattern.sql';

/** What `POST /cache/invalidate` and `GET /cache/entries` select entries by (all given must match). */
export interface EntrySelectors {
  simulationId?: number;
  simulationName?: string;
  simulationVersion?: string;
  pattern?: string;
}

/** GET /cache/entries also lists a run's entries (its execution id). */
export interface EntryListSelectors extends EntrySelectors {
  executionId?: string;
}

/**
 * The counters of entries stored with simulation_id 0 or null (sim2l sends `sim_id or 0`), and of
 * misses attributed to no simulation; as a selector, it picks those entries.
 */
export const NO_SIMULATION = 0;

/** The counter an entry's hits and invalidations go to. */
export const counterOf = (simulationId: number | null): number => simulationId ?? NO_SIMULATION;

/** The live entries (at `now`) matching every given selector. */
export function selectorWhere(backend: Backend, now: number, selectors: EntrySelectors): FindOptionsWhere<CacheEntryEntity> {
  const where: FindOptionsWhere<CacheEntryEntity> = { expiresAt: MoreThan(now) };
  const { simulationId, pattern } = selectors;
  if (simulationId !== undefined) where.simulationId = ofSimulation(simulationId);
  if (selectors.simulationName !== undefined) where.simulationName = selectors.simulationName;
  if (selectors.simulationVersion !== undefined) where.simulationVersion = selectors.simulationVersion;
  if (pattern !== undefined) {
    const { condition, params } = keyPatternSql(backend, pattern);
    where.cacheKey = Raw(condition, params);
  }
  return where;
}

/** Entries of a simulation; no simulation covers 0 and NULL. */
function ofSimulation(simulationId: number): FindOptionsWhere<CacheEntryEntity>['simulationId'] {
  if (simulationId !== NO_SIMULATION) return simulationId;
  return Raw((column) => `(${column} = :noSimulation OR ${column} IS NULL)`, { noSimulation: NO_SIMULATION });
}
