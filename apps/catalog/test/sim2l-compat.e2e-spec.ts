import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { join } from 'node:path';
import { CatalogTestService, emptyStats, eventually, startCatalogService, uniqueName } from './support/catalog-test-service';

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
    // Issue 23.10: sim2l's own names of an item, beside ours.
    const [item] = mine as unknown as Record<string, unknown>[];
    const manifest = registration({ installation_id: INSTALLATION });
    expect(item).toMatchObject({
      simulation_name: item['name'],
      simulation_version: '1.0.0',
      operation: 'register',
      created_at: item['discovered_at'],
      payload: {
        name: item['name'],
        version: '1.0.0',
        description: manifest['description'],
        author: manifest['author'],
        tags: manifest['tags'],
        input_schema: manifest['input_schema'],
        output_schema: manifest['output_schema'],
        installation_id: INSTALLATION,
        workflow_type: 'notebook',
        workflow_hash: manifest['workflow_hash'],
        workflow_bundle: manifest['workflow_bundle'],
        dependencies: [],
        metadata: manifest['metadata'],
        auto_approve: false,
      },
    });
    const approved = await svc
      .http()
      .post(`/sync/${mine[0].id}/approve`)
      .set('X-Session-ID', await as('developer'));
    expect(approved.status).toBe(200);
    expect((await get('/sync/pending?installation_id=nobody', 'developer')).body).toEqual([]);
  });

  // Issue 23.5: sim2l's COUNT over no rows.
  it('get_stats of an unknown simulation: 200 with zero counts and null averages', async () => {
    const { status, body } = await get('/simulations/2147483647/stats');
    expect(status).toBe(200);
    expect(body).toEqual(emptyStats(2147483647));
  });

  it('reports a bad simulation_id once', async () => {
    const { status, body } = await post('/executions', execution('x/1/h', 'seven' as never), 'user');
    expect(status).toBe(400);
    expect(body.details).toEqual(['simulation_id must be an integer from 1 to 2147483647']);
  });
  describe('second round (issue 23)', () => {
    const anonymous = () => svc.http();

    // 23.1: a default sim2l installation reads the catalog without any X-Session-ID.
    it('serves the four read routes without X-Session-ID (anonymous privileges), and no other', async () => {
      const simulation = (await post('/simulations', registration({ tags: [uniqueName('open')] }))).body;
      const search = await anonymous()
        .get('/simulations/search')
        .query({ query: simulation.name, tags: simulation.tags[0], status: 'active', limit: 100 });
      expect(search.status).toBe(200);
      expect(search.body.map((item: { id: number }) => item.id)).toEqual([simulation.id]);
      expect((await anonymous().get(`/simulations/${simulation.name}`)).body).toMatchObject({ id: simulation.id });
      expect((await anonymous().get(`/simulations/${simulation.name}`).query({ version: '1.0.0' })).body).toMatchObject({
        id: simulation.id,
      });
      expect(await anonymous().get(`/simulations/${simulation.name}`).query({ version: '9.9.9' })).toMatchObject({ status: 404 });
      const stats = await anonymous().get(`/simulations/${simulation.id}/stats`);
      expect(stats.status).toBe(200);
      expect(stats.body).toMatchObject({ simulation_id: simulation.id, total_executions: 0 });

      // Every other route still needs a session.
      for (const request of [
        anonymous().get(`/simulations/${simulation.name}/versions`),
        anonymous().get(`/simulations/${simulation.id}/executions`),
        anonymous().get('/executions/some-run'),
        anonymous().get('/sync/pending'),
        anonymous().post('/simulations').send(registration()),
        anonymous().patch(`/simulations/${simulation.id}`).send({ description: 'x' }),
        anonymous().post('/executions').send(execution('x/1.0.0/h', simulation.id)),
        anonymous().post('/installations').send({ installation_id: INSTALLATION }),
      ]) {
        const response = await request;
        expect({ status: response.status, message: response.body.message }).toEqual({
          status: 401,
          message: 'missing X-Session-ID header',
        });
      }
    });

    it('never downgrades a bad or revoked session to anonymous: 401', async () => {
      const simulation = (await post('/simulations', registration())).body;
      const revoked = await svc.anonymousToken();
      await svc.http().delete('/session').set('X-Session-ID', revoked).expect(204);
      for (const token of ['not-a-token', revoked]) {
        for (const path of ['/simulations/search', `/simulations/${simulation.name}`, `/simulations/${simulation.id}/stats`]) {
          expect((await svc.http().get(path).set('X-Session-ID', token)).status).toBe(401);
        }
      }
    });

    it('creates no session and counts nothing against the anonymous-session quota', async () => {
      const auth = svc.nestApp.get<DataSource>(getDataSourceToken('auth'));
      const sessions = async () => Number((await auth.query('SELECT COUNT(*) AS n FROM auth_sessions'))[0].n);
      const before = await sessions();
      for (let i = 0; i < 40; i += 1) await anonymous().get('/simulations/search').expect(200);
      expect(await sessions()).toBe(before);
      // 30 anonymous sessions a minute per address: the reads above took none of them.
      expect((await svc.http().post('/session/anonymous').send({})).status).toBe(200);
    });

    it('with anonymous access off, the four read routes answer 401 without a session', async () => {
      const closed = await startCatalogService({ env: { SIMSVC_AUTH_ALLOW_ANONYMOUS: 'false' } });
      try {
        const token = await closed.tokenFor('user');
        for (const path of ['/simulations/search', '/simulations/some-name', '/simulations/1/stats']) {
          expect((await closed.http().get(path)).status).toBe(401);
        }
        expect((await closed.http().get('/simulations/search').set('X-Session-ID', token)).status).toBe(200);
      } finally {
        await closed.close();
      }
    });

    // 23.2: register_simulation(workflow_files=..., workflow_entrypoint=...).
    it('folds workflow_files and workflow_entrypoint into the workflow bundle, on POST and PATCH', async () => {
      const files = [
        { path: 'workflow.py', content: 'print(1)\n' },
        { path: 'lib/helpers.py', content: 'X = 2\n' },
      ];
      const body = registration({ workflow_bundle: undefined, workflow_files: files, workflow_entrypoint: 'workflow.py' });
      const created = await post('/simulations', body);
      expect(created.status).toBe(201);
      expect(created.body.workflow_bundle).toEqual({ files, entrypoint: 'workflow.py' });
      expect(created.body).not.toHaveProperty('workflow_files');
      expect((await get(`/simulations/${body.name as string}`)).body.workflow_bundle).toEqual({ files, entrypoint: 'workflow.py' });

      const patched = await patch(created.body.id, {
        workflow_files: [{ path: 'main.py', content: 'pass\n' }],
        workflow_entrypoint: 'main.py',
      });
      expect(patched.status).toBe(200);
      expect(patched.body.workflow_bundle).toEqual({ files: [{ path: 'main.py', content: 'pass\n' }], entrypoint: 'main.py' });
      // The entrypoint alone changes only the entrypoint.
      const moved = await patch(created.body.id, { workflow_entrypoint: 'other.py' });
      expect(moved.body.workflow_bundle).toEqual({ files: [{ path: 'main.py', content: 'pass\n' }], entrypoint: 'other.py' });
    });

    it('refuses workflow_files beyond their bounds with 400 (413 for a body too large), changing nothing', async () => {
      const simulation = (await post('/simulations', registration())).body;
      const refusals: [unknown, string][] = [
        [Array.from({ length: 257 }, (_, i) => ({ path: `f${i}.py`, content: '' })), 'workflow_files must hold at most 256 files'],
        [[{ path: '../escape.py', content: '' }], 'workflow_files[0].path must be a relative path without ..'],
        [[{ path: '/etc/passwd', content: '' }], 'workflow_files[0].path must be a relative path without ..'],
        [[{ path: 'a/../../b', content: '' }], 'workflow_files[0].path must be a relative path without ..'],
        [[{ content: 'x' }], 'workflow_files[0].path must be a relative path without ..'],
        [[{ path: 'a.py', content: 5 }], 'workflow_files[0].content must be a string'],
        ['workflow.py', 'workflow_files must be an array of {path, content}'],
      ];
      for (const [workflowFiles, message] of refusals) {
        const created = await post('/simulations', registration({ workflow_files: workflowFiles }));
        expect({ status: created.status, details: created.body.details }).toEqual({ status: 400, details: [message] });
        const patched = await patch(simulation.id, { workflow_files: workflowFiles });
        expect({ status: patched.status, details: patched.body.details }).toEqual({ status: 400, details: [message] });
      }
      const entrypoint = await patch(simulation.id, { workflow_entrypoint: 7 });
      expect(entrypoint.status).toBe(400);
      const large = await patch(simulation.id, { workflow_files: [{ path: 'big.bin', content: 'x'.repeat(5 * 1024 * 1024) }] });
      expect(large.status).toBe(413);
      expect((await get(`/simulations/${simulation.name}`)).body.workflow_bundle).toEqual(simulation.workflow_bundle);
    });

    // 23.3
    it('stores and returns visibility and license, on POST and PATCH', async () => {
      const created = await post('/simulations', registration({ visibility: 'private', license: 'MIT' }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ visibility: 'private', license: 'MIT' });
      const patched = await patch(created.body.id, { visibility: 'public', license: 'BSD-3-Clause' });
      expect(patched.body).toMatchObject({ visibility: 'public', license: 'BSD-3-Clause', metadata: { origin: 'laptop' } });
      expect((await get(`/simulations/${created.body.name}`)).body).toMatchObject({ visibility: 'public', license: 'BSD-3-Clause' });
      const listed = (await get(`/simulations/search?query=${created.body.name}`)).body as Record<string, unknown>[];
      expect(listed[0]).toMatchObject({ visibility: 'public', license: 'BSD-3-Clause' });
      const plain = await post('/simulations', registration());
      expect(plain.body).toMatchObject({ visibility: null, license: null });
      expect((await patch(created.body.id, { license: 42 })).status).toBe(400);
    });

    // 23.4: the client sends tags=a,b and sim2l keeps simulations carrying any of them.
    it('tags=a,b keeps simulations carrying any listed tag, more matching tags first; all_tags=a,b every tag', async () => {
      const [a, b] = [uniqueName('any'), uniqueName('any')];
      const onlyA = (await post('/simulations', registration({ tags: [a] }))).body;
      const both = (await post('/simulations', registration({ tags: [a, b] }))).body;
      const onlyB = (await post('/simulations', registration({ tags: [b.toUpperCase()] }))).body;
      await post('/simulations', registration({ tags: [uniqueName('other')] }));
      const ids = async (query: Record<string, unknown>) =>
        ((await anonymous().get('/simulations/search').query(query)).body as { id: number }[]).map((item) => item.id);
      // What CatalogClient.search(tags=[a, b]) sends: limit, tags, status.
      expect(await ids({ limit: 100, tags: `${a},${b}`, status: 'active' })).toEqual([both.id, onlyB.id, onlyA.id]);
      expect(await ids({ limit: 100, tags: `${a},${b}`, query: 'heat rod' })).toEqual([both.id, onlyB.id, onlyA.id]);
      expect(await ids({ limit: 100, all_tags: `${a},${b}` })).toEqual([both.id]);
      expect(await ids({ limit: 100, all_tags: a, tags: `${b},nothing` })).toEqual([both.id]);
      const counted = await anonymous()
        .get('/simulations/search')
        .query({ tags: `${a},${b}`, limit: 1 });
      expect(counted.headers['x-total-count']).toBe('3');
      expect(
        (
          await anonymous()
            .get('/simulations/search')
            .query({ all_tags: 'x'.repeat(1025) })
        ).status,
      ).toBe(400);
    });

    // 23.11: one "latest" everywhere, the highest semantic version.
    it('lists the versions of a name highest first, as GET /simulations/{name} picks the latest', async () => {
      const name = uniqueName('semver');
      const tag = uniqueName('semver');
      for (const version of ['1.2.0', '1.1.0', '1.0.5']) await post('/simulations', registration({ name, version, tags: [tag] }));
      const newer = (await post('/simulations', registration({ tags: [tag] }))).body;
      expect((await get(`/simulations/${name}`)).body.version).toBe('1.2.0');
      const versions = async (query: string) =>
        ((await get(`/simulations/search?${query}`)).body as { name: string; version: string }[]).map(
          (item) => `${item.name}@${item.version}`,
        );
      const expected = [`${newer.name}@1.0.0`, `${name}@1.2.0`, `${name}@1.1.0`, `${name}@1.0.5`];
      expect(await versions(`tags=${tag}`)).toEqual(expected);
      expect(await versions(`tags=${tag}&query=${name}%20heat`)).toEqual([
        `${name}@1.2.0`,
        `${name}@1.1.0`,
        `${name}@1.0.5`,
        `${newer.name}@1.0.0`,
      ]);
      expect(await versions(`tags=${tag}&query=heat`)).toEqual(expected);
    });
  });
});
