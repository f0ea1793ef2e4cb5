import {
  bodyBelowLimit,
  EARLY_REFUSAL_MESSAGES,
  type EarlyRefusal,
  itAnswersEarlyRefusals,
  slowBodyAfterParserError,
  useSessions,
} from '@simsvc/testing';
import { makeEntry, useCacheService } from './support/cache-test-service';

jest.setTimeout(120_000);

const { malformed, nulInPath } = EARLY_REFUSAL_MESSAGES;
const belowLimit = bodyBelowLimit();

// Issue 22, item 13: requests refused before their body is read. Each client writes its whole
// large body and must read the full answer, never a reset, however early the refusal comes.
const refusals: EarlyRefusal[] = [
  { name: 'POST /cache/é (a raw byte 0xE9): not HTTP', method: 'POST', target: '/cache/é', status: 400, message: malformed },
  slowBodyAfterParserError('POST', '/cache/é'),
  { name: 'a path that is not percent-encoding', method: 'DELETE', target: '/cache/%E0', status: 400, body: belowLimit },
  { name: 'U+0000 in a path parameter', method: 'DELETE', target: '/users/a%00b', status: 400, message: nulInPath },
  { name: 'a DELETE with a body', method: 'DELETE', target: '/cache/no-such-key', status: 404, body: belowLimit },
  { name: 'a HEAD with a body', method: 'HEAD', target: '/cache/no-such-key', status: 404, body: belowLimit },
  { name: 'a GET without a session', method: 'GET', target: '/cache/entries', status: 401, withoutSession: true, body: belowLimit },
  { name: 'a POST without a session', method: 'POST', target: '/cache', status: 401, withoutSession: true, body: belowLimit },
  { name: 'a GET with a body over 1 MiB', method: 'GET', target: '/cache/entries', status: 413 },
];

describe('cache: early refusals of requests with large bodies', () => {
  const svc = useCacheService();
  const sessions = useSessions(svc, 'admin');

  itAnswersEarlyRefusals(() => svc, refusals);

  it('refuses U+0000 in a path parameter with 400, changing nothing', async () => {
    const entry = makeEntry();
    await svc.http().post('/cache').set('X-Session-ID', sessions.admin).send(entry).expect(200);
    for (const [method, path] of [
      ['delete', '/users/a%00b'],
      ['get', '/users/%00'],
      ['delete', `/cache/${String(entry.cache_key)}%00`],
    ] as const) {
      const response = await svc.http()[method](path).set('X-Session-ID', sessions.admin);
      expect({ path, status: response.status, message: response.body.message }).toEqual({ path, status: 400, message: nulInPath });
    }
    await svc
      .http()
      .get(`/cache/${String(entry.cache_key)}`)
      .set('X-Session-ID', sessions.admin)
      .expect(200);
    await svc.http().get('/users/admin').set('X-Session-ID', sessions.admin).expect(200);
  });
});
