import { decode, sign } from 'jsonwebtoken';
import { expectError, makeDirect, ResultsTestService, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

const SECRET = 'results-e2e-signing-secret-of-at-least-32-bytes';

type Method = 'get' | 'post' | 'delete';
// Always four columns: jest takes a test function with more parameters than a row has for a
// done-callback test.
const ROUTES: [Method, string, string, Record<string, unknown> | undefined][] = [
  ['post', '/register', 'write_results', { execution_id: 'auth-run' }],
  ['post', '/register_direct', 'write_results', makeDirect({ execution_id: 'auth-direct' })],
  ['post', '/search', 'read_results', { simulation_name: 'heat-1d' }],
  ['post', '/export', 'read_results', { simulation_name: 'heat-1d', format: 'jsonl' }],
  ['get', '/results/auth-direct', 'read_results', undefined],
  ['delete', '/results/auth-direct', 'write_results', undefined],
  ['get', '/stats/heat-1d/max_temperature', 'read_results', undefined],
];

// Contract §1 and §3 as they apply to the results service, and the Python ResultsClient's calls.
describe('results service conventions', () => {
  const results = useResultsService({ env: { SIMSVC_AUTH_SECRET: SECRET } });

  const call = (method: Method, path: string, body?: Record<string, unknown>, token?: string) => {
    let request = results.http()[method](path);
    if (token) request = request.set('X-Session-ID', token);
    return body ? request.send(body) : request;
  };

  /**
   * A token of a live session whose privileges lack one. No role lacks the results privileges
   * (contract §3: even anonymous sessions hold them), so it is signed here with the service's
   * secret, for a real anonymous session: what a narrower session type would present.
   */
  async function tokenWithout(privilege: string): Promise<string> {
    const claims = decode(await results.svc.anonymousToken()) as Record<string, unknown> & { privileges: string[] };
    return sign({ ...claims, privileges: claims.privileges.filter((held) => held !== privilege) }, SECRET, { algorithm: 'HS256' });
  }

  describe('sessions and privileges', () => {
    it.each(ROUTES)('%s %s without X-Session-ID → 401', async (method, path, _privilege, body) => {
      const response = await call(method, path, body);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'missing X-Session-ID header' });
    });

    it.each(ROUTES)('%s %s with a forged session → 401 invalid session', async (method, path, _privilege, body) => {
      const forged = sign(
        { sid: 'x', sub: 'admin', role: 'admin', privileges: ['read_results', 'write_results'] },
        'another-secret-another-secret-another',
        { algorithm: 'HS256', expiresIn: 600 },
      );
      expectError(await call(method, path, body, forged), 401, 'invalid session');
    });

    it.each(ROUTES)('%s %s without %s → 403 naming it, and nothing changes', async (method, path, privilege, body) => {
      const before = await results.snapshot(['heat-1d']);
      expectError(await call(method, path, body, await tokenWithout(privilege)), 403, `missing privilege ${privilege}`);
      expect(await results.snapshot(['heat-1d'])).toEqual(before);
    });

    it('lets an anonymous session (which holds both results privileges) use every route', async () => {
      const anonymous = await results.svc.anonymousToken();
      results.writeRun({ execution_id: 'auth-run' });
      const statuses: number[] = [];
      for (const [method, path, , body] of ROUTES) statuses.push((await call(method, path, body, anonymous)).status);
      expect(statuses).toEqual(ROUTES.map(() => 200));
    });

    it('acts with every privilege under --no-auth', async () => {
      const open = await ResultsTestService.start({ args: ['--no-auth'] });
      try {
        const response = await open
          .http()
          .post('/register_direct')
          .send(makeDirect({ execution_id: 'no-auth' }));
        expect(response.status).toBe(200);
        expect((await open.http().get('/results/no-auth')).status).toBe(200);
      } finally {
        await open.close();
      }
    });
  });

  describe('contract §1', () => {
    it('answers 415 to a body that is not application/json, storing nothing', async () => {
      const token = await results.token();
      const response = await results
        .http()
        .post('/register_direct')
        .set('X-Session-ID', token)
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify(makeDirect({ execution_id: 'c-415' })));
      expectError(response, 415, 'request body must be application/json');
      expectError(await results.get('/results/c-415'), 404, 'result not found');
    });

    it('answers 400 to malformed JSON and to a body that is not an object', async () => {
      const token = await results.token();
      expectError(
        await results
          .http()
          .post('/search')
          .set('X-Session-ID', token)
          .set('Content-Type', 'application/json')
          .send('{"simulation_name": '),
        400,
        'malformed JSON body',
      );
      expectError(
        await results.http().post('/search').set('X-Session-ID', token).set('Content-Type', 'application/json').send('[1]'),
        400,
        'request body must be a JSON object',
      );
      expectError(await results.http().post('/register').set('X-Session-ID', token), 400, 'request body must be a JSON object');
    });

    it('answers 413 to a body over 1 MiB', async () => {
      expectError(
        await results.post('/register_direct', makeDirect({ execution_id: 'c-413', input_params: { blob: 'x'.repeat(1024 * 1024) } })),
        413,
        'request body exceeds 1048576 bytes',
      );
    });

    it('refuses a body nested deeper than any valid request, instead of failing on it', async () => {
      const deep = '['.repeat(200_000) + ']'.repeat(200_000);
      const token = await results.token();
      for (const [path, body] of [
        [
          '/register_direct',
          `{"execution_id":"c-deep","simulation_name":"s","simulation_version":"1","status":"ok","input_params":{"d":${deep}},"output_params":{}}`,
        ],
        ['/register', `{"execution_id":"c-deep","metadata":{"d":${deep}}}`],
        ['/search', `{"simulation_name":"s","input_filters":{"d":${deep}}}`],
      ]) {
        const response = await results.http().post(path).set('X-Session-ID', token).set('Content-Type', 'application/json').send(body);
        expectError(response, 400, 'request body is nested more than 72 levels deep');
        expect(response.body.details).toEqual(['request body is nested more than 72 levels deep']);
      }
      expectError(await results.get('/results/c-deep'), 404, 'result not found');
    });

    it('refuses __proto__ as a key rather than losing the parameter or filter', async () => {
      const token = await results.token();
      const send = (path: string, text: string) =>
        results.http().post(path).set('X-Session-ID', token).set('Content-Type', 'application/json').send(text);
      expectError(
        await send(
          '/register_direct',
          '{"execution_id":"c-proto","simulation_name":"s","simulation_version":"1","status":"ok","input_params":{"__proto__":1},"output_params":{}}',
        ),
        400,
        'request body must not use __proto__ as a key',
      );
      expectError(
        await send('/search', '{"simulation_name":"s","input_filters":{"__proto__":{"$gt":1}}}'),
        400,
        'request body must not use __proto__ as a key',
      );
      expectError(await results.get('/results/c-proto'), 404, 'result not found');
    });

    it('lists each failed constraint once in details, from the validation pipe and from the search filters', async () => {
      const long = (letter: string) => letter.repeat(257);
      const search = await results.post('/search', { input_filters: { [long('a')]: 1, [long('b')]: 2, c: { $gt: 'x' } } });
      expect(expectError(search, 400, 'input_filters parameter names must be at most 256 characters')['details']).toEqual([
        'input_filters parameter names must be at most 256 characters',
        'input_filters.c.$gt must be a number',
      ]);
      const direct = await results.post('/register_direct', makeDirect({ execution_id: null, duration_seconds: 'long', status: null }));
      expect(expectError(direct, 400, /^execution_id must match/)['details']).toEqual([
        'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$',
        'status must be a string of 1 to 64 characters',
        'duration_seconds must be a non-negative number',
      ]);
    });

    it('echoes a valid X-Request-ID and makes one up otherwise', async () => {
      const token = await results.token();
      const echoed = await results
        .http()
        .post('/search')
        .set('X-Session-ID', token)
        .set('X-Request-ID', 'trace-42.a_b')
        .send({ simulation_name: 'x' });
      expect(echoed.headers['x-request-id']).toBe('trace-42.a_b');
      const replaced = await results.http().get('/results/nope').set('X-Session-ID', token).set('X-Request-ID', 'bad id!');
      expect(replaced.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
      expect(replaced.headers['x-request-id']).not.toBe('bad id!');
    });

    it('reports health with its service name and backend', async () => {
      const response = await results.http().get('/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'healthy', service: 'results', backend: results.svc.backend });
    });

    it('counts registrations in /metrics', async () => {
      await results.stored();
      const metrics = await results.http().get('/metrics');
      expect(metrics.text).toMatch(/^simsvc_results_registered_total \d+/m);
    });
  });
});
