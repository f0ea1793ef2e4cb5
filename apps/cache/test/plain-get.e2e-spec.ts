import { SessionGuard } from '@simsvc/auth';
import { useSessions } from '@simsvc/testing';
import request, { type Response } from 'supertest';
import { entryPath, makeEntry, useCacheService } from './support/cache-test-service';

// PlainGetMiddleware answers GET /cache/{key} without a query string before Nest's router; with
// one (?simulation_id=N) the router and the controller do. Both must give the same answer to the
// same request, refusals included.
describe('GET /cache/{key} answered before routing', () => {
  // The global guard runs on every routed request, and on none answered before routing.
  const guard = jest.spyOn(SessionGuard.prototype, 'canActivate');
  const svc = useCacheService();
  const sessions = useSessions(svc, 'user');
  afterAll(() => guard.mockRestore());

  /** A GET with the user's session, another token, or none (null). */
  const get = (path: string, token: string | null = sessions.user) => {
    const call = svc.http().get(path);
    return token === null ? call : call.set('X-Session-ID', token);
  };

  /** Status, headers and body, without what differs between any two answers (date, request id). */
  const answer = ({ status, headers, text }: Response) => {
    const { date: _date, 'x-request-id': _id, ...kept } = headers;
    return { status, headers: kept, body: text };
  };

  /** The answer to `path` answered before routing, and the one of the controller (`path` with a query string). */
  async function bothWays(path: string, token: string | null = sessions.user) {
    guard.mockClear();
    const plain = await get(path, token);
    expect(guard).not.toHaveBeenCalled();
    const routed = await get(`${path}?simulation_id=7`, token);
    expect(guard).toHaveBeenCalledTimes(1);
    return { plain: answer(plain), routed: answer(routed) };
  }

  it('answers a hit as the router does, and counts both hits', async () => {
    const entry = makeEntry({ metadata: { note: 'line\u2028break "quoted" é', nested: { values: [1, 2.5, null] } } });
    await svc.http().post('/cache').set('X-Session-ID', sessions.user).send(entry).expect(200);
    const { plain, routed } = await bothWays(entryPath(entry.cache_key as string));
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.body)).toMatchObject({ cache_key: entry.cache_key, hit_count: 1 });
    expect(JSON.parse(routed.body)).toMatchObject({ cache_key: entry.cache_key, hit_count: 2 });
    expect(plain).toEqual({ ...routed, body: routed.body.replace('"hit_count":2', '"hit_count":1') });
  });

  it('answers a miss and every refusal as the router does', async () => {
    const user = await svc.createUser('plain-get');
    const revoked = await svc.login(user.username, user.password);
    await svc.http().delete('/session').set('X-Session-ID', revoked).expect(204);
    const cases: [path: string, token?: string | null][] = [
      ['/cache/never/stored'],
      ['/cache/no-session', null],
      ['/cache/forged-session', 'not-a-token'],
      ['/cache/revoked-session', revoked],
      ['/cache/control%01character'],
      [`/cache/${'k'.repeat(1025)}`],
    ];
    const expected = [404, 401, 401, 401, 400, 400];
    for (const [index, [path, ...token]] of cases.entries()) {
      const { plain, routed } = await bothWays(path, ...token);
      expect({ path, status: plain.status }).toEqual({ path, status: expected[index] });
      expect(plain).toEqual(routed);
    }
  });

  it('leaves the literal routes, HEAD and a key spelled like one of them to the router', async () => {
    // Express matches routes in any case and with one trailing slash; the OpenAPI document knows
    // neither spelling, so these go unchecked against it.
    for (const path of ['/cache/stats', '/cache/STATS/', '/cache/entries/', '/cache/Invalidations']) {
      const { body } = await request(svc.url).get(path).set('X-Session-ID', sessions.user).expect(200);
      expect(body).not.toHaveProperty('cache_key');
    }
    const spelled = await get('/cache/st%61ts').expect(404);
    expect(spelled.body).toMatchObject({ message: 'cache miss', cache_key: 'stats' });
    await svc.http().head('/cache/never/stored').set('X-Session-ID', sessions.user).expect(404);
  });
});
