import { CACHE_STORE } from '@simsvc/persistence';
import { openTestStore, TestStore } from '@simsvc/persistence/testing';
import { ServiceConfig } from '@simsvc/platform';
import { CacheConfig } from '../cache-config';
import { CacheRepository, StoredEntry } from './cache.repository';
import { NO_SIMULATION } from './entry-selectors';

// The cache store's SQL on this project's backend: hits, misses, expiry, invalidation by selector
// and key pattern, the audit log and the figures, through the repository's public methods.
const NOW = 1_800_000_000_000_000;
const HOUR = 3_600_000_000;

const config = { extra: { defaultTtlHours: 24, anonymousWritesPerMinute: 0, patternTimeLimitMs: 2000 } } as ServiceConfig<CacheConfig>;

function entry(cacheKey: string, changes: Partial<StoredEntry> = {}): StoredEntry {
  return {
    cacheKey,
    simulationId: 7,
    simulationName: 'heat',
    simulationVersion: '1.0',
    executionId: `run-of-${cacheKey}`,
    squidId: 'heat/1.0/abc',
    inputHash: 'abc',
    runDbPath: `/runs/${cacheKey}.db`,
    metadata: null,
    createdAt: NOW,
    expiresAt: NOW + HOUR,
    sizeBytes: 100,
    ...changes,
  };
}

describe('CacheRepository', () => {
  let store: TestStore;
  let repository: CacheRepository;

  beforeEach(async () => {
    store = await openTestStore(CACHE_STORE);
    repository = new CacheRepository(store.db, store.reader, config);
  });
  afterEach(async () => {
    await repository.beforeApplicationShutdown();
    await store.close();
  });

  it('answers a hit with the entry, its hits counted and its access time set', async () => {
    await repository.store(entry('a'));
    await repository.lookup('a', NOW + 1);
    const second = await repository.lookup('a', NOW + 2);
    expect(second).toMatchObject({ cacheKey: 'a', hitCount: 2, lastAccessedAt: NOW + 2, runDbPath: '/runs/a.db' });
    expect(await repository.figures(NOW + 3)).toMatchObject({ entries: 1, hits: 2, misses: 0 });
  });

  it('treats an entry as gone from its expiry time on, and purges it', async () => {
    await repository.store(entry('short', { expiresAt: NOW + 10 }));
    await repository.store(entry('long'));
    expect(await repository.isLive('short', NOW + 9)).toBe(true);
    expect(await repository.lookup('short', NOW + 10)).toBeUndefined();
    expect(await repository.isLive('short', NOW + 10)).toBe(false);
    expect(await repository.liveEntries(NOW + 10)).toBe(1);
    expect(await repository.purgeExpired(NOW + 10)).toBe(1);
    expect(await repository.purgeExpired(NOW + 10)).toBe(0);
    expect(await repository.isLive('long', NOW + 10)).toBe(true);
  });

  it('starts a replaced entry from no hits', async () => {
    await repository.store(entry('a'));
    await repository.lookup('a', NOW + 1);
    await repository.store(entry('a', { runDbPath: '/runs/replaced.db' }));
    expect(await repository.lookup('a', NOW + 2)).toMatchObject({ hitCount: 1, runDbPath: '/runs/replaced.db' });
  });

  it('counts misses per simulation, and the figures of one simulation leave the others out', async () => {
    await repository.store(entry('a'));
    await repository.store(entry('b', { simulationId: 8 }));
    await repository.lookup('absent', NOW + 1, 7);
    await repository.lookup('absent', NOW + 1, 7);
    await repository.lookup('absent', NOW + 1, 8);
    await repository.lookup('b', NOW + 1);
    expect(await repository.figures(NOW + 2, 7)).toEqual({ entries: 1, size_bytes: 100, hits: 0, misses: 2, invalidations: 0 });
    expect(await repository.figures(NOW + 2)).toMatchObject({ entries: 2, hits: 1, misses: 3 });
  });

  // On PostgreSQL the GETs of one event-loop turn are one statement (lookup-batches.ts).
  it('counts every GET of one turn exactly: each hit its own hit_count, each miss its simulation', async () => {
    await repository.store(entry('a'));
    await repository.store(entry('b', { simulationId: 8 }));
    const lookups = [
      ...Array.from({ length: 40 }, () => repository.lookup('a', NOW + 1, 9)),
      ...Array.from({ length: 5 }, () => repository.lookup('b', NOW + 1, 9)),
      ...Array.from({ length: 7 }, () => repository.lookup('absent', NOW + 1, 7)),
      ...Array.from({ length: 3 }, () => repository.lookup('absent', NOW + 1, 8)),
    ];
    const answers = await Promise.all(lookups);
    const hitCounts = (key: string) =>
      answers
        .filter((answer) => answer?.cacheKey === key)
        .map((answer) => answer?.hitCount)
        .sort((x = 0, y = 0) => x - y);
    expect(hitCounts('a')).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(hitCounts('b')).toEqual([1, 2, 3, 4, 5]);
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(10);
    expect(await repository.figures(NOW + 2, 7)).toMatchObject({ hits: 40, misses: 7 });
    expect(await repository.figures(NOW + 2, 8)).toMatchObject({ hits: 5, misses: 3 });
    expect(await repository.figures(NOW + 2, 9)).toMatchObject({ hits: 0, misses: 0 });
    expect(await repository.lookup('a', NOW + 3)).toMatchObject({ hitCount: 41, lastAccessedAt: NOW + 3 });
  });

  it('neither deadlocks nor loses a count when GETs in every key order meet invalidations', async () => {
    const keys = Array.from({ length: 1000 }, (_, index) => `k${String(index).padStart(4, '0')}`);
    for (const key of keys) await repository.store(entry(key, { simulationId: 1 + (key.charCodeAt(4) % 3) }));
    const shuffled = () => keys.filter(() => Math.random() < 0.1).sort(() => Math.random() - 0.5);
    const answers: unknown[] = [];
    const after = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
    // Each turn's lookups are asked for at once: one batch each, several batches in flight.
    const turns = Array.from({ length: 40 }, async (_, turn) => {
      await after(turn % 10);
      answers.push(...(await Promise.all(shuffled().map((key) => repository.lookup(key, NOW + 1, 5)))));
    });
    const invalidations = [1, 2, 3].map(async (simulationId) => {
      await after(3 * simulationId);
      return repository.invalidate({ at: NOW + 1, actor: 'bob', selectors: { simulationId }, reason: null });
    });
    const [removed] = await Promise.all([Promise.all(invalidations), Promise.all(turns)]);
    expect(removed.reduce((sum, count) => sum + count, 0)).toBe(keys.length);
    const hits = answers.filter((answer) => answer !== undefined).length;
    expect(await repository.figures(NOW + 2)).toMatchObject({
      entries: 0,
      hits,
      misses: answers.length - hits,
      invalidations: keys.length,
    });
  });

  it('stores the POSTs of one turn together: of one key the last wins, and a failing one fails alone', async () => {
    // A required column without a value: the DTO refuses it; the store refuses it too.
    const unstorable = { simulationName: null as unknown as string };
    const outcomes = await Promise.allSettled([
      repository.store(entry('a')),
      repository.store(entry('b')),
      repository.store(entry('bad', unstorable)),
      repository.store(entry('a', { runDbPath: '/runs/a2.db' })),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await repository.lookup('a', NOW + 1)).toMatchObject({ runDbPath: '/runs/a2.db', hitCount: 1 });
    expect(await repository.lookup('b', NOW + 1)).toMatchObject({ runDbPath: '/runs/b.db', hitCount: 1 });
    expect(await repository.lookup('bad', NOW + 1)).toBeUndefined();
  });

  it('sizes an entry with its current hit count written out', async () => {
    await repository.store(entry('a', { sizeBytes: 100 }));
    for (let hit = 1; hit <= 10; hit += 1) await repository.lookup('a', NOW + hit);
    // "hit_count":0 became "hit_count":10: one digit more.
    expect((await repository.figures(NOW + 11)).size_bytes).toBe(101);
  });

  it('removes one live entry, counting and auditing it, and refuses an absent or expired one', async () => {
    await repository.store(entry('a'));
    await repository.store(entry('old', { expiresAt: NOW + 1 }));
    const audit = { at: NOW + 5, actor: 'alice', reason: null };
    expect(await repository.removeOne({ ...audit, cacheKey: 'a' })).toBe(true);
    expect(await repository.removeOne({ ...audit, cacheKey: 'a' })).toBe(false);
    expect(await repository.removeOne({ ...audit, cacheKey: 'old' })).toBe(false);
    expect(await repository.figures(NOW + 6, 7)).toMatchObject({ entries: 0, invalidations: 1 });
    const { records, total } = await repository.listInvalidations(10, 0);
    expect(total).toBe(1);
    expect(records[0]).toMatchObject({ actor: 'alice', cacheKey: 'a', invalidatedCount: 1, pattern: null });
  });

  it('invalidates the live entries matching every selector, counting each under its simulation', async () => {
    await repository.store(entry('heat-1'));
    await repository.store(entry('heat-2', { simulationVersion: '2.0' }));
    await repository.store(entry('cold-1', { simulationId: 8, simulationName: 'cold' }));
    await repository.store(entry('heat-expired', { expiresAt: NOW + 1 }));
    const removed = await repository.invalidate({
      at: NOW + 5,
      actor: 'bob',
      selectors: { simulationName: 'heat', simulationVersion: '1.0' },
      reason: 'stale',
    });
    expect(removed).toBe(1);
    expect(await repository.isLive('heat-2', NOW + 5)).toBe(true);
    expect(await repository.isLive('cold-1', NOW + 5)).toBe(true);
    expect((await repository.figures(NOW + 5, 7)).invalidations).toBe(1);
    const [audit] = (await repository.listInvalidations(10, 0)).records;
    expect(audit).toMatchObject({ cacheKey: null, simulationName: 'heat', simulationVersion: '1.0', reason: 'stale', invalidatedCount: 1 });
  });

  it('matches a key pattern with * (and % as sim2l sends it) as the wildcard, everything else literally', async () => {
    for (const key of ['run-1', 'run-22', 'run_3', 'runX4', 'run%5', 'prerun-6']) await repository.store(entry(key));
    const listed = async (pattern: string) =>
      (await repository.list(NOW + 1, { pattern }, 100, 0)).records.map((record) => record.cacheKey).sort();
    expect(await listed('run-*')).toEqual(['run-1', 'run-22']);
    expect(await listed('run_*')).toEqual(['run_3']);
    expect(await listed('run%')).toEqual(['run%5', 'run-1', 'run-22', 'runX4', 'run_3'].sort());
    expect(await listed('run?4')).toEqual([]);
    expect(await listed('*run*')).toHaveLength(6);
    const removed = await repository.invalidate({ at: NOW + 2, actor: 'bob', selectors: { pattern: 'run-*' }, reason: null });
    expect(removed).toBe(2);
    expect(await listed('*')).toEqual(['prerun-6', 'run%5', 'runX4', 'run_3']);
  });

  it('selects the entries of no simulation by 0, whether stored as 0 or as null', async () => {
    await repository.store(entry('zero', { simulationId: 0 }));
    await repository.store(entry('none', { simulationId: null }));
    await repository.store(entry('seven'));
    const removed = await repository.invalidate({ at: NOW + 1, actor: 'bob', selectors: { simulationId: NO_SIMULATION }, reason: null });
    expect(removed).toBe(2);
    expect(await repository.figures(NOW + 1, NO_SIMULATION)).toMatchObject({ invalidations: 2 });
    expect(await repository.liveEntries(NOW + 1)).toBe(1);
  });

  it('lists live entries newest first, a page at a time with the total, by execution id too', async () => {
    for (let n = 1; n <= 5; n += 1) await repository.store(entry(`k${n}`, { createdAt: NOW + n, executionId: n % 2 ? 'odd' : 'even' }));
    await repository.store(entry('expired', { createdAt: NOW + 9, expiresAt: NOW + 10 }));
    const page = await repository.list(NOW + 10, {}, 2, 1);
    expect(page.total).toBe(5);
    expect(page.records.map((record) => record.cacheKey)).toEqual(['k4', 'k3']);
    const odd = await repository.list(NOW + 10, { executionId: 'odd' }, 10, 0);
    expect(odd.records.map((record) => record.cacheKey)).toEqual(['k5', 'k3', 'k1']);
    expect(odd.total).toBe(3);
  });

  it('lists the audit log newest first, a page at a time', async () => {
    for (const key of ['a', 'b', 'c']) {
      await repository.store(entry(key));
      await repository.removeOne({ at: NOW + 1, actor: 'alice', cacheKey: key, reason: null });
    }
    const { records, total } = await repository.listInvalidations(2, 0);
    expect(total).toBe(3);
    expect(records.map((record) => record.cacheKey)).toEqual(['c', 'b']);
  });

  // On SQLite a repeated hit answers from the process's copy of the entry (entry-copies.ts): every
  // change to the entry must reach the next hit, and the counts must stay exact.
  describe('a hit after the entry changed', () => {
    const hitTwice = async (cacheKey: string) => {
      await repository.lookup(cacheKey, NOW + 1);
      return repository.lookup(cacheKey, NOW + 2);
    };

    it('keeps counting across counts written in between, and the store ends up with every hit', async () => {
      await repository.store(entry('a'));
      expect(await hitTwice('a')).toMatchObject({ hitCount: 2 });
      expect(await repository.figures(NOW + 3)).toMatchObject({ hits: 2 });
      expect(await repository.lookup('a', NOW + 4)).toMatchObject({ hitCount: 3, lastAccessedAt: NOW + 4 });
      expect(await repository.figures(NOW + 5)).toMatchObject({ hits: 3 });
      const [listed] = (await repository.list(NOW + 6, {}, 10, 0)).records;
      expect(listed).toMatchObject({ hitCount: 3, lastAccessedAt: NOW + 4 });
    });

    it('answers a hit right after a store as the store holds the entry', async () => {
      const stored = entry('a', { simulationId: null, metadata: '{"n":1}' });
      await repository.store(stored);
      expect(await repository.lookup('a', NOW + 1)).toEqual({ ...stored, hitCount: 1, lastAccessedAt: NOW + 1 });
      const [listed] = (await repository.list(NOW + 2, {}, 10, 0)).records;
      expect(listed).toEqual({ ...stored, hitCount: 1, lastAccessedAt: NOW + 1 });
    });

    it('answers the replacing entry once it is stored', async () => {
      await repository.store(entry('a'));
      await hitTwice('a');
      await repository.store(entry('a', { runDbPath: '/runs/replaced.db', expiresAt: NOW + 2 * HOUR }));
      expect(await repository.lookup('a', NOW + 3)).toMatchObject({
        hitCount: 1,
        runDbPath: '/runs/replaced.db',
        expiresAt: NOW + 2 * HOUR,
      });
    });

    it('misses once the entry is removed, invalidated by a selector or by a pattern, or expired', async () => {
      for (const key of ['removed', 'by-simulation', 'by-pattern', 'short']) {
        const changes = key === 'by-simulation' ? { simulationId: 9 } : key === 'short' ? { expiresAt: NOW + 3 } : {};
        await repository.store(entry(key, changes));
        await hitTwice(key);
      }
      await repository.removeOne({ at: NOW + 2, actor: 'alice', cacheKey: 'removed', reason: null });
      await repository.invalidate({ at: NOW + 2, actor: 'bob', selectors: { simulationId: 9 }, reason: null });
      await repository.invalidate({ at: NOW + 2, actor: 'bob', selectors: { pattern: 'by-pat*' }, reason: null });
      for (const key of ['removed', 'by-simulation', 'by-pattern', 'short']) expect(await repository.lookup(key, NOW + 3)).toBeUndefined();
      expect(await repository.figures(NOW + 3)).toMatchObject({ hits: 8, invalidations: 3 });
    });

    it('answers a copy that cannot be changed by the caller', async () => {
      await repository.store(entry('a'));
      for (const at of [NOW + 1, NOW + 2]) {
        const answered = await repository.lookup('a', at);
        if (answered) answered.runDbPath = '/changed.db';
      }
      expect(await repository.lookup('a', NOW + 3)).toMatchObject({ runDbPath: '/runs/a.db', hitCount: 3 });
    });
  });
});
