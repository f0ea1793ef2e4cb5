import { ADMIN, createTestDatabase, TestDatabase } from '@simsvc/testing';
import { Agent } from 'node:http';
import { Socket } from 'node:net';
import { exchange, heldRequest } from './support/http-exchange';
import { makeEntry } from './support/cache-test-service';
import { CacheProcess } from './support/cache-process';

// `docker stop` kills after 10 s; a service with only idle keep-alive clients must be long gone.
const EXIT_WITHIN_SECONDS = 3;
// A guard against hangs, not a speed assertion: a process start and a drain on a busy machine.
const HANG_GUARD_MS = 30_000;

/** The sockets a keep-alive agent holds open and idle. */
function idleSockets(agent: Agent): Socket[] {
  return Object.values(agent.freeSockets).flatMap((sockets) => sockets ?? []) as Socket[];
}

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));

describe('SIGTERM to the built service (a real process)', () => {
  let database: TestDatabase;
  let service: CacheProcess;
  const agents: Agent[] = [];
  const keepAliveAgent = (maxSockets: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets });
    agents.push(agent);
    return agent;
  };

  beforeEach(async () => {
    database = await createTestDatabase('cache');
    service = await CacheProcess.start(database);
  }, HANG_GUARD_MS);

  afterEach(async () => {
    agents.splice(0).forEach((agent) => agent.destroy());
    service?.kill();
    await service?.exited;
    await database?.drop();
  }, HANG_GUARD_MS);

  it(
    `exits 0 within ${EXIT_WITHIN_SECONDS} s when only idle keep-alive connections are open`,
    async () => {
      const agent = keepAliveAgent(3);
      const warmUp = await Promise.all([1, 2, 3].map(() => exchange(service.url, '/health', { agent })));
      expect(warmUp.map((response) => response.status)).toEqual([200, 200, 200]);
      expect(idleSockets(agent)).toHaveLength(3);

      const signalledAt = service.signal('SIGTERM');
      const exit = await service.exited;

      expect(exit).toMatchObject({ code: 0, signal: null });
      expect((exit.at - signalledAt) / 1000).toBeLessThanOrEqual(EXIT_WITHIN_SECONDS);
    },
    HANG_GUARD_MS,
  );

  it(
    'lets a request in flight finish with 200 and Connection: close, even after idle connections were closed',
    async () => {
      const login = await exchange(service.url, '/session/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(ADMIN)),
      });
      const token = (login.body as { token: string }).token;
      const idleAgent = keepAliveAgent(1);
      expect((await exchange(service.url, '/health', { agent: idleAgent })).status).toBe(200);
      const [idleSocket] = idleSockets(idleAgent);
      const idleClosed = closed(idleSocket);
      const entry = makeEntry();
      const slow = heldRequest(service.url, '/cache', Buffer.from(JSON.stringify(entry)), { 'x-session-id': token });
      await slow.inFlight;

      service.signal('SIGTERM');
      await service.stderrIncludes('SIGTERM received, draining');
      // The drain closes quiet connections after a moment; the one with a request in flight stays.
      await idleClosed;
      slow.finish();
      const answer = await slow.response;

      expect(answer).toMatchObject({ status: 200, body: { success: true, cache_key: entry['cache_key'] } });
      expect(answer.headers['connection']).toBe('close');
      expect((await service.exited).code).toBe(0);
    },
    HANG_GUARD_MS,
  );

  it(
    'answers, with Connection: close, a request sent on an idle keep-alive connection during the drain',
    async () => {
      const agent = keepAliveAgent(1);
      expect((await exchange(service.url, '/health', { agent })).status).toBe(200);

      service.signal('SIGTERM');
      await service.stderrIncludes('SIGTERM received, draining');
      const during = await exchange(service.url, '/health', { agent });

      expect(during).toMatchObject({ status: 200, reusedSocket: true });
      expect(during.headers['connection']).toBe('close');
      expect(idleSockets(agent)).toHaveLength(0);
      expect((await service.exited).code).toBe(0);
    },
    HANG_GUARD_MS,
  );
});
