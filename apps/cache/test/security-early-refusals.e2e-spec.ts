import { answerOf, bodyBelowLimit, EARLY_REFUSAL_MESSAGES, type EarlyRefusal, sendEarlyRefusal } from '@simsvc/testing';
import { CacheTestService, makeEntry, startCacheService } from './support/cache-test-service';

jest.setTimeout(120_000);

const { malformed, nulInPath } = EARLY_REFUSAL_MESSAGES;
const belowLimit = bodyBelowLimit();

// Issue 22, item 13: requests refused before their body is read. Each client writes its whole
// large body and must read the full answer, never a reset, however early the refusal comes.
const refusals: EarlyRefusal[] = [
  { name: 'POST /cache/é (a raw byte 0xE9): not HTTP', method: 'POST', target: '/cache/é', status: 400, message: malformed },
  { name: 'a path that is not percent-encoding', method: 'DELETE', target: '/cache/%E0', status: 400, body: belowLimit },
  { name: 'U+0000 in a path parameter', method: 'DELETE', target: '/users/a%00b', status: 400, message: nulInPath },
  { name: 'a DELETE with a body', method: 'DELETE', target: '/cache/no-such-key', status: 404, body: belowLimit },
  { name: 'a HEAD with a body', method: 'HEAD', target: '/cache/no-such-key', status: 404, body: belowLimit },
  { name: 'a GET without a session', method: 'GET', target: '/cache/entries', status: 401, withoutSession: true, body: belowLimit },
  { name: 'a POST without a session', method: 'POST', target: '/cache', status: 401, withoutSession: true, body: belowLimit },
  { name: 'a GET with a body over 1 MiB', method: 'GET', target: '/cache/entries', status: 413 },
];

describe('cache: early refusals of requests with large bodies', () => {
  let svc: CacheTestService;
  let token: string;

  beforeAll(async () => {
    svc = await startCacheService();
    token = await svc.tokenFor('admin');
  });
  afterAll(() => svc?.close());

  describe.each(['keep-alive', 'close'] as const)('Connection: %s', (connection) => {
    it.each(refusals)('$name: the full $status answer, no reset', async (refusal) => {
      const outcome = await sendEarlyRefusal(svc.url, refusal, connection, token);
      const answer = answerOf(outcome);

      expect(answer.error).toBeUndefined();
      expect(answer.status).toBe(refusal.status);
      // A HEAD answer has no body.
      if (refusal.method !== 'HEAD') expect(answer.statusCode).toBe(refusal.status);
      if (refusal.message) expect(answer.message).toEqual(refusal.message);
    });
  });

  it('refuses U+0000 in a path parameter with 400, changing nothing', async () => {
    const entry = makeEntry();
    await svc.http().post('/cache').set('X-Session-ID', token).send(entry).expect(200);
    for (const [method, path] of [
      ['delete', '/users/a%00b'],
      ['get', '/users/%00'],
      ['delete', `/cache/${String(entry.cache_key)}%00`],
    ] as const) {
      const response = await svc.http()[method](path).set('X-Session-ID', token);
      expect({ path, status: response.status, message: response.body.message }).toEqual({ path, status: 400, message: nulInPath });
    }
    await svc
      .http()
      .get(`/cache/${String(entry.cache_key)}`)
      .set('X-Session-ID', token)
      .expect(200);
    await svc.http().get('/users/admin').set('X-Session-ID', token).expect(200);
  });
});
