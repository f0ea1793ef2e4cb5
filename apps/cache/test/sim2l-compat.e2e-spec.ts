import { useSessions } from '@simsvc/testing';
import { randomBytes } from 'node:crypto';
import { startCacheService, useCacheService } from './support/cache-test-service';

// The requests sim2l's CacheClient sends (sim2l/database/cache_client.py), field for field, and
// what it needs back (contract §7; docs/compatibility.md). sim2l keys an entry by the run's SQUID
// id (`name/version/hash`) and its executor sends `simulation_id = sim_id or 0`.

const DAY_MS = 24 * 3600 * 1000;

let sequence = 0;

/** CacheClient.set's payload: every key present, `ttl_seconds` and `metadata` null unless given. */
function clientSet(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  const hash = randomBytes(16).toString('hex');
  return {
    cache_key: `heat-1d/1.0.0/${hash}`,
    simulation_id: 0,
    simulation_name: 'heat-1d',
    simulation_version: '1.0.0',
    execution_id: `exec-sim2l-${sequence}-${hash.slice(0, 8)}`,
    squid_id: `heat-1d/1.0.0/${hash}`,
    input_hash: hash,
    run_db_path: `/home/ada/.sim2l/runs/exec-${sequence}.db`,
    ttl_seconds: null,
    metadata: null,
    ...overrides,
  };
}

/** CacheClient.invalidate's payload: all five keys, null where the caller gave nothing. */
function clientInvalidate(selectors: Record<string, unknown>): Record<string, unknown> {
  return { simulation_id: null, simulation_name: null, simulation_version: null, pattern: null, reason: null, ...selectors };
}

describe('sim2l CacheClient compatibility (contract §7)', () => {
  const svc = useCacheService();
  const sessions = useSessions(svc, 'user', 'developer');

  const set = (payload: Record<string, unknown>) => svc.http().post('/cache').set('X-Session-ID', sessions.user).send(payload);
  /** CacheClient.get: the key in the path as it is (requests keeps its slashes). */
  const get = (key: string) => svc.http().get(`/cache/${key}`).set('X-Session-ID', sessions.user);
  const invalidate = (payload: Record<string, unknown>) =>
    svc.http().post('/cache/invalidate').set('X-Session-ID', sessions.developer).send(payload).expect(200);
  /** CacheClient.get_stats: `simulation_id` only when not None. */
  const stats = async (simulationId?: number) => {
    const query = simulationId === undefined ? {} : { simulation_id: simulationId };
    return (await svc.http().get('/cache/stats').query(query).set('X-Session-ID', sessions.user).expect(200)).body;
  };

  it('health_check: GET /health answers 200', async () => {
    await svc.http().get('/health').expect(200);
  });

  it('set with simulation_id 0, ttl_seconds and metadata null: stored with the default TTL, returned as sent', async () => {
    const payload = clientSet();
    await set(payload).expect(200, { success: true, cache_key: payload.cache_key });

    const { body } = await get(payload.cache_key as string).expect(200);
    const { ttl_seconds: _ttl, ...fields } = payload;
    expect(body).toEqual({ ...fields, created_at: expect.any(String), expires_at: expect.any(String), hit_count: 1 });
    // sim2l means "no expiry" by None; simsvc gives such entries the default TTL (24 h here).
    expect(Date.parse(`${body.expires_at}Z`) - Date.parse(`${body.created_at}Z`)).toBe(DAY_MS);
  });

  it('set with simulation_id null: stored, and GET returns null', async () => {
    const payload = clientSet({ simulation_id: null, metadata: { cores: 4, notebook: 'heat.ipynb' } });
    await set(payload).expect(200);
    expect((await get(payload.cache_key as string).expect(200)).body).toMatchObject({
      simulation_id: null,
      metadata: { cores: 4, notebook: 'heat.ipynb' },
    });
  });

  it('set with a simulation and ttl_seconds: returns what the executor needs', async () => {
    const payload = clientSet({ simulation_id: 17, ttl_seconds: 3600 });
    await set(payload).expect(200);
    const { body } = await get(payload.cache_key as string).expect(200);
    expect(body).toMatchObject({ simulation_id: 17, execution_id: payload.execution_id, squid_id: payload.squid_id });
    expect(body.run_db_path).toBe(payload.run_db_path);
    expect(Date.parse(`${body.expires_at}Z`) - Date.parse(`${body.created_at}Z`)).toBe(3600 * 1000);
  });

  it('set with ttl_seconds 0: accepted, and the entry has expired at once (a miss, the client gets None)', async () => {
    const before = await stats();
    const payload = clientSet({ ttl_seconds: 0 });
    await set(payload).expect(200, { success: true, cache_key: payload.cache_key });
    const miss = await get(payload.cache_key as string).expect(404);
    expect(miss.body).toMatchObject({ message: 'cache miss', cache_key: payload.cache_key });
    await svc
      .http()
      .head(`/cache/${payload.cache_key as string}`)
      .set('X-Session-ID', sessions.user)
      .expect(404);
    const after = await stats();
    expect(after.total_entries).toBe(before.total_entries);
    expect(after.total_misses).toBe(before.total_misses + 1);
  });

  it('ttl_seconds 0 replaces a live entry of the same key with one expired at once', async () => {
    const payload = clientSet({ ttl_seconds: 60 });
    await set(payload).expect(200);
    await get(payload.cache_key as string).expect(200);
    await set({ ...payload, ttl_seconds: 0 }).expect(200);
    await get(payload.cache_key as string).expect(404);
  });

  it('entries of no simulation count in the totals only; ?simulation_id=0 gives their own figures', async () => {
    const simulation = 9101;
    const [zero, nothing, attached] = [clientSet(), clientSet({ simulation_id: null }), clientSet({ simulation_id: simulation })];
    const totals = await stats();
    const noSimulation = await stats(0);
    const ofSimulation = await stats(simulation);

    for (const payload of [zero, nothing, attached]) await set(payload).expect(200);
    await get(zero.cache_key as string).expect(200);
    await get(nothing.cache_key as string).expect(200);
    await get(nothing.cache_key as string).expect(200);
    await get('heat-1d/1.0.0/never-stored').expect(404);

    const totalsAfter = await stats();
    expect(totalsAfter.total_entries).toBe(totals.total_entries + 3);
    expect(totalsAfter.total_hits).toBe(totals.total_hits + 3);
    expect(totalsAfter.total_misses).toBe(totals.total_misses + 1);
    // The client's misses name no simulation, so they count under "no simulation" too.
    const noSimulationAfter = await stats(0);
    expect(noSimulationAfter.total_entries).toBe(noSimulation.total_entries + 2);
    expect(noSimulationAfter.total_hits).toBe(noSimulation.total_hits + 3);
    expect(noSimulationAfter.total_misses).toBe(noSimulation.total_misses + 1);
    expect(await stats(simulation)).toEqual({ ...ofSimulation, total_entries: 1, total_size_bytes: expect.any(Number) });

    const listed = await svc
      .http()
      .get('/cache/entries')
      .query({ simulation_id: 0, limit: 1000 })
      .set('X-Session-ID', sessions.user)
      .expect(200);
    const keys = (listed.body.entries as { cache_key: string }[]).map((entry) => entry.cache_key);
    expect(keys).toEqual(expect.arrayContaining([zero.cache_key, nothing.cache_key]));
    expect(keys).not.toContain(attached.cache_key);
  });

  it('invalidate sends every selector, nulls for the absent ones; simulation_id 0 removes the entries of no simulation', async () => {
    const name = `sim2l-invalidate-${sequence}`;
    const entries = [
      clientSet({ simulation_name: name }),
      clientSet({ simulation_name: name, simulation_id: null }),
      clientSet({ simulation_name: name, simulation_id: 9102 }),
    ];
    for (const payload of entries) await set(payload).expect(200);
    const invalidationsBefore = (await stats(0)).invalidation_count;

    const { body } = await invalidate(clientInvalidate({ simulation_id: 0, simulation_name: name, reason: 'new release' }));
    expect(body).toEqual({ success: true, invalidated_count: 2 });
    await get(entries[0].cache_key as string).expect(404);
    await get(entries[1].cache_key as string).expect(404);
    await get(entries[2].cache_key as string).expect(200);
    expect((await stats(0)).invalidation_count).toBe(invalidationsBefore + 2);

    expect((await invalidate(clientInvalidate({ simulation_name: name }))).body).toEqual({ success: true, invalidated_count: 1 });
  });

  it("invalidate by pattern: the docstring's SQL `%` is a wildcard like `*`; `_` matches only itself", async () => {
    const name = `sim2l-pattern-${sequence}`;
    const kept = clientSet({ simulation_name: name, cache_key: `${name}/1_0_0/abc` });
    const removed = clientSet({ simulation_name: name, cache_key: `${name}/1.0.0/abc` });
    await set(kept).expect(200);
    await set(removed).expect(200);

    // sim2l's `_` matches any one character; here it matches an underscore only.
    expect((await invalidate(clientInvalidate({ pattern: `${name}/1_0_0/%` }))).body).toEqual({ success: true, invalidated_count: 1 });
    await get(kept.cache_key as string).expect(404);
    await get(removed.cache_key as string).expect(200);
    expect((await invalidate(clientInvalidate({ pattern: `${name}/%` }))).body).toEqual({ success: true, invalidated_count: 1 });
    await get(removed.cache_key as string).expect(404);
  });

  it('invalidate by pattern: `%` and `*` mix, and `%` counts towards the limit of 8 wildcards', async () => {
    const name = `sim2l-mixed-${sequence}`;
    const payload = clientSet({ simulation_name: name, cache_key: `${name}/1.0.0/abc` });
    await set(payload).expect(200);
    const tooMany = await svc
      .http()
      .post('/cache/invalidate')
      .set('X-Session-ID', sessions.developer)
      .send(clientInvalidate({ pattern: `${name}%%%%%*****` }));
    expect([tooMany.status, tooMany.body.message]).toEqual([400, 'pattern has 10 wildcards (* or %); at most 8 are allowed']);
    await get(payload.cache_key as string).expect(200);
    expect((await invalidate(clientInvalidate({ pattern: `${name}%/*.0/%` }))).body).toEqual({ success: true, invalidated_count: 1 });
  });

  it('invalidate with every selector null is refused with 400 (the client returns -1)', async () => {
    const response = await svc
      .http()
      .post('/cache/invalidate')
      .set('X-Session-ID', sessions.developer)
      .send(clientInvalidate({ reason: 'all' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('give at least one of simulation_id, simulation_name, simulation_version, pattern');
  });

  it('get_stats with and without simulation_id answers the statistics, total_accesses among them', async () => {
    for (const figures of [await stats(), await stats(17), await stats(0)]) {
      expect(Object.keys(figures).sort()).toEqual(
        ['hit_rate', 'invalidation_count', 'total_accesses', 'total_entries', 'total_hits', 'total_misses', 'total_size_bytes'].sort(),
      );
    }
  });

  it('get_stats: total_accesses is hits + misses, as sim2l computes it', async () => {
    const payload = clientSet({ simulation_id: 2308 });
    await set(payload).expect(200);
    const before = await stats();
    await get(payload.cache_key as string).expect(200);
    await get(payload.cache_key as string).expect(200);
    await get(`${payload.cache_key as string}-absent`).expect(404);
    const after = await stats();
    expect(after.total_accesses).toBe(after.total_hits + after.total_misses);
    expect(after.total_accesses - before.total_accesses).toBe(3);
    expect(await stats(2308)).toMatchObject({ total_hits: 2, total_misses: 0, total_accesses: 2 });
  });

  // Issue 23.1: a default sim2l installation asks for the statistics without any X-Session-ID.
  it('get_stats without X-Session-ID: served with the anonymous privileges; a bad session is still 401', async () => {
    for (const query of [{}, { simulation_id: 17 }]) {
      const response = await svc.http().get('/cache/stats').query(query);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ total_entries: expect.any(Number), hit_rate: expect.any(Number) });
    }
    expect((await svc.http().get('/cache/stats').set('X-Session-ID', 'not-a-token')).status).toBe(401);
    // No other route of the cache changes.
    expect((await svc.http().get('/cache/some-key')).status).toBe(401);
    expect((await svc.http().get('/cache/entries')).status).toBe(401);
    const closed = await startCacheService({ env: { SIMSVC_AUTH_ALLOW_ANONYMOUS: 'false' } });
    try {
      expect((await closed.http().get('/cache/stats')).status).toBe(401);
    } finally {
      await closed.close();
    }
  });
});
