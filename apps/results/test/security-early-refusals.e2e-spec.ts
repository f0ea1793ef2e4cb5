import {
  bodyBelowLimit,
  EARLY_REFUSAL_MESSAGES,
  type EarlyRefusal,
  itAnswersEarlyRefusals,
  slowBodyAfterParserError,
  useSessions,
} from '@simsvc/testing';
import { useResultsService } from './support/results-test-service';

jest.setTimeout(120_000);

const { malformed, nulInPath } = EARLY_REFUSAL_MESSAGES;
const belowLimit = bodyBelowLimit();

// Issue 22, item 13: requests refused before their body is read. Each client writes its whole
// large body and must read the full answer, never a reset, however early the refusal comes.
const refusals: EarlyRefusal[] = [
  {
    name: 'POST /register_direct/é (a raw byte 0xE9): not HTTP',
    method: 'POST',
    target: '/register_direct/é',
    status: 400,
    message: malformed,
  },
  slowBodyAfterParserError('POST', '/register_direct/é'),
  { name: 'a path that is not percent-encoding', method: 'POST', target: '/stats/%E0/x', status: 400 },
  { name: 'U+0000 in a path parameter', method: 'DELETE', target: '/results/a%00b', status: 400, message: nulInPath },
  { name: 'a DELETE with a body', method: 'DELETE', target: '/results/no-such-execution', status: 404, body: belowLimit },
  { name: 'a GET without a session', method: 'GET', target: '/results/x', status: 401, withoutSession: true, body: belowLimit },
  { name: 'a POST without a session', method: 'POST', target: '/search', status: 401, withoutSession: true, body: belowLimit },
  { name: 'a POST to an unknown route', method: 'POST', target: '/nothing-here', status: 404, body: belowLimit },
  { name: 'a DELETE with a body over 1 MiB', method: 'DELETE', target: '/results/x', status: 413 },
];

describe('results: early refusals of requests with large bodies', () => {
  const results = useResultsService();
  const sessions = useSessions(results, 'admin');

  itAnswersEarlyRefusals(() => results, refusals);

  it('refuses U+0000 in a path parameter with 400, changing nothing', async () => {
    for (const [method, path] of [
      ['delete', '/users/a%00b'],
      ['get', '/users/%00'],
      ['get', '/results/%00'],
      ['delete', '/results/x%00'],
      ['get', '/stats/%00/x'],
    ] as const) {
      const response = await results.http()[method](path).set('X-Session-ID', sessions.admin);
      expect({ path, status: response.status, message: response.body.message }).toEqual({ path, status: 400, message: nulInPath });
    }
    await results.http().get('/users/admin').set('X-Session-ID', sessions.admin).expect(200);
  });
});
