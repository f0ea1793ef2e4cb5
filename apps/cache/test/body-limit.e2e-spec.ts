import { ADMIN, createTestDatabase, TestDatabase } from '@simsvc/testing';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import { CacheProcess } from './support/cache-process';
import { exchange, Exchange } from './support/http-exchange';

const REQUESTS = 200;
const MiB = 1024 * 1024;
// Contract §1: a body over 1 MiB is refused; the README: past 16 MiB it is no longer read.
const MAX_BODY_BYTES = MiB;
const DISCARD_LIMIT_BYTES = 16 * MiB;
// A guard against hangs, not a speed assertion: 200 bodies of up to 2 MiB on a busy machine.
const HANG_GUARD_MS = 120_000;

/** A JSON string of 1–2 MiB, a different size for each i. */
function oversizedBody(i: number): Buffer {
  const size = MAX_BODY_BYTES + 1 + ((i * 7919) % MiB);
  const body = Buffer.alloc(size, 'a');
  body[0] = body[size - 1] = 0x22;
  return body;
}

const tooLarge = { statusCode: 413, error: 'Payload Too Large', message: `request body exceeds ${MAX_BODY_BYTES} bytes` };
const notJson = { statusCode: 415, error: 'Unsupported Media Type', message: 'request body must be application/json' };

/** "413" for an answer with the expected error body; otherwise what came instead. */
function outcome(response: Exchange, expected: { statusCode: number }): string {
  if (response.error) return response.error;
  const body = response.body as { statusCode?: number };
  return body?.statusCode === expected.statusCode ? String(response.status) : `${response.status} ${JSON.stringify(body)}`;
}

function count(outcomes: string[]): Record<string, number> {
  return outcomes.reduce<Record<string, number>>((counts, key) => ({ ...counts, [key]: (counts[key] ?? 0) + 1 }), {});
}

/**
 * Writes a request by hand (head, then body parts) and reads until the server closes the
 * connection; resolves to everything the server sent.
 */
function rawExchange(url: string, head: string, parts: Buffer[]): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server neither answered nor closed: ${Buffer.concat(received).toString('utf8')}`));
    }, HANG_GUARD_MS / 2);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // Writing into a connection the server has closed: what matters is what was read.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(guard);
      resolve(Buffer.concat(received).toString('utf8'));
    });
    socket.write(head);
    const writeParts = async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        if (!socket.write(part)) await new Promise((drained) => socket.once('drain', drained));
      }
    };
    void writeParts();
  });
}

function parseRaw(text: string): { status: number; body: unknown } {
  const [head, body] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

// The built service in a process of its own: in the test's own process, client and server share
// one event loop and the race between the answer and the client's writing hardly ever shows.
describe('a refused body is read before the answer, so the client reads it (the built service)', () => {
  let database: TestDatabase;
  let svc: CacheProcess;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('cache');
    svc = await CacheProcess.start(database);
    const login = await exchange(svc.url, '/session/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(ADMIN)),
    });
    token = (login.body as { token: string }).token;
  }, HANG_GUARD_MS);

  afterAll(async () => {
    svc?.kill();
    await svc?.exited;
    await database?.drop();
  }, HANG_GUARD_MS);

  // Written in pieces, as a client streaming a file does: the answer may come while it writes.
  const post = (body: Buffer, contentType: string, agent?: Agent) =>
    exchange(svc.url, '/cache', {
      method: 'POST',
      agent,
      body,
      pieceBytes: 64 * 1024,
      headers: { 'content-type': contentType, 'x-session-id': token },
    });

  describe.each([
    ['over keep-alive connections', true],
    ['each on a new connection', false],
  ])('%s', (_mode, keepAlive) => {
    let agent: Agent | undefined;
    beforeEach(() => {
      agent = keepAlive ? new Agent({ keepAlive: true, maxSockets: 1 }) : undefined;
    });
    afterEach(() => agent?.destroy());

    it.each([
      ['JSON', 413, 'application/json', tooLarge],
      ['non-JSON', 415, 'text/plain', notJson],
    ])(
      `every one of ${REQUESTS} %s bodies of 1–2 MiB reads the %i and its error body`,
      async (_kind, status, contentType, refusal) => {
        const outcomes: string[] = [];
        for (let i = 0; i < REQUESTS; i += 1) outcomes.push(outcome(await post(oversizedBody(i), contentType, agent), refusal));

        expect(count(outcomes)).toEqual({ [status]: REQUESTS });
        expect((await post(oversizedBody(0), contentType, agent)).body).toEqual(refusal);
      },
      HANG_GUARD_MS,
    );
  });

  it(
    `answers 413 and closes without reading a body that declares more than ${DISCARD_LIMIT_BYTES / MiB} MiB`,
    async () => {
      const head =
        'POST /cache HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `X-Session-ID: ${token}\r\nContent-Length: ${1024 * MiB}\r\n\r\n`;
      // One MiB of the declared GiB is sent; the connection stays open from the client's side.
      const answer = parseRaw(await rawExchange(svc.url, head, [Buffer.alloc(MiB, 0x20)]));

      expect(answer).toEqual({ status: 413, body: tooLarge });
    },
    HANG_GUARD_MS,
  );

  it(
    `refuses a chunked body once more than ${DISCARD_LIMIT_BYTES / MiB} MiB has arrived, without waiting for its end`,
    async () => {
      const head = `POST /cache HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Session-ID: ${token}\r\nTransfer-Encoding: chunked\r\n\r\n`;
      const chunk = Buffer.concat([Buffer.from(`${MiB.toString(16)}\r\n`), Buffer.alloc(MiB, 0x20), Buffer.from('\r\n')]);
      // Never the final zero-length chunk: the body does not end.
      const parts = Array.from({ length: DISCARD_LIMIT_BYTES / MiB + 1 }, () => chunk);
      const answer = parseRaw(await rawExchange(svc.url, head, parts));

      expect(answer).toEqual({ status: 413, body: tooLarge });
    },
    HANG_GUARD_MS,
  );

  it(
    'still answers 413 to an oversized body with Connection: close, and stores nothing',
    async () => {
      const entry = JSON.stringify({ cache_key: 'body-limit/huge', padding: 'x'.repeat(MAX_BODY_BYTES) });
      const response = await exchange(svc.url, '/cache', {
        method: 'POST',
        body: Buffer.from(entry),
        headers: { 'content-type': 'application/json', 'x-session-id': token, connection: 'close' },
      });

      expect(response).toMatchObject({ status: 413, body: tooLarge });
      expect((await exchange(svc.url, '/cache/body-limit/huge', { headers: { 'x-session-id': token } })).status).toBe(404);
    },
    HANG_GUARD_MS,
  );
});
