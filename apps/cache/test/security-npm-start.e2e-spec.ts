import { createTestDatabase, freePort, TestDatabase, testBackend } from '@simsvc/testing';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { StartAllProcess, storeEnvironment } from './support/start-all-process';

// Issue 22, items 4 and 5: `npm start` as a laptop runs it. The services listen on 127.0.0.1
// only, and the console server in front of them names each browser by the address it connects
// from: a forged X-Forwarded-For changes nothing, and two browsers are throttled apart.
jest.setTimeout(60_000);

const ADMIN = { username: 'laptop-admin', password: 'laptop-password-51c2' };

/** POST through the console from a chosen local address (a browser on 127.0.0.2 vs 127.0.0.3). */
function postFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** This machine's own addresses that are not loopback (IPv4). */
const nonLoopbackAddresses = (): string[] =>
  Object.values(networkInterfaces())
    .flatMap((infos) => infos ?? [])
    .filter((info) => info.family === 'IPv4' && !info.internal)
    .map((info) => info.address);

describe(`npm start on ${testBackend()}: laptop defaults`, () => {
  let database: TestDatabase;
  let startAll: StartAllProcess;
  let ports: number[];
  let consoleUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase('npm_start');
    ports = [await freePort(), await freePort(), await freePort()];
    const consolePort = await freePort();
    consoleUrl = `http://127.0.0.1:${consolePort}`;
    const stores = storeEnvironment(database);
    startAll = new StartAllProcess({
      ...stores,
      SIMSVC_CACHE_PORT: String(ports[0]),
      SIMSVC_CATALOG_PORT: String(ports[1]),
      SIMSVC_RESULTS_PORT: String(ports[2]),
      SIMSVC_CONSOLE_PORT: String(consolePort),
      SIMSVC_RESULTS_RUNS_ROOT: join(database.directory, 'runs'),
      SIMSVC_ADMIN_USERNAME: ADMIN.username,
      SIMSVC_ADMIN_PASSWORD: ADMIN.password,
    });
    await startAll.waitForNote(/^admin user /);
  });
  afterAll(async () => {
    if (startAll) expect(await startAll.stop()).toBe(0);
    await database?.drop();
  });

  it('runs the services on 127.0.0.1 only', async () => {
    expect(startAll.notes().filter((note) => /^(cache|catalog|results) /.test(note))).toEqual(
      ['cache   ', 'catalog ', 'results '].map(
        (name, i) => `${name} http://127.0.0.1:${ports[i]}  docs: http://127.0.0.1:${ports[i]}/docs`,
      ),
    );
    for (const port of ports) {
      expect(await accepts('127.0.0.1', port)).toBe(true);
      for (const address of nonLoopbackAddresses()) expect(await accepts(address, port)).toBe(false);
    }
  });

  it('throttles each browser by the address it connects to the console from, whatever X-Forwarded-For it sends', async () => {
    const login = `${consoleUrl}/api/cache/session/login`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        await postFrom(
          '127.0.0.2',
          login,
          { ...ADMIN, password: `wrong-${i}` },
          { 'X-Forwarded-For': `203.0.113.${i}`, 'X-Real-IP': `203.0.113.${i}` },
        ),
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await postFrom('127.0.0.2', login, ADMIN, { 'X-Forwarded-For': '198.51.100.7' })).toBe(429);
    expect(await postFrom('127.0.0.3', login, ADMIN)).toBe(200);
  });
});
