import { createSimsvcClient, type SimsvcClient } from '@simsvc/client';
import { ADMIN } from '@simsvc/testing';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CliServices } from './support/cli-services';

jest.setTimeout(180_000);

const SIM = 'demo-beam';
const RUNS = 2000;

/** What the demo leaves in the three services, as an admin sees it. */
async function demoState(client: SimsvcClient) {
  const simulation = await client.catalog.GET('/simulations/{simulation}', {
    params: { path: { simulation: SIM }, query: { version: '1.0.0' } },
  });
  const executions = await client.catalog.raw.GET('/simulations/{id}/executions', {
    params: { path: { id: simulation.id }, query: { limit: 1 } },
  });
  const failedExecutions = await client.catalog.raw.GET('/simulations/{id}/executions', {
    params: { path: { id: simulation.id }, query: { limit: 1, status: 'failed' } },
  });
  const results = await client.results.POST('/search', { body: { simulation_name: SIM, limit: 1 } });
  const failedResults = await client.results.POST('/search', { body: { simulation_name: SIM, status: 'failed', limit: 1 } });
  const first = await client.results.GET('/results/{execution_id}', { params: { path: { execution_id: 'demo-beam-00001' } } });
  const cache = await client.cache.GET('/cache/stats', { params: { query: { simulation_id: simulation.id } } });
  return {
    simulation: { id: simulation.id, input_schema: simulation.input_schema, output_schema: simulation.output_schema },
    executions: Number(executions.response.headers.get('x-total-count')),
    failedExecutions: Number(failedExecutions.response.headers.get('x-total-count')),
    results: results.total,
    failedResults: failedResults.total,
    firstResult: { id: first.id, created_at: first.created_at, outputs: first.output_params, schema: first.schema },
    cache: { entries: cache.total_entries, hits: cache.total_hits, misses: cache.total_misses },
  };
}

describe('simsvc demo', () => {
  let services: CliServices;
  let admin: SimsvcClient;
  let afterFirst: Awaited<ReturnType<typeof demoState>>;

  beforeAll(async () => {
    services = await CliServices.start();
    admin = createSimsvcClient({
      ...{ cacheUrl: services.urls.cache, catalogUrl: services.urls.catalog, resultsUrl: services.urls.results },
    });
    await admin.session.login(ADMIN);
  }, 120_000);
  afterAll(() => services?.close());

  it('without a login: registers the runs and fills the cache under an anonymous session, and says how to add the catalog part', async () => {
    const run = await services.cli(['demo', '--runs', '50', '--runs-dir', 'runs/demo-beam']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('as anonymous');
    expect(run.stdout).toMatch(/may not register it .*simsvc login/);
    expect((await admin.results.POST('/search', { body: { simulation_name: SIM, limit: 1 } })).total).toBe(50);
    const entries = await admin.cache.GET('/cache/entries', { params: { query: { pattern: `${SIM}/*`, limit: 1000 } } });
    expect(entries.total).toBeGreaterThan(40);
    expect(entries.entries.every((entry) => entry.simulation_id === 0)).toBe(true);
    // Its anonymous session was its own, and is revoked: nothing stored.
    expect(existsSync(join(services.configHome, 'simsvc', 'session.json'))).toBe(false);
  });

  it(`logged in: ${RUNS} runs — the simulation with units and bounds, results, executions with failures, cache hits and misses`, async () => {
    await services.loginAdmin();
    const started = Date.now();
    const run = await services.cli(['demo', '--runs-dir', 'runs/demo-beam']);
    const seconds = (Date.now() - started) / 1000;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // Its time is printed, not judged: a timed test fails with the machine's load (66 s beside a
    // second jest worker against ~40 s alone), not with the code.
    console.log(`simsvc demo, ${RUNS} runs: ${seconds.toFixed(1)} s\n${run.stdout}`);
    const lines = run.stdout.trim().split('\n');
    expect(lines.at(-1)?.trim()).toBe('http://127.0.0.1:8000/results?sim=demo-beam&x=input%3Alength&y=output%3Atip_deflection');

    afterFirst = await demoState(admin);
    expect(afterFirst.simulation.input_schema['length']).toMatchObject({ type: 'number', units: 'm', min: 0.5, max: 4 });
    expect(afterFirst.simulation.output_schema['tip_deflection']).toMatchObject({ type: 'number', units: 'mm' });
    expect(afterFirst.executions).toBe(RUNS);
    expect(afterFirst.results).toBe(RUNS);
    expect(afterFirst.failedResults).toBeGreaterThan(10);
    expect(afterFirst.failedResults).toBeLessThan(RUNS / 10);
    expect(afterFirst.failedExecutions).toBe(afterFirst.failedResults);
    expect(afterFirst.firstResult.schema?.inputs?.['length']).toMatchObject({ units: 'm', min: 0.5, max: 4 });
    expect(afterFirst.cache.entries).toBe(RUNS - afterFirst.failedResults);
    expect(afterFirst.cache.hits).toBeGreaterThan(RUNS / 5);
    expect(afterFirst.cache.misses).toBeGreaterThan(RUNS / 20);
    // The outputs follow from the inputs: deflection = P L³ / (3 E I), here for run 1 (aluminium).
    const hit = await admin.results.GET('/results/{execution_id}', { params: { path: { execution_id: 'demo-beam-00001' } } });
    const { length, load, height, width } = hit.input_params as Record<string, number>;
    const expected = ((load * length ** 3) / ((3 * 69e9 * ((width / 1000) * (height / 1000) ** 3)) / 12)) * 1000;
    expect(hit.output_params['tip_deflection']).toBeCloseTo(expected, 3);
  });

  it('run again: exit 0 and the same state, counts and hit statistics included', async () => {
    const run = await services.cli(['demo', '--runs-dir', 'runs/demo-beam']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('already registered');
    expect(run.stdout).toContain(`0 executions recorded, ${RUNS} there already`);
    expect(run.stdout).toContain('cache: 0 entries stored, 0 hits and 0 misses');
    expect(await demoState(admin)).toEqual(afterFirst);
  });

  it('--json: one document ending with the console URL', async () => {
    const run = await services.cli([
      '--json',
      'demo',
      '--runs',
      '20',
      '--runs-dir',
      'runs/demo-beam',
      '--console-url',
      'http://console.example:9000/',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      simulation_name: SIM,
      runs: 20,
      executions_recorded: 0,
      console_url: 'http://console.example:9000/results?sim=demo-beam&x=input%3Alength&y=output%3Atip_deflection',
    });
  });

  it('run databases the results service cannot read: exit 1, saying where they were and what to do', async () => {
    const run = await services.cli(['demo', '--runs', '5', '--runs-dir', 'outside/demo-beam']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`cannot read the run databases in ${join(services.sandbox, 'outside', 'demo-beam')} (403`);
    expect(run.stderr).toContain('--runs-root');
  });

  it('--runs out of range is a usage error', async () => {
    const run = await services.cli(['demo', '--runs', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--runs');
  });
});
