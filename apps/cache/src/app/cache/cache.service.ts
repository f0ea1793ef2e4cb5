import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { actorName, SessionPrincipal } from '@simsvc/auth';
import {
  CacheEntriesPage,
  CacheEntryResponse,
  CacheStatsResponse,
  formatTimestamp,
  InvalidateDto,
  InvalidateResponse,
  InvalidationsPage,
  ListEntriesQueryDto,
  nowMicros,
  PageQueryDto,
  StoreEntryDto,
  StoreEntryResponse,
} from '@simsvc/contracts';
import { SERVICE_CONFIG, ServiceConfig } from '@simsvc/platform';
import { CacheConfig } from '../cache-config';
import { serializedSize, toEntryResponse, toListItem } from './cache-entry.record';
import { CacheMetrics } from './cache.metrics';
import { CacheRepository, EntrySelectors, InvalidationRecord, NO_SIMULATION } from './cache.repository';

const MICROS_PER_SECOND = 1_000_000;
const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

@Injectable()
export class CacheService {
  constructor(
    private readonly repository: CacheRepository,
    private readonly metrics: CacheMetrics,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig<CacheConfig>,
  ) {}

  async store(entry: StoreEntryDto): Promise<StoreEntryResponse> {
    const ttlSeconds = entry.ttl_seconds ?? (entry.ttl_hours ?? this.config.extra.defaultTtlHours) * 3600;
    const createdAt = nowMicros();
    const record = {
      cache_key: entry.cache_key,
      simulation_id: entry.simulation_id,
      simulation_name: entry.simulation_name,
      simulation_version: entry.simulation_version,
      execution_id: entry.execution_id,
      squid_id: entry.squid_id,
      input_hash: entry.input_hash,
      run_db_path: entry.run_db_path,
      metadata: present(entry.metadata) ? JSON.stringify(entry.metadata) : null,
      created_at: createdAt,
      // Live while now < expires_at: a TTL of 0 (sim2l's tests use it) expires the entry at once.
      expires_at: createdAt + Math.round(ttlSeconds * MICROS_PER_SECOND),
    };
    const sizeBytes = serializedSize(toEntryResponse({ ...record, hit_count: 0, last_accessed_at: null, size_bytes: 0 }));
    await this.repository.store({ ...record, size_bytes: sizeBytes });
    return { success: true, cache_key: entry.cache_key };
  }

  /** A hit returns the entry (its hit counted); a miss is counted and answered 404. */
  async retrieve(cacheKey: string, simulationId: number | undefined): Promise<CacheEntryResponse> {
    const record = await this.repository.hit(cacheKey, nowMicros());
    if (record) {
      this.metrics.hits.inc();
      return toEntryResponse(record);
    }
    await this.repository.countMiss(simulationId ?? NO_SIMULATION);
    this.metrics.misses.inc();
    throw new NotFoundException({ message: 'cache miss', cache_key: cacheKey });
  }

  async exists(cacheKey: string): Promise<boolean> {
    return this.repository.isLive(cacheKey, nowMicros());
  }

  async remove(cacheKey: string, session: SessionPrincipal | undefined): Promise<StoreEntryResponse> {
    const removed = await this.repository.removeOne({ at: nowMicros(), actor: actorName(session), cacheKey, reason: null });
    if (!removed) throw new NotFoundException({ message: 'cache entry not found', cache_key: cacheKey });
    this.metrics.invalidations.inc();
    return { success: true, cache_key: cacheKey };
  }

  async invalidate(request: InvalidateDto, session: SessionPrincipal | undefined): Promise<InvalidateResponse> {
    const selectors = selectorsOf(request);
    if (Object.keys(selectors).length === 0) {
      throw new BadRequestException('give at least one of simulation_id, simulation_name, simulation_version, pattern');
    }
    const count = await this.repository.invalidate({
      at: nowMicros(),
      actor: actorName(session),
      selectors,
      reason: request.reason ?? null,
    });
    this.metrics.invalidations.inc(count);
    return { success: true, invalidated_count: count };
  }

  async stats(simulationId: number | undefined): Promise<CacheStatsResponse> {
    const figures = await this.repository.figures(nowMicros(), simulationId);
    const lookups = figures.hits + figures.misses;
    return {
      total_entries: figures.entries,
      total_hits: figures.hits,
      total_misses: figures.misses,
      hit_rate: lookups === 0 ? 0 : figures.hits / lookups,
      total_size_bytes: figures.size_bytes,
      invalidation_count: figures.invalidations,
    };
  }

  async entries(query: ListEntriesQueryDto): Promise<CacheEntriesPage> {
    const selectors = selectorsOf(query);
    const { records, total } = await this.repository.list(nowMicros(), selectors, query.limit, query.offset);
    return { entries: records.map(toListItem), total, limit: query.limit, offset: query.offset };
  }

  async invalidations(page: PageQueryDto): Promise<InvalidationsPage> {
    const { records, total } = await this.repository.listInvalidations(page.limit, page.offset);
    return { invalidations: records.map(toAuditItem), total, limit: page.limit, offset: page.offset };
  }
}

function selectorsOf(source: {
  simulation_id?: number | null;
  simulation_name?: string | null;
  simulation_version?: string | null;
  pattern?: string | null;
}): EntrySelectors {
  const selectors: EntrySelectors = {};
  if (present(source.simulation_id)) selectors.simulationId = source.simulation_id;
  if (present(source.simulation_name)) selectors.simulationName = source.simulation_name;
  if (present(source.simulation_version)) selectors.simulationVersion = source.simulation_version;
  if (present(source.pattern)) selectors.pattern = source.pattern;
  return selectors;
}

function toAuditItem(record: InvalidationRecord) {
  const common = { at: formatTimestamp(record.at), by: record.actor };
  const outcome = { reason: record.reason, invalidated_count: record.invalidated_count };
  if (record.cache_key !== null) return { ...common, cache_key: record.cache_key, ...outcome };
  return {
    ...common,
    simulation_id: record.simulation_id,
    simulation_name: record.simulation_name,
    simulation_version: record.simulation_version,
    pattern: record.pattern,
    ...outcome,
  };
}
