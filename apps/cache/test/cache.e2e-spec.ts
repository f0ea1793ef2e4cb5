import { useSessions } from '@simsvc/testing';
import { ExpiryPurger } from '../src/app/cache/expiry-purger';
import { entryPath, makeEntry, useCacheService } from './support/cache-test-service';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('cache service', () => {
  const svc = useCacheService();
  const sessions = useSessions(svc, 'user', 'developer');

  const store = (entry: Record<string, unknown>) => svc.http().post('/cache').set('X-Session-ID', sessions.user).send(entry);
  const get = (key: string, query = '') =>
    svc
      .http()
      .get(`${entryPath(key)}${query}`)
      .set('X-Session-ID', sessions.user);
  const stats = async (query = '') => (await svc.http().get(`/cache/stats${query}`).set('X-Session-ID', sessions.user).expect(200)).body;
  const invalidate = (body: Record<string, unknown>) =>
    svc.http().post('/cache/invalidate').set('X-Session-ID', sessions.developer).send(body);

  describe('store and retrieve', () => {
    it('stores an entry and returns it with timestamps, metadata and the hit counted', async () => {
      const entry = makeEntry({ cache_key: 'heat-1d/1.0.0/store-and-get', ttl_hours: 2 });
      await store(entry).expect(200, { success: true, cache_key: entry.cache_key });

      const { body } = await get(entry.cache_key as string).expect(200);
      const { ttl_hours: _ttl, ...fields } = entry;
      expect(body).toEqual({
        ...fields,
        created_at: expect.stringMatching(TIMESTAMP),
        expires_at: expect.stringMatching(TIMESTAMP),
        hit_count: 1,
      });
      const lifetimeMs = Date.parse(`${body.expires_at}Z`) - Date.parse(`${body.created_at}Z`);
      expect(lifetimeMs).toBe(2 * 3600 * 1000);

      const second = await get(entry.cache_key as string).expect(200);
      expect(second.body.hit_count).toBe(2);
    });

    it('keeps slashes and percent-decodes the key exactly once', async () => {
      const key = 'sim/with space/100%/a%2Fb';
      await store(makeEntry({ cache_key: key })).expect(200);
      const { body } = await get(key).expect(200);
      expect(body.cache_key).toBe(key);
      // An encoded slash and a plain one name the same key.
      await store(makeEntry({ cache_key: 'plain/slash' })).expect(200);
      expect((await svc.http().get('/cache/plain%2Fslash').set('X-Session-ID', sessions.user).expect(200)).body.cache_key).toBe(
        'plain/slash',
      );
    });

    it('defaults the TTL to 24 hours and metadata to null; accepts explicit nulls', async () => {
      const entry = makeEntry({ ttl_hours: null, metadata: null });
      await store(entry).expect(200);
      const { body } = await get(entry.cache_key as string).expect(200);
      expect(body.metadata).toBeNull();
      expect(Date.parse(`${body.expires_at}Z`) - Date.parse(`${body.created_at}Z`)).toBe(24 * 3600 * 1000);
    });

    it('accepts ttl_seconds instead of ttl_hours', async () => {
      const { ttl_hours: _ttl, ...entry } = makeEntry();
      await store({ ...entry, ttl_seconds: 90 }).expect(200);
      const { body } = await get(entry.cache_key as string).expect(200);
      expect(Date.parse(`${body.expires_at}Z`) - Date.parse(`${body.created_at}Z`)).toBe(90_000);
    });

    it('replaces an existing key: new timestamps, hit_count back to 0', async () => {
      const entry = makeEntry();
      await store(entry).expect(200);
      const first = (await get(entry.cache_key as string).expect(200)).body;
      await get(entry.cache_key as string).expect(200);
      await sleep(5);
      await store({ ...entry, execution_id: 'exec-replaced' }).expect(200);
      const replaced = (await get(entry.cache_key as string).expect(200)).body;
      expect(replaced.execution_id).toBe('exec-replaced');
      expect(replaced.hit_count).toBe(1);
      expect(replaced.created_at > first.created_at).toBe(true);
    });

    it('answers a miss with 404 "cache miss" and the key', async () => {
      const { body } = await get('no/such/key').expect(404);
      expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: 'cache miss', cache_key: 'no/such/key' });
    });

    it('treats an expired entry as a miss', async () => {
      const { ttl_hours: _ttl, ...entry } = makeEntry({ simulation_id: 4242 });
      await store({ ...entry, ttl_seconds: 0.3 }).expect(200);
      await get(entry.cache_key as string).expect(200);
      await sleep(400);
      await get(entry.cache_key as string).expect(404);
      const figures = await stats('?simulation_id=4242');
      expect(figures.total_entries).toBe(0);
      expect(figures.total_size_bytes).toBe(0);
      await svc
        .http()
        .head(entryPath(entry.cache_key as string))
        .set('X-Session-ID', sessions.user)
        .expect(404);
      expect(await svc.nestApp.get(ExpiryPurger).purge()).toBeGreaterThanOrEqual(1);
    });
  });

  describe('HEAD', () => {
    it('answers 200 or 404 without a body and counts neither hit nor miss', async () => {
      const entry = makeEntry({ simulation_id: 31 });
      await store(entry).expect(200);
      const before = await stats('?simulation_id=31');
      const found = await svc
        .http()
        .head(entryPath(entry.cache_key as string))
        .set('X-Session-ID', sessions.user)
        .expect(200);
      expect(found.text ?? '').toBe('');
      await svc.http().head(entryPath('absent/key')).set('X-Session-ID', sessions.user).expect(404);
      expect(await stats('?simulation_id=31')).toEqual(before);
      expect((await get(entry.cache_key as string).expect(200)).body.hit_count).toBe(1);
    });
  });

  describe('statistics', () => {
    it('counts hits, attributed misses, size and invalidations per simulation', async () => {
      const simulationId = 501;
      const entries = [
        makeEntry({ simulation_id: simulationId }),
        makeEntry({ simulation_id: simulationId, metadata: { note: 'ünïcödé' } }),
      ];
      for (const entry of entries) await store(entry).expect(200);
      await get(entries[0].cache_key as string).expect(200);
      await get(entries[0].cache_key as string).expect(200);
      await get(entries[1].cache_key as string).expect(200);
      await get('missing/for/501', `?simulation_id=${simulationId}`).expect(404);

      const listed = (await svc.http().get(`/cache/entries?simulation_id=${simulationId}`).set('X-Session-ID', sessions.user).expect(200))
        .body;
      const bodies = await Promise.all(entries.map(async (entry) => (await get(entry.cache_key as string)).body));
      // Sizes are of the entries as GET returns them (the GETs above counted one more hit each).
      const expectedSize = bodies.reduce((sum, body) => sum + Buffer.byteLength(JSON.stringify(body), 'utf8'), 0);

      expect(await stats(`?simulation_id=${simulationId}`)).toEqual({
        total_entries: 2,
        total_hits: 5,
        total_misses: 1,
        total_accesses: 6,
        hit_rate: 5 / 6,
        total_size_bytes: expectedSize,
        invalidation_count: 0,
      });
      expect(listed.total).toBe(2);

      await invalidate({ simulation_id: simulationId }).expect(200, { success: true, invalidated_count: 2 });
      const after = await stats(`?simulation_id=${simulationId}`);
      expect(after).toMatchObject({ total_entries: 0, total_hits: 5, total_misses: 1, total_size_bytes: 0, invalidation_count: 2 });
    });

    it('reports hit_rate 0 when there were no lookups', async () => {
      expect(await stats('?simulation_id=999999')).toEqual({
        total_entries: 0,
        total_hits: 0,
        total_misses: 0,
        total_accesses: 0,
        hit_rate: 0,
        total_size_bytes: 0,
        invalidation_count: 0,
      });
    });

    it('totals over every simulation, unattributed misses included', async () => {
      const before = await stats();
      await get('unattributed/miss').expect(404);
      const entry = makeEntry({ simulation_id: 77 });
      await store(entry).expect(200);
      await get(entry.cache_key as string).expect(200);
      const after = await stats();
      expect(after.total_misses).toBe(before.total_misses + 1);
      expect(after.total_hits).toBe(before.total_hits + 1);
      expect(after.total_entries).toBe(before.total_entries + 1);
      expect(after.hit_rate).toBeCloseTo(after.total_hits / (after.total_hits + after.total_misses), 12);
    });

    it('keeps counts exact under concurrent hits on one key', async () => {
      const entry = makeEntry({ simulation_id: 888 });
      await store(entry).expect(200);
      const concurrent = 200;
      const responses = await Promise.all(Array.from({ length: concurrent }, () => get(entry.cache_key as string)));
      expect(responses.every((response) => response.status === 200)).toBe(true);
      const hitCounts = responses.map((response) => response.body.hit_count as number).sort((a, b) => a - b);
      expect(hitCounts).toEqual(Array.from({ length: concurrent }, (_, index) => index + 1));
      expect((await stats('?simulation_id=888')).total_hits).toBe(concurrent);
    });

    it('survives a restart, including hits on entries since removed', async () => {
      const entry = makeEntry({ simulation_id: 321 });
      await store(entry).expect(200);
      await get(entry.cache_key as string).expect(200);
      await get('gone', '?simulation_id=321').expect(404);
      await svc
        .http()
        .delete(entryPath(entry.cache_key as string))
        .set('X-Session-ID', sessions.developer)
        .expect(200);
      const before = await stats('?simulation_id=321');
      await svc.restart();
      expect(await stats('?simulation_id=321')).toEqual(before);
      expect(before).toMatchObject({ total_hits: 1, total_misses: 1, invalidation_count: 1, total_entries: 0 });
    });
  });

  describe('invalidation', () => {
    const seed = async (simulationId: number, keys: string[], extra: Record<string, unknown> = {}) => {
      for (const key of keys) await store(makeEntry({ cache_key: key, simulation_id: simulationId, ...extra })).expect(200);
    };
    const liveKeys = async (simulationId: number) =>
      (
        (await svc.http().get(`/cache/entries?simulation_id=${simulationId}&limit=1000`).set('X-Session-ID', sessions.user).expect(200))
          .body.entries as { cache_key: string }[]
      )
        .map((entry) => entry.cache_key)
        .sort();

    it('matches * and % across slashes and the empty run, everything else (_ included) literally', async () => {
      const keys = ['glob/a', 'glob/a/b/c', 'glob/', 'globx', 'glob%/x', 'glob_/x', 'glob?/x', 'glob[a]/x', 'glob\\/x', 'GLOB/a'];
      await seed(601, keys);
      await invalidate({ simulation_id: 601, pattern: 'glob/*' }).expect(200, { success: true, invalidated_count: 3 });
      expect(await liveKeys(601)).toEqual(['GLOB/a', 'glob%/x', 'glob?/x', 'glob[a]/x', 'glob\\/x', 'glob_/x', 'globx'].sort());

      await invalidate({ simulation_id: 601, pattern: 'glob_/x' }).expect(200, { success: true, invalidated_count: 1 });
      await invalidate({ simulation_id: 601, pattern: 'glob?/x' }).expect(200, { success: true, invalidated_count: 1 });
      await invalidate({ simulation_id: 601, pattern: 'glob[a]/*' }).expect(200, { success: true, invalidated_count: 1 });
      await invalidate({ simulation_id: 601, pattern: 'glob\\/*' }).expect(200, { success: true, invalidated_count: 1 });
      // `%` is a wildcard like `*` (sim2l's client sends SQL LIKE patterns); here it leaves glob%/x only.
      await invalidate({ simulation_id: 601, pattern: 'glob%/*' }).expect(200, { success: true, invalidated_count: 1 });
      expect(await liveKeys(601)).toEqual(['GLOB/a', 'globx']);
      await invalidate({ simulation_id: 601, pattern: '*' }).expect(200, { success: true, invalidated_count: 2 });
    });

    it('requires every given selector to match', async () => {
      await seed(602, ['sel/1', 'sel/2'], { simulation_name: 'solver', simulation_version: '2.0' });
      await seed(603, ['sel/3'], { simulation_name: 'solver', simulation_version: '2.0' });
      await invalidate({ simulation_name: 'solver', simulation_version: '1.0' }).expect(200, { success: true, invalidated_count: 0 });
      await invalidate({ simulation_id: 602, simulation_name: 'solver', pattern: 'sel/*', reason: 'bug fix' }).expect(200, {
        success: true,
        invalidated_count: 2,
      });
      expect(await liveKeys(603)).toEqual(['sel/3']);
      await invalidate({ simulation_name: 'solver', simulation_version: '2.0' }).expect(200, { success: true, invalidated_count: 1 });
    });

    it('counts only live entries', async () => {
      const { ttl_hours: _ttl, ...expiring } = makeEntry({ simulation_id: 604 });
      await store({ ...expiring, ttl_seconds: 0.2 }).expect(200);
      await seed(604, ['live/1']);
      await sleep(300);
      await invalidate({ simulation_id: 604 }).expect(200, { success: true, invalidated_count: 1 });
      expect((await stats('?simulation_id=604')).invalidation_count).toBe(1);
    });

    it('DELETE removes one entry (one invalidation), 404 when absent', async () => {
      const entry = makeEntry({ simulation_id: 605 });
      await store(entry).expect(200);
      await svc
        .http()
        .delete(entryPath(entry.cache_key as string))
        .set('X-Session-ID', sessions.developer)
        .expect(200, { success: true, cache_key: entry.cache_key });
      await get(entry.cache_key as string).expect(404);
      const { body } = await svc
        .http()
        .delete(entryPath(entry.cache_key as string))
        .set('X-Session-ID', sessions.developer)
        .expect(404);
      expect(body).toMatchObject({ statusCode: 404, error: 'Not Found', cache_key: entry.cache_key });
      expect((await stats('?simulation_id=605')).invalidation_count).toBe(1);
    });

    it('keeps an audit log, newest first, naming who invalidated', async () => {
      const entry = makeEntry({ simulation_id: 606 });
      await store(entry).expect(200);
      await svc
        .http()
        .delete(entryPath(entry.cache_key as string))
        .set('X-Session-ID', sessions.developer)
        .expect(200);
      await invalidate({ simulation_id: 606, pattern: 'x/*', reason: 'audit test' }).expect(200);
      const { body } = await svc.http().get('/cache/invalidations?limit=2').set('X-Session-ID', sessions.user).expect(200);
      expect(body.limit).toBe(2);
      expect(body.offset).toBe(0);
      expect(body.total).toBeGreaterThanOrEqual(2);
      expect(body.invalidations[0]).toEqual({
        at: expect.stringMatching(TIMESTAMP),
        by: 'test-developer',
        simulation_id: 606,
        simulation_name: null,
        simulation_version: null,
        pattern: 'x/*',
        reason: 'audit test',
        invalidated_count: 0,
      });
      expect(body.invalidations[1]).toEqual({
        at: expect.stringMatching(TIMESTAMP),
        by: 'test-developer',
        cache_key: entry.cache_key,
        reason: null,
        invalidated_count: 1,
      });
    });
  });

  describe('listing entries', () => {
    it('lists live entries newest first with size and last access, filtered and paged', async () => {
      const keys = ['list/a', 'list/b', 'list/c'];
      for (const key of keys) {
        await store(makeEntry({ cache_key: key, simulation_id: 701, simulation_name: 'lister' })).expect(200);
        await sleep(2);
      }
      await get('list/a').expect(200);
      const page = (await svc.http().get('/cache/entries?simulation_name=lister&limit=2').set('X-Session-ID', sessions.user).expect(200))
        .body;
      expect(page.total).toBe(3);
      expect(page.limit).toBe(2);
      expect(page.offset).toBe(0);
      expect(page.entries.map((entry: { cache_key: string }) => entry.cache_key)).toEqual(['list/c', 'list/b']);
      expect(page.entries[0].last_accessed_at).toBeNull();
      const rest = (
        await svc.http().get('/cache/entries?simulation_name=lister&limit=2&offset=2').set('X-Session-ID', sessions.user).expect(200)
      ).body;
      expect(rest.entries).toHaveLength(1);
      const oldest = rest.entries[0];
      expect(oldest.cache_key).toBe('list/a');
      expect(oldest.hit_count).toBe(1);
      expect(oldest.last_accessed_at).toMatch(TIMESTAMP);
      const { size_bytes, last_accessed_at: _accessed, ...asReturned } = oldest;
      expect(size_bytes).toBe(Buffer.byteLength(JSON.stringify(asReturned), 'utf8'));
      const byPattern = (
        await svc.http().get('/cache/entries?pattern=list/*&simulation_id=701').set('X-Session-ID', sessions.user).expect(200)
      ).body;
      expect(byPattern.total).toBe(3);
    });

    it("lists a run's entries by its execution id", async () => {
      await store(makeEntry({ cache_key: 'run/one', simulation_id: 702, execution_id: 'exec-702-a' })).expect(200);
      await store(makeEntry({ cache_key: 'run/two', simulation_id: 702, execution_id: 'exec-702-a' })).expect(200);
      await store(makeEntry({ cache_key: 'run/other', simulation_id: 702, execution_id: 'exec-702-b' })).expect(200);
      const page = (await svc.http().get('/cache/entries?execution_id=exec-702-a').set('X-Session-ID', sessions.user).expect(200)).body;
      expect(page.total).toBe(2);
      expect(page.entries.map((entry: { cache_key: string }) => entry.cache_key).sort()).toEqual(['run/one', 'run/two']);
      const none = (await svc.http().get('/cache/entries?execution_id=exec-702-z').set('X-Session-ID', sessions.user).expect(200)).body;
      expect(none).toMatchObject({ total: 0, entries: [] });
      await svc
        .http()
        .get(`/cache/entries?execution_id=${'x'.repeat(5000)}`)
        .set('X-Session-ID', sessions.user)
        .expect(400);
    });
  });
});
