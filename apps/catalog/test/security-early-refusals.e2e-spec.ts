import {
  bodyBelowLimit,
  EARLY_REFUSAL_MESSAGES,
  type EarlyRefusal,
  itAnswersEarlyRefusals,
  slowBodyAfterParserError,
} from '@simsvc/testing';
import { registerSimulation, useCatalogService } from './support/catalog-test-service';

jest.setTimeout(120_000);

const { malformed, badEncoding, nulInPath } = EARLY_REFUSAL_MESSAGES;
const belowLimit = bodyBelowLimit();

// Issue 22, item 13: requests refused before their body is read. Each client writes its whole
// large body and must read the full answer, never a reset, however early the refusal comes.
const refusals: EarlyRefusal[] = [
  { name: 'PATCH /simulations/é (a raw byte 0xE9): not HTTP', method: 'PATCH', target: '/simulations/é', status: 400, message: malformed },
  { name: 'POST /sync/é/approve of more than 1 MiB', method: 'POST', target: '/sync/é/approve', status: 400, message: malformed },
  slowBodyAfterParserError('PATCH', '/executions/é'),
  { name: 'a path that is not percent-encoding', method: 'POST', target: '/sync/%E0/approve', status: 400, message: badEncoding },
  { name: 'U+0000 in a path parameter', method: 'PATCH', target: '/simulations/%00', status: 400, message: nulInPath },
  { name: 'a DELETE with a body', method: 'DELETE', target: '/simulations/999999', status: 404, body: belowLimit },
  { name: 'a GET of an unknown route with a body', method: 'GET', target: '/nothing-here', status: 404, body: belowLimit },
  { name: 'a DELETE without a session', method: 'DELETE', target: '/simulations/1', status: 401, withoutSession: true, body: belowLimit },
  { name: 'a DELETE with a body over 1 MiB', method: 'DELETE', target: '/simulations/1', status: 413 },
  { name: 'a PATCH without a session', method: 'PATCH', target: '/simulations/1', status: 401, withoutSession: true, body: belowLimit },
  { name: 'a POST to an unknown route', method: 'POST', target: '/nothing-here', status: 404, body: belowLimit },
];

describe('catalog: early refusals of requests with large bodies', () => {
  const svc = useCatalogService();

  itAnswersEarlyRefusals(() => svc, refusals);

  it('refuses U+0000 in a path parameter with 400 on every route, changing nothing', async () => {
    const simulation = await registerSimulation(svc);
    const admin = await svc.tokenFor('admin');
    for (const [method, path] of [
      ['delete', '/users/a%00b'],
      ['get', '/users/%00'],
      ['patch', '/users/admin%00'],
      ['get', '/simulations/%00'],
      ['get', `/simulations/${simulation.name}%00/versions`],
      ['delete', `/simulations/${simulation.id}%00`],
      ['get', '/executions/%00'],
    ] as const) {
      const response = await svc.http()[method](path).set('X-Session-ID', admin);
      expect({ path, status: response.status, message: response.body.message }).toEqual({ path, status: 400, message: nulInPath });
    }
    await svc.http().get(`/simulations/${simulation.name}`).set('X-Session-ID', admin).expect(200);
  });
});
