import { SessionGuard } from '@simsvc/auth';
import { useSessions } from '@simsvc/testing';
import request, { type Response } from 'supertest';
import { makeEntry, useCacheService } from './support/cache-test-service';

// PlainStoreMiddleware answers POST /cache before Nest's router; with a query string the router
// and the controller do. Both must give the same answer to the same request, refusals included,
// whether the body is taken by StoreEntryDto's plain check or by class-validator.
describe('POST /cache answered before routing', () => {
  // The global guard runs on every routed request, and on none answered before routing.
  const guard = jest.spyOn(SessionGuard.prototype, 'canActivate');
  const svc = useCacheService();
  const sessions = useSessions(svc, 'user');
  afterAll(() => guard.mockRestore());

  /** A POST of `body` (an object sent as JSON, or raw text with its content type) with the user's session, another token, or none (null). */
  const post = (path: string, body: object | [type: string, text: string], token: string | null = sessions.user) => {
    let call = svc.http().post(path);
    if (token !== null) call = call.set('X-Session-ID', token);
    return Array.isArray(body) ? call.set('Content-Type', body[0]).send(body[1]) : call.send(body);
  };

  /** Status, headers and body, without what differs between any two answers (date, request id). */
  const answer = ({ status, headers, text }: Response) => {
    const { date: _date, 'x-request-id': _id, ...kept } = headers;
    return { status, headers: kept, body: text };
  };

  /** The answer to the POST answered before routing, and the one of the controller (the path with a query string). */
  async function bothWays(body: object | [type: string, text: string], token: string | null = sessions.user) {
    guard.mockClear();
    const plain = await post('/cache', body, token);
    expect(guard).not.toHaveBeenCalled();
    const routed = await post('/cache?via=router', body, token);
    // A body that is not JSON, or not well-formed, is refused before either (json-body.middleware.ts).
    expect(guard).toHaveBeenCalledTimes(routed.status === 415 || routed.text.includes('malformed JSON body') ? 0 : 1);
    return { plain: answer(plain), routed: answer(routed) };
  }

  it('stores as the router does, whether the plain check or class-validator takes the body', async () => {
    const bodies = [makeEntry(), makeEntry({ simulation_id: null, ttl_seconds: 60, ttl_hours: null, metadata: { constructor: 'data' } })];
    for (const body of bodies) {
      const { plain, routed } = await bothWays(body);
      expect(plain.status).toBe(200);
      expect(JSON.parse(plain.body)).toEqual({ success: true, cache_key: body.cache_key });
      expect(plain).toEqual(routed);
      const { body: stored } = await svc
        .http()
        .get(`/cache/${body.cache_key as string}`)
        .set('X-Session-ID', sessions.user)
        .expect(200);
      expect(stored).toMatchObject({ execution_id: body.execution_id, metadata: body.metadata ?? null });
    }
  });

  it('refuses as the router does, and stores nothing', async () => {
    const cases: [body: object | [string, string], token?: string | null][] = [
      [makeEntry(), null],
      [makeEntry(), 'not-a-token'],
      [makeEntry({ cache_key: 'stats' })],
      [makeEntry({ simulation_id: -1, ttl_seconds: 5 })],
      [makeEntry({ unknown: 1 })],
      [{ cache_key: 'only-a-key' }],
      [['application/json', '[]']],
      [['application/json', '{"cache_key":']],
      [['text/plain', 'cache_key=k']],
    ];
    const expected = [401, 401, 400, 400, 400, 400, 400, 400, 415];
    for (const [index, [body, ...token]] of cases.entries()) {
      const { plain, routed } = await bothWays(body, ...token);
      expect({ index, status: plain.status }).toEqual({ index, status: expected[index] });
      expect(plain).toEqual(routed);
    }
    const { body: stats } = await svc.http().get('/cache/stats').set('X-Session-ID', sessions.user).expect(200);
    expect(stats.total_entries).toBe(2);
  });

  it('leaves other spellings of the path to the router', async () => {
    for (const path of ['/cache/', '/CACHE']) {
      guard.mockClear();
      // Express matches routes in any case and with one trailing slash; the OpenAPI document knows
      // neither spelling, so these go unchecked against it.
      await request(svc.url).post(path).set('X-Session-ID', sessions.user).send(makeEntry()).expect(200);
      expect(guard).toHaveBeenCalledTimes(1);
    }
  });
});
