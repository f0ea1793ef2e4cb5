import { ADMIN, makeRunFixture, writeRunDatabase } from '@simsvc/testing';
import { openAsBlob, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  attachmentName,
  downloadRunDatabase,
  exportResults,
  uploadRunDatabase,
  type CacheSchema,
  type CatalogSchema,
  createSimsvcClient,
  type ResultsSchema,
  type SimsvcClient,
  SimsvcError,
  SimsvcUnreachableError,
} from '../src';
import { closedPortUrl } from './support/recording-server';
import { SimsvcProcesses } from './support/simsvc-processes';

// The client against the three real services (built, as child processes) on the project's
// backend: the daily flow, typed, and the errors as the services send them.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}-${process.pid}`;

function makeEntry(overrides: Partial<CacheSchema<'StoreEntryDto'>> = {}): CacheSchema<'StoreEntryDto'> {
  const id = unique('exec');
  return {
    cache_key: `heat-1d/1.0.0/${id}`,
    simulation_id: 7,
    simulation_name: 'heat-1d',
    simulation_version: '1.0.0',
    execution_id: id,
    squid_id: `heat-1d/r1/${id}`,
    input_hash: `hash-${id}`,
    run_db_path: `/runs/${id}.db`,
    metadata: { cores: 4 },
    ...overrides,
  };
}

/** The rejection of a call that must fail. */
async function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );
}

describe('@simsvc/client against the services', () => {
  let services: SimsvcProcesses;
  let client: SimsvcClient;

  beforeAll(async () => {
    services = await SimsvcProcesses.start();
    client = createSimsvcClient(services.urls);
    await client.session.login(ADMIN);
  }, 120_000);
  afterAll(() => services?.stop());

  describe('session', () => {
    it('logs in and shares the session with every service', async () => {
      const fresh = createSimsvcClient(services.urls);
      const login: CacheSchema<'SessionTokenDto'> = await fresh.session.login({ ...ADMIN, lifetime_hours: 1 });
      expect(login).toMatchObject({ username: ADMIN.username, role: 'admin', session_id: login.token });
      expect(fresh.sessionId).toBe(login.token);
      const whoami: CacheSchema<'SessionInfoDto'> = await fresh.session.current();
      expect(whoami).toMatchObject({ valid: true, username: ADMIN.username, role: 'admin' });
      await expect(fresh.catalog.GET('/session')).resolves.toMatchObject({ username: ADMIN.username });
      await expect(fresh.results.GET('/session')).resolves.toMatchObject({ username: ADMIN.username });
    });

    it('refreshes to a new token that works, then logs out: the token is refused afterwards', async () => {
      const fresh = createSimsvcClient(services.urls);
      await fresh.session.login(ADMIN);
      const refreshed = await fresh.session.refresh();
      expect(fresh.sessionId).toBe(refreshed.token);
      await expect(fresh.session.current()).resolves.toMatchObject({ valid: true });

      await fresh.session.logout();
      expect(fresh.sessionId).toBeUndefined();
      const refused = await rejectionOf(createSimsvcClient({ ...services.urls, session: refreshed.token }).cache.GET('/session'));
      expect(refused).toBeInstanceOf(SimsvcError);
      expect(refused).toMatchObject({ status: 401 });
    });

    it('opens an anonymous session with the anonymous privileges', async () => {
      const anonymous = createSimsvcClient(services.urls);
      const session = await anonymous.session.anonymous();
      expect(session).toMatchObject({ username: null, role: 'anonymous', privileges: expect.arrayContaining(['read_cache']) });
      await expect(anonymous.cache.GET('/cache/stats')).resolves.toEqual(expect.objectContaining({}));
    });
  });

  describe('cache', () => {
    it('stores, reads, checks and deletes an entry', async () => {
      const entry = makeEntry();
      const path = { cache_key: entry.cache_key };
      const stored: CacheSchema<'StoreEntryResponse'> = await client.cache.POST('/cache', { body: entry });
      expect(stored).toEqual({ success: true, cache_key: entry.cache_key });

      const read: CacheSchema<'CacheEntryResponse'> = await client.cache.GET('/cache/{cache_key}', { params: { path } });
      expect(read).toMatchObject({ cache_key: entry.cache_key, execution_id: entry.execution_id, hit_count: 1, metadata: { cores: 4 } });
      await expect(client.cache.HEAD('/cache/{cache_key}', { params: { path } })).resolves.toBeUndefined();

      await client.cache.DELETE('/cache/{cache_key}', { params: { path } });
      const miss = await rejectionOf(client.cache.GET('/cache/{cache_key}', { params: { path } }));
      expect(miss).toBeInstanceOf(SimsvcError);
      expect(miss).toMatchObject({
        status: 404,
        body: { statusCode: 404, cache_key: entry.cache_key },
        requestId: expect.stringMatching(UUID),
      });
    });

    it('reads the statistics of one simulation', async () => {
      await client.cache.POST('/cache', { body: makeEntry({ simulation_id: 4242 }) });
      const stats: CacheSchema<'CacheStatsResponse'> = await client.cache.GET('/cache/stats', {
        params: { query: { simulation_id: 4242 } },
      });
      expect(stats).toMatchObject({ total_entries: 1 });
    });
  });

  describe('catalog', () => {
    it('registers a simulation and finds it by a word of its description', async () => {
      const name = unique('heat');
      const registered: CatalogSchema<'SimulationResponse'> = await client.catalog.POST('/simulations', {
        body: { name, version: '1.0.0', description: 'Clientside conduction in a rod', tags: ['heat', 'client-e2e'] },
      });
      expect(registered).toMatchObject({ id: expect.any(Number), name, version: '1.0.0', tags: ['heat', 'client-e2e'] });

      const found: CatalogSchema<'SimulationResponse'>[] = await client.catalog.GET('/simulations/search', {
        params: { query: { query: 'clientside', tags: 'client-e2e' } },
      });
      expect(found.map((simulation) => simulation.name)).toEqual([name]);
      await expect(client.catalog.GET('/simulations/{simulation}', { params: { path: { simulation: name } } })).resolves.toMatchObject({
        id: registered.id,
      });
    });
  });

  describe('results', () => {
    it('registers a run database of the runs root and finds it by its inputs', async () => {
      const simulation = unique('client-sim');
      const run = makeRunFixture({ simulation_name: simulation });
      writeRunDatabase(join(services.runsRoot, `${run.execution_id}.db`), run);

      const registered: ResultsSchema<'RegisterResultResponse'> = await client.results.POST('/register', {
        body: { execution_id: run.execution_id, run_db_path: `${run.execution_id}.db` },
      });
      expect(registered).toMatchObject({ success: true, execution_id: run.execution_id });

      const found: ResultsSchema<'SearchResultsResponse'> = await client.results.POST('/search', { body: { simulation_name: simulation } });
      expect(found).toMatchObject({ total: 1, count: 1, results: [{ execution_id: run.execution_id, simulation_name: simulation }] });
      await expect(
        client.results.GET('/results/{execution_id}', { params: { path: { execution_id: run.execution_id } } }),
      ).resolves.toMatchObject({ execution_id: run.execution_id, simulation_name: simulation });
    });

    it('registers inline results and searches with a filter', async () => {
      const simulation = unique('client-direct');
      for (const [index, length] of [1, 2, 3].entries()) {
        await client.results.POST('/register_direct', {
          body: {
            execution_id: unique(`direct-${index}`),
            simulation_name: simulation,
            simulation_version: '1.0.0',
            status: 'completed',
            input_params: { length },
            output_params: { max_temperature: 300 + length },
          },
        });
      }
      const found = await client.results.POST('/search', { body: { simulation_name: simulation, input_filters: { length: { $gte: 2 } } } });
      expect(found.total).toBe(2);
      expect(found.results.map((hit) => hit.input_params['length']).sort()).toEqual([2, 3]);
    });

    it('uploads a run database from outside the runs root and downloads it byte for byte', async () => {
      const run = makeRunFixture({ simulation_name: unique('client-upload') });
      const file = join(services.runsRoot, '..', `${run.execution_id}.db`);
      writeRunDatabase(file, run);
      const registered = await uploadRunDatabase(client.results, await openAsBlob(file), run.execution_id);
      expect(registered).toMatchObject({ success: true, execution_id: run.execution_id, input_count: 2, output_count: 2 });

      const response = await downloadRunDatabase(client.results, run.execution_id);
      expect(attachmentName(response)).toBe(`${run.execution_id}.db`);
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(file))).toBe(true);
      await expect(downloadRunDatabase(client.results, unique('missing'))).rejects.toMatchObject({ status: 404 });
    });

    it('exports the runs of a search as a streamed file, and throws SimsvcError for a refused body', async () => {
      const simulation = unique('client-export');
      for (const length of [1, 2, 3]) {
        await client.results.POST('/register_direct', {
          body: {
            execution_id: unique('export'),
            simulation_name: simulation,
            simulation_version: '1.0.0',
            status: 'completed',
            input_params: { length },
            output_params: {},
          },
        });
      }
      const response = await exportResults(client.results, {
        simulation_name: simulation,
        order_by: [{ class: 'input', name: 'length', direction: 'desc' }],
        format: 'jsonl',
      });
      expect(attachmentName(response)).toMatch(new RegExp(`^${simulation}-\\d{4}-\\d{2}-\\d{2}\\.jsonl$`));
      const lines = (await response.text()).trim().split('\n');
      expect(lines.map((line) => JSON.parse(line).input_params.length)).toEqual([3, 2, 1]);

      const refused = await rejectionOf(exportResults(client.results, { simulation_name: simulation, format: 'xml' as 'csv' }));
      expect(refused).toBeInstanceOf(SimsvcError);
      expect(refused).toMatchObject({ status: 400, message: 'format must be one of csv, jsonl' });
    });
  });

  describe('errors', () => {
    it('throws SimsvcError with the status, message, details and request id the service sent', async () => {
      const error = await rejectionOf(
        client.cache.POST('/cache', { body: makeEntry({ ttl_hours: -1 }), headers: { 'X-Request-ID': 'client-e2e-bad-ttl' } }),
      );
      expect(error).toBeInstanceOf(SimsvcError);
      expect(error).toMatchObject({
        name: 'SimsvcError',
        status: 400,
        message: expect.stringContaining('ttl_hours'),
        details: expect.arrayContaining([expect.stringContaining('ttl_hours')]),
        requestId: 'client-e2e-bad-ttl',
        method: 'POST',
        url: `${services.url('cache')}/cache`,
      });
    });

    it('refuses a call without a session (401) and one lacking a privilege (403)', async () => {
      const noSession = await rejectionOf(createSimsvcClient(services.urls).results.POST('/search', { body: {} }));
      expect(noSession).toMatchObject({ status: 401, message: expect.any(String), requestId: expect.stringMatching(UUID) });

      const anonymous = createSimsvcClient(services.urls);
      await anonymous.session.anonymous();
      const forbidden = await rejectionOf(anonymous.catalog.POST('/simulations', { body: { name: unique('nope'), version: '1.0.0' } }));
      expect(forbidden).toMatchObject({ status: 403, message: expect.stringContaining('register_simulation') });
    });

    it('throws SimsvcUnreachableError for a port nothing listens on', async () => {
      const url = await closedPortUrl();
      const error = await rejectionOf(createSimsvcClient({ ...services.urls, catalogUrl: url }).catalog.GET('/health'));
      expect(error).toBeInstanceOf(SimsvcUnreachableError);
      expect(error).toMatchObject({ url: `${url}/health`, message: `cannot reach ${url}: ECONNREFUSED` });
    });
  });
});
