import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogTestService, eventually, startCatalogService, uniqueName } from './support/catalog-test-service';

// The requests sim2l's CatalogClient sends (sim2l/database/catalog_client.py), field for field,
// and what it needs back (contract §7; docs/compatibility.md).

const INSTALLATION = 'a1b2c3d4e5f60718';

/** What `Field.to_dict()` writes for sim2l's field classes: class names as types, extra keys, nulls. */
const nativeInputs = {
  length: { type: 'Number', description: 'rod length', units: 'm', min: 0.1, max: 10, default: 1, optional: false, required_if: null },
  steps: { type: 'Integer', min: 1, max: null, default: 100, units: null, optional: true, label: 'free metadata' },
  material: { type: 'Text', default: 'copper', choices: ['copper', 'steel'], maxlen: 32 },
  periodic: { type: 'Boolean', default: false },
  grid: { type: 'Array', dtype: 'float64', shape: [10, 2], default: null },
  probes: { type: 'List', item_type: 'Number', default: [] },
  options: { type: 'Dict', schema: { tolerance: { type: 'Number' } }, default: {} },
  photo: { type: 'Image', description: 'a picture' },
  mesh: { type: 'Element', default: 'tri' },
};

/** CatalogClient.register_simulation's payload (workflow_bundle as its sync builds it). */
function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    installation_id: INSTALLATION,
    name: uniqueName('sim2l'),
    version: '1.0.0',
    description: 'Heat in a rod',
    author: 'Ada',
    tags: ['heat'],
    input_schema: nativeInputs,
    output_schema: { temperature: { type: 'Number', units: 'K' } },
    workflow_type: 'notebook',
    workflow_hash: 'ab'.repeat(32),
    dependencies: [],
    metadata: { origin: 'laptop' },
    auto_approve: false,
    workflow_bundle: {
      format_version: 1,
      workflow_type: 'notebook',
      entrypoint: 'workflow.ipynb',
      files: [{ path: 'workflow.ipynb', encoding: 'base64', content_base64: 'e30=', size_bytes: 2, sha256: 'cd'.repeat(32) }],
    },
    ...overrides,
  };
}

/** CatalogClient.record_execution's payload with its defaults. */
function execution(squidId: string, simulationId: number | null, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    execution_id: uniqueName('run'),
    squid_id: squidId,
    simulation_id: simulationId,
    started_at: '2026-11-24T10:00:00.123456',
    duration_seconds: null,
    status: 'running',
    executor_type: 'local',
    cache_hit: false,
    run_db_path: null,
    input_hash: null,
    output_count: 0,
    artifact_count: 0,
    error_count: 0,
    warning_count: 0,
    ...overrides,
  };
}

describe('sim2l CatalogClient compatibility (contract §7)', () => {
  let svc: CatalogTestService;
  let watchDir: string;
  const as = async (role: 'user' | 'developer' | 'admin') => svc.tokenFor(role);
  const post = async (path: string, body: unknown, role: 'user' | 'developer' | 'admin' = 'developer') =>
    svc
      .http()
      .post(path)
      .set('X-Session-ID', await as(role))
      .send(body as object);
  const get = async (path: string, role: 'user' | 'developer' | 'admin' = 'user') =>
    svc
      .http()
      .get(path)
      .set('X-Session-ID', await as(role));
  const patch = async (id: number, body: unknown) =>
    svc
      .http()
      .patch(`/simulations/${id}`)
      .set('X-Session-ID', await as('developer'))
      .send(body as object);

  beforeAll(async () => {
    watchDir = mkdtempSync(join(tmpdir(), 'catalog-sim2l-'));
    for (const [dir, installation] of [
      ['mine', INSTALLATION],
      ['theirs', 'ffffeeeeddddcccc'],
    ]) {
      mkdirSync(join(watchDir, dir));
      writeFileSync(join(watchDir, dir, 'simulation.json'), JSON.stringify(registration({ installation_id: installation })));
    }
    svc = await startCatalogService({ args: ['--watch-dir', watchDir] });
  });
  afterAll(async () => {
    await svc.close();
    rmSync(watchDir, { recursive: true, force: true });
  });

  it('POST /installations at start-up: 201 with the stored installation, 200 when it reports again; admins list them', async () => {
    const report = {
      installation_id: INSTALLATION,
      hostname: 'laptop',
      platform: 'linux',
      python_version: '3.11.7',
      sim2l_version: '1.4.0',
    };
    const first = await post('/installations', report, 'user');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ...report, reported_by: 'test-user' });
    const again = await post('/installations', { ...report, sim2l_version: '1.5.0' }, 'user');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ sim2l_version: '1.5.0', first_seen_at: first.body.first_seen_at });
    const listed = await get('/installations', 'admin');
    expect(listed.body.installations).toEqual([again.body]);
    expect((await get('/installations', 'user')).status).toBe(403);
  });

  it('registers what register_simulation sends: 201, every field stored and returned, the native schema as sent', async () => {
    const body = registration();
    const { status, body: created } = await post('/simulations', body);
    expect(status).toBe(201);
    expect(created).toMatchObject({ ...body, status: 'active' });
    expect(created.input_schema).toEqual(nativeInputs);
    expect((await get(`/simulations/${body.name as string}?version=1.0.0`)).body).toEqual(created);
  });

  it('accepts null for every optional field, and a map of dependencies', async () => {
    const nulls = Object.fromEntries(
      ['installation_id', 'description', 'author', 'tags', 'input_schema', 'output_schema', 'workflow_type', 'workflow_hash'].map((key) => [
        key,
        null,
      ]),
    );
    const body = registration({ ...nulls, metadata: null, auto_approve: null, workflow_bundle: null, dependencies: { numpy: '>=1.26' } });
    const { status, body: created } = await post('/simulations', body);
    expect(status).toBe(201);
    expect(created).toMatchObject({ installation_id: null, workflow_bundle: null, dependencies: { numpy: '>=1.26' }, auto_approve: false });
  });

  it('answers a duplicate (name, version) with 409, which the client maps to False', async () => {
    const body = registration();
    expect((await post('/simulations', body)).status).toBe(201);
    expect((await post('/simulations', body)).status).toBe(409);
  });

  it('lists every problem of a parameter once', async () => {
    const { status, body } = await post(
      '/simulations',
      registration({ input_schema: { x: { type: 'Float', optional: false, min: 'a' } } }),
    );
    expect(status).toBe(400);
    expect(body.details).toEqual([
      'input_schema.x.type must be one of number, integer, string, boolean, array, object, file, Number, Integer, Text, Element, Boolean, Array, List, Dict, Image',
      'input_schema.x.min must be a number',
    ]);
  });

  it('records executions with their four counts, moving them as the run goes', async () => {
    const simulation = (await post('/simulations', registration())).body;
    const squid = `${simulation.name}/1.0.0/3f2a`;
    const running = execution(squid, simulation.id);
    expect((await post('/executions', running, 'user')).status).toBe(201);
    const done = await post(
      '/executions',
      { ...running, status: 'success', duration_seconds: 2.5, output_count: 3, warning_count: 1 },
      'user',
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', output_count: 3, artifact_count: 0, error_count: 0, warning_count: 1 });
  });

  it('resolves simulation_id null from the squid id of a registered simulation', async () => {
    const simulation = (await post('/simulations', registration())).body;
    const { status, body } = await post('/executions', execution(`${simulation.name}/1.0.0/9e9e`, null), 'user');
    expect(status).toBe(201);
    expect(body.simulation_id).toBe(simulation.id);
  });

  it('keeps an execution of an unregistered simulation unattached, then attaches it when the simulation is registered', async () => {
    const name = uniqueName('later');
    const run = execution(`${name}/2.0.0/77aa`, null, { status: 'completed', duration_seconds: 4 });
    const recorded = await post('/executions', run, 'user');
    expect(recorded.status).toBe(201);
    expect(recorded.body.simulation_id).toBeNull();
    expect((await post('/executions', run, 'user')).status).toBe(200);

    const simulation = (await post('/simulations', registration({ name, version: '2.0.0' }))).body;
    expect((await get(`/executions/${run.execution_id as string}`)).body.simulation_id).toBe(simulation.id);
    expect((await get(`/simulations/${simulation.id}/stats`)).body).toMatchObject({ total_executions: 1, successful: 1, avg_duration: 4 });
  });

  it('search filters by status (active, deprecated, all) after deprecate_simulation', async () => {
    const tag = uniqueName('tag');
    const active = (await post('/simulations', registration({ tags: [tag] }))).body;
    const retired = (await post('/simulations', registration({ tags: [tag] }))).body;
    const deprecated = await patch(retired.id, { status: 'deprecated', metadata: { deprecation_reason: 'superseded' } });
    expect(deprecated.status).toBe(200);
    expect(deprecated.body.metadata).toEqual({ origin: 'laptop', deprecation_reason: 'superseded' });

    const names = async (status: string) =>
      ((await get(`/simulations/search?tags=${tag}&limit=100${status}`)).body as { name: string }[]).map((item) => item.name).sort();
    expect(await names('&status=active')).toEqual([active.name]);
    expect(await names('&status=deprecated')).toEqual([retired.name]);
    expect(await names('&status=all')).toEqual([active.name, retired.name].sort());
    expect(await names('')).toEqual([active.name, retired.name].sort());
    expect((await get(`/simulations/search?status=archived`)).status).toBe(400);
  });

  it('update_simulation: workflow_hash and dependencies, description and tags', async () => {
    const simulation = (await post('/simulations', registration())).body;
    const workflow = await patch(simulation.id, { workflow_hash: 'ef'.repeat(32), dependencies: ['scipy'] });
    expect(workflow.body).toMatchObject({ workflow_hash: 'ef'.repeat(32), dependencies: ['scipy'], workflow_type: 'notebook' });
    const described = await patch(simulation.id, { description: 'Heat in a bar', tags: ['heat', 'bar'] });
    expect(described.body).toMatchObject({ description: 'Heat in a bar', tags: ['heat', 'bar'], dependencies: ['scipy'] });
  });

  it('get_pending_sync_requests filters by installation; approve_sync_request needs no body', async () => {
    const mine = await eventually(async () => {
      const items = (await get(`/sync/pending?installation_id=${INSTALLATION}`, 'developer')).body as { id: number }[];
      return items.length > 0 ? items : undefined;
    });
    expect(mine).toEqual([expect.objectContaining({ installation_id: INSTALLATION, status: 'pending' })]);
    const approved = await svc
      .http()
      .post(`/sync/${mine[0].id}/approve`)
      .set('X-Session-ID', await as('developer'));
    expect(approved.status).toBe(200);
    expect((await get('/sync/pending?installation_id=nobody', 'developer')).body).toEqual([]);
  });

  it('get_stats of an unknown simulation: 404, which the client maps to None', async () => {
    expect((await get('/simulations/2147483647/stats')).status).toBe(404);
  });

  it('reports a bad simulation_id once', async () => {
    const { status, body } = await post('/executions', execution('x/1/h', 'seven' as never), 'user');
    expect(status).toBe(400);
    expect(body.details).toEqual(['simulation_id must be an integer from 1 to 2147483647']);
  });
});
