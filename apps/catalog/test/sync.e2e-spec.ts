import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import {
  CatalogTestService,
  eventually,
  makeSimulation,
  registerSimulation,
  startCatalogService,
  uniqueName,
  useCatalogService,
} from './support/catalog-test-service';

interface SyncItem {
  id: number;
  name: string | null;
  version: string | null;
  manifest_path: string;
  status: string;
  error: string | null;
  discovered_at: string;
}

/** Writes a manifest (an object as JSON, a string as is) below the watch directory; returns its path. */
function writeManifest(root: string, relativeDir: string, content: Record<string, unknown> | string): string {
  const path = join(root, relativeDir, 'simulation.json');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

/** root: the watch directory, which GET /sync/pending shows manifest paths relative to. */
function helpers(svc: () => CatalogTestService, root: () => string) {
  const token = (role: 'user' | 'developer') => svc().tokenFor(role);
  const pending = async (query = ''): Promise<SyncItem[]> =>
    (
      await svc()
        .http()
        .get(`/sync/pending${query}`)
        .set('X-Session-ID', await token('developer'))
        .expect(200)
    ).body;
  const itemFor = (path: string, status?: string) =>
    eventually(async () =>
      (await pending('?limit=1000')).find(
        (item) => item.manifest_path === relative(root(), path) && (status === undefined || item.status === status),
      ),
    );
  const approve = async (id: number | string) =>
    svc()
      .http()
      .post(`/sync/${id}/approve`)
      .set('X-Session-ID', await token('developer'));
  const scan = async () =>
    svc()
      .http()
      .post('/sync/scan')
      .set('X-Session-ID', await token('developer'));
  const simulation = async (name: string) =>
    svc()
      .http()
      .get(`/simulations/${name}`)
      .set('X-Session-ID', await token('user'));
  return { pending, itemFor, approve, scan, simulation };
}

describe('automatic registration: queue for approval (contract §5)', () => {
  let svc: CatalogTestService;
  let root: string;
  let startupManifest: string;
  let startupName: string;
  const { pending, itemFor, approve, scan, simulation } = helpers(
    () => svc,
    () => root,
  );

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'catalog-watch-'));
    startupName = uniqueName('startup');
    startupManifest = writeManifest(root, 'tools/deep/er/startup', makeSimulation({ name: startupName }));
    svc = await startCatalogService({ args: ['--watch-dir', root] });
  });
  afterAll(async () => {
    await svc.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('queues a manifest that was there at start-up (any depth) as pending', async () => {
    const item = await itemFor(startupManifest);
    expect(item).toEqual({
      id: expect.any(Number),
      name: startupName,
      version: '1.0.0',
      installation_id: null,
      manifest_path: 'tools/deep/er/startup/simulation.json',
      status: 'pending',
      error: null,
      discovered_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/),
      simulation_name: startupName,
      simulation_version: '1.0.0',
      operation: 'register',
      payload: expect.objectContaining({ name: startupName, version: '1.0.0', status: 'active' }),
      created_at: item.discovered_at,
    });
    expect((await simulation(startupName)).status).toBe(404);
  });

  it('shows a manifest dropped into the directory in /sync/pending within seconds', async () => {
    const name = uniqueName('dropped');
    const started = Date.now();
    const path = writeManifest(root, `new/${name}`, makeSimulation({ name, version: '2.1.0' }));
    const item = await itemFor(path, 'pending');
    expect(item).toMatchObject({ name, version: '2.1.0', status: 'pending', error: null });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('lists a malformed manifest as invalid with the reason, and keeps serving', async () => {
    const path = writeManifest(root, 'broken-json', '{"name": "x", ');
    const item = await itemFor(path, 'invalid');
    expect(item.error).toBe('malformed JSON at line 1, column 15');
    expect(item).toMatchObject({ name: null, version: null, simulation_name: null, payload: null });
    await svc.http().get('/health').expect(200);
  });

  it('lists a manifest that breaks the registration rules as invalid, naming each problem', async () => {
    const path = writeManifest(root, 'bad-rules', { name: 'search', version: '1.0.0', input_schema: { x: { type: 'float' } }, extra: 1 });
    const item = await itemFor(path, 'invalid');
    expect(item.name).toBe('search');
    expect(item.error).toContain('name must not be search (reserved)');
    expect(item.error).toContain('input_schema.x.type must be one of number, integer, string, boolean, array, object, file');
    expect(item.error).toContain('property extra should not exist');
    const notObject = await itemFor(writeManifest(root, 'array', '[1]'), 'invalid');
    expect(notObject.error).toBe('manifest must be a JSON object');
  });

  it('lists a manifest too deep to validate, or with a __proto__ key, as invalid with the reason', async () => {
    const name = uniqueName('shape');
    const simulation = JSON.stringify(makeSimulation({ name, input_schema: undefined })).slice(0, -1);
    const deep = writeManifest(
      root,
      'deep',
      `${simulation},"input_schema":{"x":{"type":"array","default":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}`,
    );
    expect(await itemFor(deep, 'invalid')).toMatchObject({ name, error: 'manifest is nested more than 72 levels deep' });
    const proto = writeManifest(root, 'proto', `${simulation},"input_schema":{"__proto__":{"type":"number"}}}`);
    expect(await itemFor(proto, 'invalid')).toMatchObject({ name, error: 'manifest must not use __proto__ as a key' });
    expect((await scan()).status).toBe(200);
  });

  it('lists a manifest of an already registered (name, version) as duplicate', async () => {
    const existing = await registerSimulation(svc);
    const path = writeManifest(root, 'dup', makeSimulation({ name: existing.name, version: existing.version }));
    const item = await itemFor(path, 'duplicate');
    expect(item.error).toBe(`simulation ${existing.name} ${existing.version} already exists`);
  });

  it('approves a pending item: 200 {status: "approved", simulation_id}; the item leaves the queue and is never queued again', async () => {
    const name = uniqueName('approve');
    const body = makeSimulation({ name, tags: ['auto'] });
    const path = writeManifest(root, `approve/${name}`, body);
    const item = await itemFor(path, 'pending');
    const response = await approve(item.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'approved', simulation_id: expect.any(Number) });
    const registered = await simulation(name);
    expect(registered.body).toMatchObject({
      id: response.body.simulation_id,
      name,
      version: '1.0.0',
      tags: ['auto'],
      input_schema: body.input_schema,
    });
    expect((await pending('?limit=1000')).find((i) => i.id === item.id)).toBeUndefined();
    const again = await approve(item.id);
    expect([again.status, again.body.message]).toEqual([409, `sync item ${item.id} is approved, not pending`]);
    await scan().then((r) => expect(r.status).toBe(200));
    expect((await pending('?limit=1000')).filter((i) => i.manifest_path === relative(root, path))).toEqual([]);
  });

  it('refuses approving an unknown (404), invalid (409) or malformed id (400)', async () => {
    const missing = await approve(2147483647);
    expect([missing.status, missing.body.message]).toEqual([404, 'sync item 2147483647 not found']);
    const invalid = await itemFor(writeManifest(root, 'invalid-approve', '{'), 'invalid');
    const refused = await approve(invalid.id);
    expect([refused.status, refused.body.message]).toEqual([409, `sync item ${invalid.id} is invalid, not pending`]);
    const malformed = await approve('one');
    expect([malformed.status, malformed.body.message]).toEqual([400, 'sync item id must be an integer from 1 to 2147483647']);
  });

  it('turns a pending item into a duplicate (409) when its (name, version) was registered meanwhile', async () => {
    const name = uniqueName('raced');
    const path = writeManifest(root, `raced/${name}`, makeSimulation({ name }));
    const item = await itemFor(path, 'pending');
    await registerSimulation(svc, { name });
    const response = await approve(item.id);
    expect([response.status, response.body.message]).toEqual([409, `simulation ${name} 1.0.0 already exists`]);
    expect(await itemFor(path, 'duplicate')).toMatchObject({ id: item.id });
  });

  it('replaces the open item of a changed manifest and drops that of a removed one', async () => {
    const name = uniqueName('changing');
    const path = writeManifest(root, `changing/${name}`, '{ not yet json');
    await itemFor(path, 'invalid');
    writeManifest(root, `changing/${name}`, makeSimulation({ name, version: '3.0.0' }));
    const fixed = await itemFor(path, 'pending');
    expect(fixed.version).toBe('3.0.0');
    expect((await pending('?limit=1000')).filter((i) => i.manifest_path === relative(root, path))).toHaveLength(1);
    unlinkSync(path);
    await eventually(async () => ((await pending('?limit=1000')).some((i) => i.manifest_path === relative(root, path)) ? undefined : true));
  });

  it('ignores files with other names', async () => {
    writeManifest(root, 'other', makeSimulation());
    const other = join(root, 'other', 'manifest.json');
    writeFileSync(other, JSON.stringify(makeSimulation()));
    unlinkSync(join(root, 'other', 'simulation.json'));
    const result = await scan();
    expect(result.status).toBe(200);
    expect((await pending('?limit=1000')).some((i) => i.manifest_path.startsWith('other'))).toBe(false);
  });

  it('POST /sync/scan scans now and counts the manifests it found by state', async () => {
    const sub = mkdtempSync(join(root, 'counted-'));
    const before = (await scan()).body;
    writeManifest(sub, 'a', makeSimulation());
    writeManifest(sub, 'b', makeSimulation());
    writeManifest(sub, 'c', 'nope');
    const after = await scan();
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      registered: before.registered,
      pending: before.pending + 2,
      invalid: before.invalid + 1,
      duplicate: before.duplicate,
    });
  });

  it('filters the queue by status and pages it (oldest first) with X-Total-Count', async () => {
    const all = await svc
      .http()
      .get('/sync/pending?limit=1000')
      .set('X-Session-ID', await svc.tokenFor('developer'));
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.body.length);
    const sorted = [...all.body].sort((a: SyncItem, b: SyncItem) =>
      a.discovered_at < b.discovered_at ? -1 : a.discovered_at > b.discovered_at ? 1 : a.id - b.id,
    );
    expect(all.body).toEqual(sorted);
    const invalid = await pending('?status=invalid');
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid.every((i) => i.status === 'invalid')).toBe(true);
    const page = await svc
      .http()
      .get('/sync/pending?limit=1&offset=1')
      .set('X-Session-ID', await svc.tokenFor('developer'));
    expect(page.body).toEqual([all.body[1]]);
    const bad = await svc
      .http()
      .get('/sync/pending?status=approved')
      .set('X-Session-ID', await svc.tokenFor('developer'));
    expect([bad.status, bad.body.message]).toEqual([400, 'status must be one of pending, invalid, duplicate']);
    const huge = await svc
      .http()
      .get('/sync/pending?offset=999999999999999999999999999999')
      .set('X-Session-ID', await svc.tokenFor('developer'));
    const message = 'offset must be at most 9007199254740991';
    expect([huge.status, huge.body]).toEqual([400, { statusCode: 400, error: 'Bad Request', message, details: [message] }]);
  });

  it('keeps the queue in the catalog store across a restart', async () => {
    const before = await pending('?limit=1000');
    await svc.restart();
    const after = await pending('?limit=1000');
    expect(after.map((i) => [i.id, i.status, i.manifest_path])).toEqual(before.map((i) => [i.id, i.status, i.manifest_path]));
  });
});

describe('automatic registration: --auto-register (contract §5)', () => {
  let svc: CatalogTestService;
  let root: string;
  const { pending, itemFor, scan, simulation } = helpers(
    () => svc,
    () => root,
  );

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'catalog-auto-'));
    svc = await startCatalogService({ args: ['--watch-dir', root, '--auto-register', '--rescan-seconds', '1'] });
  });
  afterAll(async () => {
    await svc.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('reports watching, auto-registering and the rescan interval in GET /sync/status', async () => {
    const status = await svc
      .http()
      .get('/sync/status')
      .set('X-Session-ID', await svc.tokenFor('developer'))
      .expect(200);
    expect(status.body).toEqual({ watching: true, auto_register: true, rescan_seconds: 1 });
  });

  it('registers a valid new manifest at once; it never appears in the queue', async () => {
    const name = uniqueName('auto');
    writeManifest(root, name, makeSimulation({ name, version: '0.4.2' }));
    const registered = await eventually(async () => {
      const response = await simulation(name);
      return response.status === 200 ? response.body : undefined;
    });
    expect(registered).toMatchObject({ name, version: '0.4.2', status: 'active' });
    expect((await pending('?limit=1000')).some((i) => i.name === name)).toBe(false);
    const counts = (await scan()).body;
    expect(counts.registered).toBeGreaterThanOrEqual(1);
    const versions = await svc
      .http()
      .get(`/simulations/${name}/versions`)
      .set('X-Session-ID', await svc.tokenFor('user'));
    expect(versions.body).toHaveLength(1);
  });

  it('still lists invalid manifests with their reason', async () => {
    const path = writeManifest(root, 'bad', { name: 'ok-name', version: 'bad version' });
    const item = await itemFor(path, 'invalid');
    expect(item).toMatchObject({ name: 'ok-name', version: 'bad version', error: 'version must match [A-Za-z0-9][A-Za-z0-9._+-]{0,127}' });
  });

  it('rescans the directory periodically (--rescan-seconds)', async () => {
    const scans = async () => {
      const { text } = await svc.http().get('/metrics').expect(200);
      return Number(/^simsvc_catalog_scan_duration_seconds_count (\d+)/m.exec(text)?.[1] ?? 0);
    };
    const first = await scans();
    await eventually(async () => ((await scans()) >= first + 2 ? true : undefined), 8000, 250);
  });
});

describe('automatic registration: off without --watch-dir', () => {
  const svc = useCatalogService();

  it('says so in GET /sync/status, which needs update_catalog', async () => {
    const status = await svc
      .http()
      .get('/sync/status')
      .set('X-Session-ID', await svc.tokenFor('developer'))
      .expect(200);
    expect(status.body).toEqual({ watching: false, auto_register: false, rescan_seconds: 60 });
    await svc
      .http()
      .get('/sync/status')
      .set('X-Session-ID', await svc.tokenFor('user'))
      .expect(403);
  });

  it('answers 409 to a scan and lists an empty queue', async () => {
    const scan = await svc
      .http()
      .post('/sync/scan')
      .set('X-Session-ID', await svc.tokenFor('developer'));
    expect([scan.status, scan.body.message]).toEqual([409, 'automatic registration is off: start the service with --watch-dir']);
    const list = await svc
      .http()
      .get('/sync/pending')
      .set('X-Session-ID', await svc.tokenFor('developer'));
    expect([list.status, list.body, list.headers['x-total-count']]).toEqual([200, [], '0']);
  });
});
