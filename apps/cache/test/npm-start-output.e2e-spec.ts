import { createTestDatabase, freePort, testBackend, type TestDatabase } from '@simsvc/testing';
import { join } from 'node:path';
import { StartAllProcess, storeEnvironment } from './support/start-all-process';

// Issue 25, item 2: a quiet `npm start`. Once everything listens, what it printed fits on one
// screen and ends with the summary; requests print nothing unless `--access-log`; no Node
// deprecation warnings (the console's proxy used to cause DEP0060 on its first request).
jest.setTimeout(60_000);

/** A terminal's screen: what must hold everything npm start prints up to its summary. */
const SCREEN_LINES = 24;
const ADMIN = { username: 'quiet-admin', password: 'quiet-password-3b8e' };

describe(`npm start output on ${testBackend()}`, () => {
  let database: TestDatabase;
  let ports: number[];
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase('npm_start_output');
    const stores = storeEnvironment(database);
    ports = [await freePort(), await freePort(), await freePort(), await freePort()];
    env = {
      ...stores,
      SIMSVC_CACHE_PORT: String(ports[0]),
      SIMSVC_CATALOG_PORT: String(ports[1]),
      SIMSVC_RESULTS_PORT: String(ports[2]),
      SIMSVC_CONSOLE_PORT: String(ports[3]),
      SIMSVC_RESULTS_RUNS_ROOT: join(database.directory, 'runs'),
      SIMSVC_ADMIN_USERNAME: ADMIN.username,
      SIMSVC_ADMIN_PASSWORD: ADMIN.password,
    };
  });
  afterAll(() => database?.drop());

  /** Requests as a first session makes them: the console, its proxy, each service directly. */
  const browse = async () => {
    const consoleUrl = `http://127.0.0.1:${ports[3]}`;
    for (const path of ['/', '/results', '/api/cache/cache/stats', '/api/catalog/simulations/search', '/api/results/health']) {
      await (await fetch(`${consoleUrl}${path}`)).arrayBuffer();
    }
    for (const port of ports.slice(0, 3)) await (await fetch(`http://127.0.0.1:${port}/session`)).arrayBuffer();
    const login = await fetch(`http://127.0.0.1:${ports[0]}/session/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    // The services write their request lines once the response is done: give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  };

  it('fits on one screen, ends with the summary, and prints no request lines and no warnings', async () => {
    const startAll = new StartAllProcess(env);
    let output: string;
    try {
      await startAll.waitForNote(/^next: /);
      const lines = startAll.output.trimEnd().split('\n');
      expect(lines.length).toBeLessThanOrEqual(SCREEN_LINES);
      const u = (i: number) => `http://127.0.0.1:${ports[i]}`;
      expect(startAll.notes().slice(-6)).toEqual([
        `console  ${u(3)}`,
        `cache    ${u(0)}  docs: ${u(0)}/docs`,
        `catalog  ${u(1)}  docs: ${u(1)}/docs`,
        `results  ${u(2)}  docs: ${u(2)}/docs`,
        `admin user "${ADMIN.username}" created (password: the SIMSVC_ADMIN_PASSWORD you set)`,
        'next: npx simsvc demo   (a sweep of 2,000 runs to look at in the console)',
      ]);
      await browse();
      output = startAll.output;
    } finally {
      expect(await startAll.stop()).toBe(0);
    }
    expect(output).not.toMatch(/Mapped \{|RouterExplorer|InstanceLoader/);
    expect(output).not.toMatch(/request completed|GET \/|POST \//);
    expect(output).not.toMatch(/Warning|\(node:\d+\)/);
    expect(output.trimEnd().split('\n').length).toBeLessThanOrEqual(SCREEN_LINES);
  });

  it('--access-log prints a line per request (and is not passed on to the services)', async () => {
    const startAll = new StartAllProcess(env, ['--access-log']);
    let output: string;
    try {
      await startAll.waitForNote(/^next: /);
      await browse();
      output = startAll.output;
    } finally {
      expect(await startAll.stop()).toBe(0);
    }
    expect(output).toMatch(/\[cache\] +\d\d:\d\d:\d\d info +POST \/session\/login → 200 \(\d+ ms\) \([\w-]+\)/);
    expect(output).toMatch(/\[catalog\] +\d\d:\d\d:\d\d info +GET \/simulations\/search → \d{3}/);
    expect(output).not.toMatch(/\(node:\d+\)/);
  });
});
