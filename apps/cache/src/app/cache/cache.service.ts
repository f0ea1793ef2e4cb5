import { Inject, Injectable } from '@nestjs/common';
import { actorName, SessionPrincipal } from '@simsvc/auth';
import {
  CacheEntriesPage,
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
import { CacheInvalidationEntity } from '@simsvc/persistence';
import { entryJson, serializedSize, toListItem } from './cache-entry.response';
import { AnonymousWriteLimit } from './anonymous-write-limit';
import { CacheError, CacheErrorCode } from './cache.errors';
import { CacheMetrics } from './cache.metrics';
import { CacheRepository } from './cache.repository';
import { EntrySelectors, NO_SIMULATION } from './entry-selectors';
import { MAX_PATTERN_WILDCARDS, wildcardCount } from './glob-pattern';

const MICROS_PER_SECOND = 1_000_000;
const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

@Injectable()
export class CacheService {
  constructor(
    private readonly repository: CacheRepository,
    private readonly metrics: CacheMetrics,
    private readonly anonymousWrites: AnonymousWriteLimit,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig<CacheConfig>,
  ) {}

  async store(entry: StoreEntryDto, session: SessionPrincipal | undefined): Promise<StoreEntryResponse> {
    const ttlSeconds = entry.ttl_seconds ?? (entry.ttl_hours ?? this.config.extra.defaultTtlHours) * 3600;
    const createdAt = nowMicros();
    this.anonymousWrites.take(session, createdAt);
    const stored = {
      cacheKey: entry.cache_key,
      simulationId: entry.simulation_id,
      simulationName: entry.simulation_name,
      simulationVersion: entry.simulation_version,
      executionId: entry.execution_id,
      squidId: entry.squid_id,
      inputHash: entry.input_hash,
      runDbPath: entry.run_db_path,
      metadata: present(entry.metadata) ? JSON.stringify(entry.metadata) : null,
      createdAt,
      // Live while now < expires_at: a TTL of 0 (sim2l's tests use it) expires the entry at once.
      expiresAt: createdAt + Math.round(ttlSeconds * MICROS_PER_SECOND),
    };
    const sizeBytes = serializedSize({ ...stored, hitCount: 0, lastAccessedAt: null, sizeBytes: 0 });
    await this.repository.store({ ...stored, sizeBytes });
    return { success: true, cache_key: entry.cache_key };
  }

  /** A hit returns the entry as JSON text (entryJson), its hit counted; a miss is counted and answered 404. */
  async retrieve(cacheKey: string, simulationId: number | undefined): Promise<string> {
    const entry = await this.repository.lookup(cacheKey, nowMicros(), simulationId ?? NO_SIMULATION);
    if (entry) {
      this.metrics.hits.inc();
      return entryJson(entry);
    }
    this.metrics.misses.inc();
    throw new CacheError(CacheErrorCode.Miss, 'cache miss', { extra: { cache_key: cacheKey } });
  }

  /** Answers nothing when a live entry exists; counts neither hit nor miss. */
  async requireLive(cacheKey: string): Promise<void> {
    // A HEAD answer has no body: the message only sets the Content-Length of the 404.
    if (!(await this.repository.isLive(cacheKey, nowMicros()))) throw new CacheError(CacheErrorCode.EntryNotFound, 'Not Found');
  }

  async remove(cacheKey: string, session: SessionPrincipal | undefined): Promise<StoreEntryResponse> {
    const removed = await this.repository.removeOne({ at: nowMicros(), actor: actorName(session), cacheKey, reason: null });
    if (!removed) throw new CacheError(CacheErrorCode.EntryNotFound, 'cache entry not found', { extra: { cache_key: cacheKey } });
    this.metrics.invalidations.inc();
    return { success: true, cache_key: cacheKey };
  }

  async invalidate(request: InvalidateDto, session: SessionPrincipal | undefined): Promise<InvalidateResponse> {
    const selectors = selectorsOf(request);
    if (Object.keys(selectors).length === 0)
      throw new CacheError(
        CacheErrorCode.NoInvalidationSelector,
        'give at least one of simulation_id, simulation_name, simulation_version, pattern',
      );
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
      total_accesses: lookups,
      hit_rate: lookups === 0 ? 0 : figures.hits / lookups,
      total_size_bytes: figures.size_bytes,
      invalidation_count: figures.invalidations,
    };
  }

  async entries(query: ListEntriesQueryDto): Promise<CacheEntriesPage> {
    const selectors = { ...selectorsOf(query), ...(query.execution_id === undefined ? {} : { executionId: query.execution_id }) };
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
  if (present(source.pattern)) {
    const wildcards = wildcardCount(source.pattern);
    if (wildcards > MAX_PATTERN_WILDCARDS)
      throw new CacheError(
        CacheErrorCode.TooManyPatternWildcards,
        `pattern has ${wildcards} wildcards (* or %); at most ${MAX_PATTERN_WILDCARDS} are allowed`,
      );
    selectors.pattern = source.pattern;
  }
  return selectors;
}

function toAuditItem(invalidation: CacheInvalidationEntity) {
  const common = { at: formatTimestamp(invalidation.at), by: invalidation.actor };
  const outcome = { reason: invalidation.reason, invalidated_count: invalidation.invalidatedCount };
  if (invalidation.cacheKey !== null) return { ...common, cache_key: invalidation.cacheKey, ...outcome };
  return {
    ...common,
    simulation_id: invalidation.simulationId,
    simulation_name: invalidation.simulationName,
    simulation_version: invalidation.simulationVersion,
    pattern: invalidation.pattern,
    ...outcome,
  };
}
