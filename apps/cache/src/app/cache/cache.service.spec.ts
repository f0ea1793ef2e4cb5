import { SessionPrincipal } from '@simsvc/auth';
import { InvalidateDto, StoreEntryDto } from '@simsvc/contracts';
import { CacheEntryEntity, CacheInvalidationEntity } from '@simsvc/persistence';
import { MetricsRegistry, ServiceConfig } from '@simsvc/platform';
import { CacheConfig } from '../cache-config';
import { AnonymousWriteLimit } from './anonymous-write-limit';
import { CacheMetrics } from './cache.metrics';
import { CacheFigures, CacheRepository, InvalidationAudit, StoredEntry } from './cache.repository';
import { CacheService } from './cache.service';
import { EntrySelectors } from './entry-selectors';

// The cache's rules above the store (TTL, selectors and their bounds, miss accounting, the
// figures and the audit log as answered), against an in-memory store that keeps what it is given.
const HOUR_MICROS = 3_600_000_000;

class InMemoryCacheStore {
  readonly entries = new Map<string, CacheEntryEntity>();
  readonly misses: number[] = [];
  readonly invalidations: CacheInvalidationEntity[] = [];
  readonly invalidated: (InvalidationAudit & { selectors: EntrySelectors })[] = [];
  figuresAnswer: CacheFigures = { entries: 0, size_bytes: 0, hits: 0, misses: 0, invalidations: 0 };

  async store(entry: StoredEntry): Promise<void> {
    this.entries.set(entry.cacheKey, { ...entry, hitCount: 0, lastAccessedAt: null });
  }
  async lookup(cacheKey: string, now: number, missedSimulationId: number): Promise<CacheEntryEntity | undefined> {
    const entry = this.entries.get(cacheKey);
    if (!entry || entry.expiresAt <= now) {
      this.misses.push(missedSimulationId);
      return undefined;
    }
    entry.hitCount += 1;
    return { ...entry };
  }
  async removeOne(audit: InvalidationAudit & { cacheKey: string }): Promise<boolean> {
    const entry = this.entries.get(audit.cacheKey);
    if (!entry || entry.expiresAt <= audit.at) return false;
    this.entries.delete(audit.cacheKey);
    return true;
  }
  async invalidate(audit: InvalidationAudit & { selectors: EntrySelectors }): Promise<number> {
    this.invalidated.push(audit);
    return 3;
  }
  async figures(): Promise<CacheFigures> {
    return this.figuresAnswer;
  }
  async listInvalidations(): Promise<{ records: CacheInvalidationEntity[]; total: number }> {
    return { records: this.invalidations, total: this.invalidations.length };
  }
  async liveEntries(): Promise<number> {
    return this.entries.size;
  }
}

const config = { extra: { defaultTtlHours: 24, anonymousWritesPerMinute: 2, patternTimeLimitMs: 2000 } } as ServiceConfig<CacheConfig>;
const anonymous: SessionPrincipal = { sessionId: 's1', username: null, role: 'anonymous', privileges: new Set(), expiresAt: 0 };

const body = (changes: Partial<StoreEntryDto> = {}): StoreEntryDto => ({
  cache_key: 'k',
  simulation_id: 7,
  simulation_name: 'heat',
  simulation_version: '1.0',
  execution_id: 'run-1',
  squid_id: 'heat/1.0/abc',
  input_hash: 'abc',
  run_db_path: '/runs/1.db',
  ...changes,
});

describe('CacheService', () => {
  let store: InMemoryCacheStore;
  let service: CacheService;

  beforeEach(() => {
    store = new InMemoryCacheStore();
    const repository = store as unknown as CacheRepository;
    service = new CacheService(repository, new CacheMetrics(new MetricsRegistry(), repository), new AnonymousWriteLimit(config), config);
  });

  const lifetime = (key = 'k') => {
    const entry = store.entries.get(key)!;
    return entry.expiresAt - entry.createdAt;
  };

  it('gives an entry ttl_seconds when sent, else ttl_hours, else the configured default', async () => {
    await service.store(body({ cache_key: 'seconds', ttl_seconds: 90, ttl_hours: 5 }), undefined);
    await service.store(body({ cache_key: 'hours', ttl_hours: 5 }), undefined);
    await service.store(body({ cache_key: 'default' }), undefined);
    expect(lifetime('seconds')).toBe(90_000_000);
    expect(lifetime('hours')).toBe(5 * HOUR_MICROS);
    expect(lifetime('default')).toBe(24 * HOUR_MICROS);
  });

  it('expires an entry stored with a TTL of 0 at once: the next read is a miss', async () => {
    await service.store(body({ ttl_seconds: 0 }), undefined);
    await expect(service.retrieve('k', undefined)).rejects.toThrow('cache miss');
  });

  it('stores the size of the entry as GET answers it, metadata included', async () => {
    await service.store(body({ cache_key: 'bare' }), undefined);
    await service.store(body({ cache_key: 'with-metadata', metadata: { note: 'x'.repeat(100) } }), undefined);
    const bare = store.entries.get('bare')!;
    expect(bare.metadata).toBeNull();
    expect(bare.sizeBytes).toBe(Buffer.byteLength(await service.retrieve('bare', undefined)));
    expect(store.entries.get('with-metadata')!.sizeBytes - bare.sizeBytes).toBeGreaterThan(100);
  });

  it('answers a hit with the entry and counts a miss under the simulation asked for, or under none', async () => {
    await service.store(body(), undefined);
    expect(JSON.parse(await service.retrieve('k', 7))).toMatchObject({ cache_key: 'k', hit_count: 1, run_db_path: '/runs/1.db' });
    await expect(service.retrieve('absent', 9)).rejects.toThrow('cache miss');
    await expect(service.retrieve('absent', undefined)).rejects.toThrow('cache miss');
    expect(store.misses).toEqual([9, 0]);
  });

  it('refuses the removal of an entry that is not there', async () => {
    await service.store(body(), undefined);
    expect(await service.remove('k', undefined)).toEqual({ success: true, cache_key: 'k' });
    await expect(service.remove('k', undefined)).rejects.toThrow('cache entry not found');
  });

  it('invalidates only by the selectors given, null ones left out, and refuses none at all', async () => {
    const request = { simulation_name: 'heat', simulation_id: null, pattern: null, reason: 'stale' } as InvalidateDto;
    expect(await service.invalidate(request, undefined)).toEqual({ success: true, invalidated_count: 3 });
    expect(store.invalidated[0]).toMatchObject({ actor: 'anonymous', selectors: { simulationName: 'heat' }, reason: 'stale' });
    expect(Object.keys(store.invalidated[0].selectors)).toEqual(['simulationName']);
    await expect(service.invalidate({ simulation_id: null, reason: 'x' } as InvalidateDto, undefined)).rejects.toThrow(
      'give at least one of',
    );
  });

  it('bounds the wildcards of a pattern, counting % as one', async () => {
    const pattern = (wildcards: number) => `a${'*b'.repeat(wildcards - 1)}%`;
    await expect(service.invalidate({ pattern: pattern(8) } as InvalidateDto, undefined)).resolves.toMatchObject({ success: true });
    await expect(service.invalidate({ pattern: pattern(9) } as InvalidateDto, undefined)).rejects.toThrow(
      'pattern has 9 wildcards (* or %); at most 8 are allowed',
    );
  });

  it('answers a hit rate of 0 before any lookup, and hits over lookups after', async () => {
    expect(await service.stats(undefined)).toMatchObject({ total_accesses: 0, hit_rate: 0 });
    store.figuresAnswer = { entries: 2, size_bytes: 10, hits: 3, misses: 1, invalidations: 4 };
    expect(await service.stats(undefined)).toEqual({
      total_entries: 2,
      total_hits: 3,
      total_misses: 1,
      total_accesses: 4,
      hit_rate: 0.75,
      total_size_bytes: 10,
      invalidation_count: 4,
    });
  });

  it('limits the writes of an anonymous session, not those of a user', async () => {
    const user: SessionPrincipal = { ...anonymous, sessionId: 's2', username: 'alice', role: 'user' };
    for (let write = 0; write < 2; write += 1) await service.store(body(), anonymous);
    await expect(service.store(body(), anonymous)).rejects.toThrow('too many cache writes');
    for (let write = 0; write < 3; write += 1) await service.store(body(), user);
  });

  it('answers an audit line of a removed key with the key, and of an invalidation with its selectors', async () => {
    const line = (changes: Partial<CacheInvalidationEntity>): CacheInvalidationEntity => ({
      id: 1,
      at: 1_800_000_000_000_000,
      actor: 'alice',
      cacheKey: null,
      simulationId: null,
      simulationName: null,
      simulationVersion: null,
      pattern: null,
      reason: null,
      invalidatedCount: 1,
      ...changes,
    });
    store.invalidations.push(line({ cacheKey: 'k' }), line({ simulationName: 'heat', pattern: 'a*', invalidatedCount: 2 }));
    const { invalidations } = await service.invalidations({ limit: 10, offset: 0 });
    expect(invalidations[0]).toEqual({ at: expect.any(String), by: 'alice', cache_key: 'k', reason: null, invalidated_count: 1 });
    expect(invalidations[1]).toMatchObject({ simulation_name: 'heat', pattern: 'a*', simulation_id: null, invalidated_count: 2 });
    expect(invalidations[1]).not.toHaveProperty('cache_key');
  });
});
