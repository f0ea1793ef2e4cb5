import { createTestDatabase, freePort, TestDatabase, testBackend } from '@simsvc/testing';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceProcess } from './support/service-process';
import { StartAllProcess } from './support/start-all-process';

// Start-up as an operator sees it: the built service's exit status, its last line on standard
// error, its log lines; and what npm start prints. Each backend's half registers only the tests
// that concern it.
// Child processes on a busy 2-core machine: the root config's guard against hangs, also when this
// file runs under the app's own jest config (whose default is 5 s).
jest.setTimeout(30_000);
const PASSWORD = 'not-the-password-9f3c';
const FAST_GIVE_UP = ['--startup-timeout', '3'];
const retryLines = (messages: string[], store: string) => messages.filter((line) => line.startsWith(`${store} database unreachable at `));
const modeOf = (path: string) => statSync(path).mode & 0o777;
/** Runs the built service on a free port with its own and the auth store at these URLs. */
const runWithStores = async (storeUrl: string, authStoreUrl: string, ...args: string[]) =>
  ServiceProcess.run(['--port', String(await freePort()), '--db-url', storeUrl, '--auth-db-url', authStoreUrl, ...args]);

if (testBackend() === 'postgresql') {
  describe('start-up against a PostgreSQL that cannot be used', () => {
    let database: TestDatabase;
    let databaseUrl: string;
    let nobodyListens: string;
    beforeAll(async () => {
      database = await createTestDatabase('cache', 'postgresql');
      databaseUrl = database.url ?? '';
      nobodyListens = `postgresql://svc:${PASSWORD}@127.0.0.1:${await freePort()}/simsvc`;
    });
    afterAll(() => database.drop());

    it('logs each retry of an unreachable server at once, then exits 1 naming the store and the reason', async () => {
      const result = await ServiceProcess.run(['--port', String(await freePort()), '--db-url', nobodyListens, ...FAST_GIVE_UP]);

      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^simsvc-cache: cannot start: (cache|auth) database unreachable \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\n$/,
      );
      expect(retryLines(result.messages(), 'cache').length).toBeGreaterThanOrEqual(2);
      expect(retryLines(result.messages(), 'auth').length).toBeGreaterThanOrEqual(2);
      expect(`${result.stdout}${result.stderr}`).not.toContain(PASSWORD);
    });

    it('gives up the same way when only the auth store is unreachable', async () => {
      const result = await runWithStores(databaseUrl, nobodyListens, ...FAST_GIVE_UP);

      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^simsvc-cache: cannot start: auth database unreachable \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\n$/);
      expect(retryLines(result.messages(), 'auth').length).toBeGreaterThanOrEqual(2);
      expect(retryLines(result.messages(), 'cache')).toEqual([]);
      expect(`${result.stdout}${result.stderr}`).not.toContain(PASSWORD);
    });

    it('exits 1 at once, without retrying, when the server refuses the login', async () => {
      const unknownRole = new URL(databaseUrl);
      unknownRole.username = 'simsvc_no_such_role';
      unknownRole.password = PASSWORD;
      const result = await runWithStores(databaseUrl, unknownRole.toString());

      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'simsvc-cache: cannot start: auth database refused the connection (28000: role "simsvc_no_such_role" does not exist)\n',
      );
      expect(retryLines(result.messages(), 'auth')).toEqual([]);
      expect(`${result.stdout}${result.stderr}`).not.toContain(PASSWORD);
    });

    it('exits 1 at once, without retrying, when the database does not exist', async () => {
      const missing = new URL(databaseUrl);
      missing.pathname = '/simsvc_no_such_database';
      const result = await runWithStores(missing.toString(), databaseUrl);

      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'simsvc-cache: cannot start: cache database refused the connection (3D000: database "simsvc_no_such_database" does not exist)\n',
      );
      expect(retryLines(result.messages(), 'cache')).toEqual([]);
    });
  });
}

if (testBackend() === 'sqlite') {
  describe('start-up on SQLite files', () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'simsvc-startup-'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    const sqliteArgs = async (dbPath: string, authDbPath: string) => [
      '--port',
      String(await freePort()),
      '--backend',
      'sqlite',
      '--db-path',
      dbPath,
      '--auth-db-path',
      authDbPath,
    ];

    it('exits 1 at once naming a parent of the path that is a file', async () => {
      writeFileSync(join(root, 'plain-file'), '');
      const dbPath = join(root, 'plain-file', 'data', 'cache.db');
      const result = await ServiceProcess.run(await sqliteArgs(dbPath, join(root, 'auth.db')));

      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `simsvc-cache: cannot start: cache database file ${dbPath} cannot be opened (${join(root, 'plain-file')} is not a directory)\n`,
      );
    });

    it('exits 1 at once when the auth store path is a directory', async () => {
      const result = await ServiceProcess.run(await sqliteArgs(join(root, 'cache.db'), root));

      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`simsvc-cache: cannot start: auth database file ${root} cannot be opened (it is a directory)\n`);
    });

    it('creates its data directory 0700 and every store file, -wal and -shm included, 0600', async () => {
      const data = join(root, 'data');
      const service = new ServiceProcess(await sqliteArgs(join(data, 'cache.db'), join(data, 'auth.db')), {
        SIMSVC_ADMIN_USERNAME: 'admin',
        SIMSVC_ADMIN_PASSWORD: 'admin-password',
      });
      try {
        await service.waitFor(/^listening on /);
        const files = readdirSync(data).sort();
        expect(files).toEqual(['auth.db', 'auth.db-shm', 'auth.db-wal', 'cache.db', 'cache.db-shm', 'cache.db-wal']);
        expect(Object.fromEntries(files.map((file) => [file, modeOf(join(data, file)).toString(8)]))).toEqual(
          Object.fromEntries(files.map((file) => [file, '600'])),
        );
        expect(modeOf(data).toString(8)).toBe('700');
        expect(service.messages().filter((message) => /readable or writable by group or others/.test(message))).toEqual([]);
      } finally {
        await service.stop();
      }
    });

    // npm start's first run: several services create and migrate one auth.db at the same moment.
    it('starts several services at once on one new data directory, each migration applied once', async () => {
      const data = join(root, 'shared');
      const services = await Promise.all(
        [1, 2, 3, 4].map(async () => new ServiceProcess(await sqliteArgs(join(data, 'cache.db'), join(data, 'auth.db')))),
      );
      try {
        await Promise.all(services.map((service) => service.waitFor(/^listening on /)));
      } finally {
        const exits = await Promise.all(services.map((service) => service.stop()));
        expect(exits.map((exit) => [exit.code, exit.stderr])).toEqual(Array(4).fill([0, expect.stringMatching(/SIGTERM received/)]));
      }
    });

    it('warns once, and keeps running, when an existing store file is open to group and others', async () => {
      const dbPath = join(root, 'cache.db');
      writeFileSync(dbPath, '');
      chmodSync(dbPath, 0o644);
      const service = new ServiceProcess(await sqliteArgs(dbPath, join(root, 'auth.db')));
      try {
        await service.waitFor(/^listening on /);
        expect(service.messages().filter((message) => /readable or writable by group or others/.test(message))).toEqual([
          `cache database file ${dbPath} is readable or writable by group or others (mode 0644); run chmod 600 on it and its -wal and -shm files`,
        ]);
      } finally {
        await service.stop();
      }
    });
  });

  describe('an existing auth.db holding the signing secret, open to group and others (issue 22.11)', () => {
    let root: string;
    let authDb: string;
    const args = async () => [
      '--port',
      String(await freePort()),
      '--backend',
      'sqlite',
      '--db-path',
      join(root, 'cache.db'),
      '--auth-db-path',
      authDb,
    ];
    const authFiles = () => [authDb, `${authDb}-wal`, `${authDb}-shm`].filter((file) => existsSync(file));
    beforeEach(async () => {
      root = mkdtempSync(join(tmpdir(), 'simsvc-auth-mode-'));
      authDb = join(root, 'auth.db');
      // A first run writes the generated signing secret into auth.db.
      const first = new ServiceProcess(await args());
      await first.waitFor(/^listening on /);
      await first.stop();
      for (const file of authFiles()) chmodSync(file, 0o644);
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('tightens it to 0600 at start-up when the service user owns it, saying so', async () => {
      const service = new ServiceProcess(await args());
      try {
        await service.waitFor(/^listening on /);
        expect(authFiles().map((file) => modeOf(file).toString(8))).toEqual(authFiles().map(() => '600'));
        expect(service.messages().filter((message) => message.startsWith('auth database file'))).toEqual([
          `auth database file ${authDb} is readable or writable by group or others (mode 0644); its mode is now 0600`,
        ]);
      } finally {
        await service.stop();
      }
    });

    // Only root can give the file to another user.
    (process.getuid?.() === 0 ? it : it.skip)('refuses to start when another user owns it, with the command that fixes it', async () => {
      for (const file of authFiles()) chownSync(file, 65534, 65534);
      const result = await ServiceProcess.run(await args());

      expect(result.code).toBe(1);
      const files = authFiles().join(' ');
      expect(result.stderr).toBe(
        `simsvc-cache: cannot start: auth database file ${authDb} is readable or writable by group or others (mode 0644) and not owned by the service's user (uid 0); as root run: chown 0 ${files} && chmod 600 ${files}\n`,
      );
      expect(modeOf(authDb)).toBe(0o644);
    });
  });

  describe('npm start, on SQLite', () => {
    const ADMIN_PASSWORD = 'start-all-password-7d1e';
    let root: string;
    let env: Record<string, string>;
    let urls: string[];
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'simsvc-npm-start-'));
      const ports = [await freePort(), await freePort(), await freePort()];
      urls = ports.map((port) => `http://127.0.0.1:${port}`);
      env = {
        SIMSVC_CACHE_PORT: String(ports[0]),
        SIMSVC_CATALOG_PORT: String(ports[1]),
        SIMSVC_RESULTS_PORT: String(ports[2]),
        SIMSVC_CACHE_DB_PATH: join(root, 'cache.db'),
        SIMSVC_CATALOG_DB_PATH: join(root, 'catalog.db'),
        SIMSVC_RESULTS_DB_PATH: join(root, 'results.db'),
        SIMSVC_RESULTS_RUNS_ROOT: join(root, 'runs'),
        SIMSVC_AUTH_DB_PATH: join(root, 'auth.db'),
        SIMSVC_ADMIN_USERNAME: 'first-admin',
        SIMSVC_ADMIN_PASSWORD: ADMIN_PASSWORD,
      };
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    /** The `count` notes before the last one (`next: …`). */
    const notesBeforeNextOnce = async (startAll: StartAllProcess, count: number): Promise<string[]> => {
      try {
        await startAll.waitForNote(/^next: /);
        return startAll.notes().slice(-count - 1, -1);
      } finally {
        expect(await startAll.stop()).toBe(0);
      }
    };

    it('says where each service and its docs are and which admin it created, never the password', async () => {
      const startAll = new StartAllProcess(env);
      try {
        await startAll.waitForNote(/^next: /);
        expect(startAll.notes().slice(-5, -1)).toEqual([
          `cache    ${urls[0]}  docs: ${urls[0]}/docs`,
          `catalog  ${urls[1]}  docs: ${urls[1]}/docs`,
          `results  ${urls[2]}  docs: ${urls[2]}/docs`,
          'admin user "first-admin" created (password: the SIMSVC_ADMIN_PASSWORD you set)',
        ]);
        for (const url of urls) expect((await fetch(`${url}/docs`)).status).toBe(200);
        expect(startAll.output).not.toContain(ADMIN_PASSWORD);
      } finally {
        expect(await startAll.stop()).toBe(0);
      }
    });

    it('says the admin already exists when a later start finds it', async () => {
      expect(await notesBeforeNextOnce(new StartAllProcess(env), 1)).toEqual(['admin user "first-admin" already exists (left unchanged)']);
    });

    it('says how to get an admin when none is configured', async () => {
      const withoutAdmin = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('SIMSVC_ADMIN_')));
      expect(await notesBeforeNextOnce(new StartAllProcess(withoutAdmin), 1)).toEqual([
        'no admin user: set SIMSVC_ADMIN_USERNAME and SIMSVC_ADMIN_PASSWORD to create one at start-up',
      ]);
    });
  });
}
