import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliServices } from './support/cli-services';

jest.setTimeout(60_000);

const simulation = (name: string, version = '1.0.0') => ({
  name,
  version,
  description: 'One-dimensional heat conduction in a rod',
  author: 'Ada Lovelace',
  tags: ['heat', 'pde'],
  input_schema: { length: { type: 'number', units: 'm', min: 0.1, max: 10, default: 1 } },
  output_schema: { max_temperature: { type: 'number', units: 'K' } },
});

const entry = (key: string) => ({
  cache_key: key,
  simulation_id: 7,
  simulation_name: 'heat-1d',
  simulation_version: '1.0.0',
  execution_id: `exec-${key.replace(/\W/g, '-')}`,
  squid_id: `heat-1d/1.0.0/${key}`,
  input_hash: 'h',
  run_db_path: 'exec.db',
});

describe('simsvc cache, catalog and users', () => {
  let services: CliServices;
  const file = (name: string, body: unknown) => {
    const path = join(services.sandbox, name);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  const json = async (args: string[], input?: string) => {
    const run = await services.cli(['--json', ...args], { input });
    if (run.code !== 0) throw new Error(`${args.join(' ')} exited ${run.code}: ${run.stderr}`);
    return JSON.parse(run.stdout);
  };

  beforeAll(async () => {
    services = await CliServices.start((sandbox) => {
      mkdirSync(join(sandbox, 'watch', 'tools', 'wave'), { recursive: true });
      writeFileSync(join(sandbox, 'watch', 'tools', 'wave', 'simulation.json'), JSON.stringify(simulation('wave-2d')));
    });
    await services.loginAdmin();
  }, 120_000);
  afterAll(() => services?.close());

  describe('cache', () => {
    it('put, get, entries, stats, invalidate', async () => {
      expect(await json(['cache', 'put', file('a.json', entry('heat-1d/1.0.0/a'))])).toEqual({
        success: true,
        cache_key: 'heat-1d/1.0.0/a',
      });
      const stdin = await services.cli(['cache', 'put', '-'], { input: JSON.stringify(entry('heat-1d/1.0.0/b')) });
      expect(stdin).toMatchObject({ code: 0, stdout: 'stored heat-1d/1.0.0/b\n' });

      const got = await services.cli(['cache', 'get', 'heat-1d/1.0.0/a']);
      expect(got.code).toBe(0);
      expect(got.stdout).toMatch(/^execution_id\s+exec-heat-1d-1-0-0-a$/m);
      expect(await json(['cache', 'get', 'heat-1d/1.0.0/a'])).toMatchObject({ cache_key: 'heat-1d/1.0.0/a', simulation_id: 7 });
      const miss = await services.cli(['cache', 'get', 'nope']);
      expect(miss.code).toBe(1);
      expect(miss.stderr).toMatch(/^simsvc: 404 /);

      const entries = await services.cli(['cache', 'entries', '--pattern', 'heat-1d/*']);
      expect(entries.stdout.split('\n')[0]).toMatch(/^cache_key\s+simulation\s+execution_id\s+created_at\s+expires_at$/);
      expect(entries.stdout).toContain('2 of 2 (offset 0)');
      expect(await json(['cache', 'entries', '--limit', '1'])).toMatchObject({
        total: 2,
        limit: 1,
        offset: 0,
        entries: [expect.any(Object)],
      });

      expect(await json(['cache', 'stats', '--simulation-id', '7'])).toMatchObject({ total_entries: 2 });
      expect((await services.cli(['cache', 'stats'])).stdout).toMatch(/^total_hits\s+2$/m);

      const invalidated = await services.cli(['cache', 'invalidate', '--pattern', '*/a', '--reason', 'test']);
      expect(invalidated).toMatchObject({ code: 0, stdout: 'invalidated 1 entry\n' });
      expect(await json(['cache', 'invalidate', '--simulation-id', '7'])).toEqual({ success: true, invalidated_count: 1 });
    });

    it('a file that is missing or not a JSON object is a usage error; a bad body is a 400 with details', async () => {
      expect((await services.cli(['cache', 'put', join(services.sandbox, 'missing.json')])).code).toBe(2);
      expect((await services.cli(['cache', 'put', file('list.json', [1])])).code).toBe(2);
      const bad = await services.cli(['cache', 'put', file('bad.json', { cache_key: 'k' })]);
      expect(bad.code).toBe(1);
      const lines = bad.stderr.trim().split('\n');
      expect(lines[0]).toMatch(/^simsvc: 400 /);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.slice(1).every((line) => line.startsWith('  '))).toBe(true);
    });
  });

  describe('catalog', () => {
    let id: number;

    it('register, search, show, stats', async () => {
      const registered = await services.cli(['catalog', 'register', file('heat.json', simulation('heat-1d'))]);
      expect(registered.code).toBe(0);
      id = Number(/as id (\d+)/.exec(registered.stdout)?.[1]);
      expect(id).toBeGreaterThan(0);
      const again = await services.cli(['catalog', 'register', file('heat.json', simulation('heat-1d'))]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^simsvc: 409 /);

      const search = await services.cli(['catalog', 'search', 'heat', '--tag', 'pde', '--tag', 'heat']);
      expect(search.stdout).toMatch(/^id\s+name\s+version\s+status\s+tags\s+description$/m);
      expect(search.stdout).toMatch(new RegExp(`^${id}\\s+heat-1d\\s+1\\.0\\.0\\s+active\\s+heat,pde`, 'm'));
      expect(await json(['catalog', 'search', '--tag', 'nope'])).toEqual([]);
      // --tag, repeated, keeps simulations carrying every tag given (all_tags).
      expect(await json(['catalog', 'search', '--tag', 'heat', '--tag', 'nope'])).toEqual([]);

      const show = await services.cli(['catalog', 'show', 'heat-1d', '--version', '1.0.0']);
      expect(show.stdout).toMatch(/^input\s+length\s+number\s+m\s+0\.1\s+10\s+1$/m);
      expect(await json(['catalog', 'show', 'heat-1d'])).toMatchObject({
        id,
        name: 'heat-1d',
        output_schema: { max_temperature: { type: 'number' } },
      });

      expect(await json(['catalog', 'stats', String(id)])).toMatchObject({ simulation_id: id, total_executions: 0 });
      // Not an id: a name, looked up (no such simulation: 404).
      expect((await services.cli(['catalog', 'stats', 'abc'])).code).toBe(1);
    });

    it('executions of one simulation and of all', async () => {
      const token = JSON.parse(readFileSync(join(services.configHome, 'simsvc', 'session.json'), 'utf8')).sessions[services.urls.cache]
        .token;
      const response = await fetch(`${services.urls.catalog}/executions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': token },
        body: JSON.stringify({ execution_id: 'exec-cli-1', simulation_id: id, status: 'completed', duration_seconds: 2 }),
      });
      expect(response.status).toBe(201);
      const one = await json(['catalog', 'executions', '--simulation-id', String(id)]);
      expect(one).toEqual([expect.objectContaining({ execution_id: 'exec-cli-1', status: 'completed' })]);
      const all = await services.cli(['catalog', 'executions']);
      expect(all.stdout).toMatch(new RegExp(`^exec-cli-1\\s+${id}\\s+completed`, 'm'));
    });

    it('pending and approve', async () => {
      const pending = await json(['catalog', 'pending']);
      expect(pending).toEqual([
        expect.objectContaining({ name: 'wave-2d', status: 'pending', manifest_path: 'tools/wave/simulation.json' }),
      ]);
      const table = await services.cli(['catalog', 'pending']);
      expect(table.stdout).toMatch(new RegExp(`^${pending[0].id}\\s+wave-2d\\s+1\\.0\\.0\\s+pending`, 'm'));
      const approved = await services.cli(['catalog', 'approve', String(pending[0].id)]);
      expect(approved.stdout).toMatch(/^approved: simulation id \d+$/m);
      expect(await json(['catalog', 'pending'])).toEqual([]);
      expect((await services.cli(['catalog', 'approve', String(pending[0].id)])).code).toBe(1);
    });
  });

  describe('users', () => {
    it('create (password on stdin), list, set-role, delete', async () => {
      const created = await services.cli(
        ['users', 'create', 'alice', '--role', 'user', '--email', 'alice@example.org', '--password-stdin'],
        {
          input: 'alice-password\n',
        },
      );
      expect(created).toMatchObject({ code: 0, stdout: 'created alice (user)\n' });
      const list = await services.cli(['users', 'list']);
      expect(list.stdout).toMatch(/^alice\s+user\s+alice@example\.org/m);
      expect(await json(['users', 'list'])).toMatchObject({
        total: 2,
        users: expect.arrayContaining([expect.objectContaining({ username: 'alice' })]),
      });

      // alice logs in with the password given on stdin, elsewhere
      const elsewhere = { XDG_CONFIG_HOME: join(services.sandbox, 'alice') };
      const login = await services.cli(['login', '--username', 'alice', '--password-stdin'], { input: 'alice-password', env: elsewhere });
      expect(login.code).toBe(0);
      expect((await services.cli(['users', 'list'], { env: elsewhere })).code).toBe(1);

      expect(await json(['users', 'set-role', 'alice', 'developer'])).toMatchObject({ username: 'alice', role: 'developer' });
      expect((await services.cli(['users', 'set-role', 'alice', 'king'])).code).toBe(2);
      expect(await services.cli(['users', 'delete', 'alice'])).toMatchObject({ code: 0, stdout: 'deleted alice\n' });
      expect((await services.cli(['users', 'delete', 'alice'])).stderr).toMatch(/^simsvc: 404 /);
      expect((await services.cli(['users', 'create', 'bob', '--password-stdin'], { input: 'x' })).code).toBe(2);
    });
  });

  it('completion prints a bash script naming every command', async () => {
    const run = await services.cli(['completion', 'bash']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('complete -o default -F _simsvc simsvc');
    expect(run.stdout).toContain('"results") words="register search show stats export download');
  });
});
