import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogTestService, eventually, makeSimulation, startCatalogService, uniqueName } from './support/catalog-test-service';

interface SyncItem {
  name: string | null;
  manifest_path: string;
  status: string;
  error: string | null;
}

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

// Issue 12, item 5: a manifest that is a link out of the watch directory once showed the first
// bytes of /etc/passwd and the server's absolute path to anonymous clients.
describe('automatic registration: what the watch directory may expose', () => {
  let svc: CatalogTestService;
  let sandbox: string;
  let root: string;
  let outside: string;

  beforeAll(async () => {
    sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'catalog-security-')));
    root = join(sandbox, 'watch');
    outside = join(sandbox, 'outside');
    mkdirSync(root);
    mkdirSync(join(outside, 'linked-dir'), { recursive: true });
    writeFileSync(join(outside, 'secret.txt'), 'root:x:0:0:root:/root:/bin/bash\n');
    writeFileSync(join(outside, 'simulation.json'), JSON.stringify(makeSimulation({ name: 'outside-file' })));
    writeFileSync(join(outside, 'linked-dir', 'simulation.json'), JSON.stringify(makeSimulation({ name: 'outside-dir' })));
    mkdirSync(join(root, 'passwd'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'passwd', 'simulation.json'));
    mkdirSync(join(root, 'file-link'));
    symlinkSync(join(outside, 'simulation.json'), join(root, 'file-link', 'simulation.json'));
    symlinkSync(join(outside, 'linked-dir'), join(root, 'dir-link'));
    svc = await startCatalogService({ args: ['--watch-dir', root] });
  });
  afterAll(async () => {
    await svc.close();
    rmSync(sandbox, { recursive: true, force: true });
  });

  const listAs = async (token: string) => svc.http().get('/sync/pending?limit=1000').set('X-Session-ID', token);
  const items = async (): Promise<SyncItem[]> => (await listAs(await svc.tokenFor('developer'))).body as SyncItem[];

  it('needs update_catalog to list the queue: anonymous and user sessions get 403, a developer 200', async () => {
    expect((await svc.http().get('/sync/pending')).status).toBe(401);
    expect((await listAs(await svc.anonymousToken())).status).toBe(403);
    expect((await listAs(await svc.tokenFor('user'))).status).toBe(403);
    expect((await listAs(await svc.tokenFor('developer'))).status).toBe(200);
  });

  it('ignores manifests that are links out of the watch directory, of the file or of a directory', async () => {
    const counts = await svc
      .http()
      .post('/sync/scan')
      .set('X-Session-ID', await svc.tokenFor('developer'));

    expect(counts.body).toEqual({ registered: 0, pending: 0, invalid: 0, duplicate: 0 });
    expect(await items()).toEqual([]);
    const listed = JSON.stringify(await items());
    expect(listed).not.toContain('root:x');
    expect(listed).not.toContain(sandbox);
  });

  it('lists a manifest by its path relative to the watch directory', async () => {
    const name = uniqueName('relative');
    mkdirSync(join(root, 'a', 'b'), { recursive: true });
    writeFileSync(join(root, 'a', 'b', 'simulation.json'), JSON.stringify(makeSimulation({ name })));

    const item = await eventually(async () => (await items()).find((candidate) => candidate.name === name));

    expect(item).toMatchObject({ manifest_path: 'a/b/simulation.json', status: 'pending' });
  });

  it('names line and column of malformed JSON instead of quoting the parser', async () => {
    mkdirSync(join(root, 'broken'));
    writeFileSync(join(root, 'broken', 'simulation.json'), '{\n  "name": secret-value\n}');

    const item = await eventually(async () => (await items()).find((candidate) => candidate.manifest_path === 'broken/simulation.json'));

    expect(item).toMatchObject({ status: 'invalid', error: 'malformed JSON at line 2, column 11' });
    expect(JSON.stringify(item)).not.toContain('secret-value');
  });

  it('queues a manifest whose schema names a parameter constructor, keeping it (item 8)', async () => {
    const name = uniqueName('ctor');
    mkdirSync(join(root, 'ctor'));
    writeFileSync(
      join(root, 'ctor', 'simulation.json'),
      JSON.stringify({
        ...makeSimulation({ name }),
        input_schema: JSON.parse('{"constructor": {"type": "object", "default": {"constructor": [1]}}}'),
      }),
    );

    const item = await eventually(async () => (await items()).find((candidate) => candidate.name === name));
    expect(item).toMatchObject({ status: 'pending', error: null });
    const approved = await svc
      .http()
      .post(`/sync/${(item as unknown as { id: number }).id}/approve`)
      .set('X-Session-ID', await svc.tokenFor('developer'));
    expect(approved.status).toBe(200);
    const stored = await svc
      .http()
      .get(`/simulations/${name}`)
      .set('X-Session-ID', await svc.tokenFor('user'));
    expect(stored.body.input_schema).toEqual(JSON.parse('{"constructor": {"type": "object", "default": {"constructor": [1]}}}'));
  });

  it('lists a manifest holding U+0000 as invalid (item 10), on both backends', async () => {
    mkdirSync(join(root, 'nul'));
    writeFileSync(join(root, 'nul', 'simulation.json'), JSON.stringify(makeSimulation({ description: 'a\u0000b' })));

    const item = await eventually(async () => (await items()).find((candidate) => candidate.manifest_path === 'nul/simulation.json'));

    expect(item).toMatchObject({ status: 'invalid', error: 'manifest must not contain U+0000' });
  });

  // Issue 22, item 10: a hard link is a second name of a file that may live anywhere on the
  // file system (outside the watch directory too), which the descriptor's path cannot reveal.
  it('lists a manifest with a second hard link as invalid without reading it, and refuses to approve it', async () => {
    const name = uniqueName('hard-linked');
    writeFileSync(join(outside, 'hard-linked.json'), JSON.stringify(makeSimulation({ name })));
    mkdirSync(join(root, 'hard-link'));
    linkSync(join(outside, 'hard-linked.json'), join(root, 'hard-link', 'simulation.json'));

    await svc
      .http()
      .post('/sync/scan')
      .set('X-Session-ID', await svc.tokenFor('developer'));

    const item = (await items()).find((candidate) => candidate.manifest_path === 'hard-link/simulation.json');

    expect(item).toMatchObject({ status: 'invalid', error: 'manifest has 2 hard links; only a file with one link is read' });
    expect((await items()).some((candidate) => candidate.name === name)).toBe(false);
    const approved = await svc
      .http()
      .post(`/sync/${(item as unknown as { id: number }).id}/approve`)
      .set('X-Session-ID', await svc.tokenFor('developer'));
    expect(approved.status).toBe(409);
  });
});
