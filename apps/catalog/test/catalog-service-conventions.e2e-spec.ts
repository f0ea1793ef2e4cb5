import { itRefusesASessionAfterLogout } from '@simsvc/testing';
import { decode, sign } from 'jsonwebtoken';
import { makeExecution, makeSimulation, registerSimulation, useCatalogService, uniqueName } from './support/catalog-test-service';

const SECRET = 'catalog-e2e-signing-secret-of-40-bytes!!';

describe('catalog service conventions (contract §1–3)', () => {
  const svc = useCatalogService({ env: { SIMSVC_AUTH_SECRET: SECRET } });

  describe('health, metrics, OpenAPI', () => {
    it('reports health publicly with the backend', async () => {
      const { body } = await svc.http().get('/health').expect(200);
      expect(body).toEqual({ status: 'healthy', service: 'catalog', backend: svc.backend });
    });

    it('exposes Prometheus metrics with request and catalog figures', async () => {
      const developer = await svc.tokenFor('developer');
      const sim = await registerSimulation(svc);
      await svc
        .http()
        .post('/executions')
        .set('X-Session-ID', developer)
        .send(makeExecution(sim.id, { status: 'running' }))
        .expect(201);
      await svc.http().get('/simulations/search?query=heat').set('X-Session-ID', developer).expect(200);
      const { text, headers } = await svc.http().get('/metrics').expect(200);
      expect(headers['content-type']).toMatch(/^text\/plain/);
      expect(text).toMatch(/^simsvc_catalog_simulations_registered_total\{source="api"\} [1-9]\d*$/m);
      expect(text).toMatch(/^simsvc_catalog_executions_recorded_total\{status="running",outcome="created"\} 1$/m);
      expect(text).toMatch(/^http_requests_total\{method="GET",route="\/simulations\/search",status="200"\} 1$/m);
      expect(text).toMatch(/^http_request_duration_seconds_bucket\{.*route="\/simulations".*\} \d+$/m);
    });

    it('serves the OpenAPI document with every catalog route, and the browsable docs', async () => {
      const { body } = await svc.http().get('/openapi.json').expect(200);
      expect(body.openapi).toMatch(/^3\./);
      expect(Object.keys(body.paths)).toEqual(
        expect.arrayContaining([
          '/simulations',
          '/simulations/search',
          '/simulations/{simulation}',
          '/simulations/{name}/versions',
          '/executions',
          '/executions/{execution_id}',
          '/simulations/{id}/executions',
          '/simulations/{id}/stats',
          '/sync/pending',
          '/sync/scan',
          '/sync/{id}/approve',
          '/health',
          '/session/login',
        ]),
      );
      expect(body.components.schemas.RegisterSimulationDto.required).toEqual(expect.arrayContaining(['name', 'version']));
      expect(body.components.schemas.RecordExecutionDto.required).toEqual(
        expect.arrayContaining(['execution_id', 'simulation_id', 'status']),
      );
      const docs = await svc.http().get('/docs').redirects(1).expect(200);
      expect(docs.text).toMatch(/swagger/i);
    });
  });

  describe('HTTP conventions (§1)', () => {
    it('echoes a well-formed X-Request-ID, replaces a malformed one, on errors too', async () => {
      const token = await svc.tokenFor('user');
      const echoed = await svc.http().get('/simulations/search').set('X-Session-ID', token).set('X-Request-ID', 'req-7.a_b').expect(200);
      expect(echoed.headers['x-request-id']).toBe('req-7.a_b');
      const replaced = await svc
        .http()
        .get('/simulations/nothing-here')
        .set('X-Session-ID', token)
        .set('X-Request-ID', 'bad id')
        .expect(404);
      expect(replaced.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
    });

    it('answers a non-JSON body with 415, malformed JSON with 400, more than 1 MiB with 413, and registers nothing', async () => {
      const developer = await svc.tokenFor('developer');
      const name = uniqueName('bodies');
      const wrongType = await svc
        .http()
        .post('/simulations')
        .set('X-Session-ID', developer)
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify(makeSimulation({ name })));
      expect(wrongType.status).toBe(415);
      expect(wrongType.body).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'request body must be application/json',
      });
      const malformed = await svc
        .http()
        .post('/simulations')
        .set('X-Session-ID', developer)
        .set('Content-Type', 'application/json')
        .send(`{"name": "${name}",`);
      expect([malformed.status, malformed.body.message]).toEqual([400, 'malformed JSON body']);
      const huge = await svc
        .http()
        .post('/simulations')
        .set('X-Session-ID', developer)
        .send(makeSimulation({ name, description: 'x'.repeat(1024 * 1024) }));
      expect(huge.status).toBe(413);
      expect((await svc.http().get(`/simulations/${name}`).set('X-Session-ID', developer)).status).toBe(404);
    });

    it('needs no content type for a POST without a body', async () => {
      const developer = await svc.tokenFor('developer');
      const response = await svc.http().post('/sync/scan').set('X-Session-ID', developer);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('automatic registration is off: start the service with --watch-dir');
    });

    it('never leaks internals in errors: only statusCode, error, message (and details for validation)', async () => {
      const developer = await svc.tokenFor('developer');
      const responses = [
        await svc.http().post('/simulations').set('X-Session-ID', developer).send({ name: 'x' }),
        await svc.http().get('/simulations/999999').set('X-Session-ID', developer),
        await svc.http().post('/executions').set('X-Session-ID', developer).send(makeExecution(2147483647)),
        await svc.http().get('/nowhere').set('X-Session-ID', developer),
      ];
      for (const { body, status } of responses) {
        expect(status).toBeLessThan(500);
        expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['error', 'message', 'statusCode']));
        expect(Object.keys(body).every((key) => ['statusCode', 'error', 'message', 'details'].includes(key))).toBe(true);
        expect(JSON.stringify(body)).not.toMatch(/SELECT|INSERT|catalog_|\/work\/|node_modules|at .*\.ts/);
      }
    });
  });

  describe('access control on every catalog route (§3)', () => {
    type Route = [method: string, path: string, privilege: string, body: Record<string, unknown> | null];
    const routes: Route[] = [
      ['POST', '/simulations', 'register_simulation', makeSimulation()],
      ['GET', '/simulations/search', 'read_catalog', null],
      ['GET', '/simulations/heat-1d', 'read_catalog', null],
      ['GET', '/simulations/heat-1d/versions', 'read_catalog', null],
      ['PATCH', '/simulations/1', 'update_catalog', { author: 'x' }],
      ['DELETE', '/simulations/1', 'update_catalog', null],
      ['POST', '/executions', 'record_execution', makeExecution(1)],
      ['GET', '/executions/e-1', 'read_catalog', null],
      ['GET', '/simulations/1/executions', 'read_catalog', null],
      ['GET', '/simulations/1/stats', 'read_catalog', null],
      // update_catalog, not read_catalog: the queue shows the server's watch directory (docs/security.md §5).
      ['GET', '/sync/pending', 'update_catalog', null],
      ['POST', '/sync/scan', 'update_catalog', null],
      ['POST', '/sync/1/approve', 'update_catalog', null],
    ];
    const send = (method: string, path: string, body: Record<string, unknown> | null) => svc.send(method, path, body);

    /** A genuine session of the store, re-signed with every privilege but one (no role lacks read_catalog). */
    const sessionWithout = async (privilege: string): Promise<string> => {
      const claims = decode(await svc.tokenFor('admin')) as Record<string, unknown> & { privileges: string[] };
      return sign({ ...claims, privileges: claims.privileges.filter((held) => held !== privilege && held !== 'developer') }, SECRET, {
        algorithm: 'HS256',
      });
    };

    // sim2l's clients read these without any session (contract §7): served with the anonymous privileges.
    const anonymousReads = ['GET /simulations/search', 'GET /simulations/heat-1d', 'GET /simulations/1/stats'];
    const needsSession = routes.filter(([method, path]) => !anonymousReads.includes(`${method} ${path}`));

    it.each(needsSession)('%s %s without a session → 401', async (method, path, _privilege, body) => {
      const response = await send(method, path, body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'missing X-Session-ID header' });
    });

    it.each(anonymousReads)('%s without a session → not 401 (anonymous read)', async (route) => {
      const [method, path] = route.split(' ');
      expect([200, 404]).toContain((await send(method, path, null)).status);
    });

    it.each(routes)('%s %s with a forged session → 401 invalid session', async (method, path, _privilege, body) => {
      const forged = sign(
        { sid: 'x', sub: 'admin', role: 'admin', privileges: [], iat: 1, exp: 4102444800 },
        'another-secret-of-at-least-32-bytes!!',
      );
      const response = await send(method, path, body).set('X-Session-ID', forged);
      expect([response.status, response.body.message]).toEqual([401, 'invalid session']);
    });

    it.each(routes)('%s %s without %s → 403 naming it', async (method, path, privilege, body) => {
      const response = await send(method, path, body).set('X-Session-ID', await sessionWithout(privilege));
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: `missing privilege ${privilege}` });
    });

    it('lets a user read and record executions but not register, update, delete or approve (403), changing nothing', async () => {
      const user = await svc.tokenFor('user');
      const sim = await registerSimulation(svc);
      const register = await svc.http().post('/simulations').set('X-Session-ID', user).send(makeSimulation());
      expect([register.status, register.body.message]).toEqual([403, 'missing privilege register_simulation']);
      expect((await svc.http().patch(`/simulations/${sim.id}`).set('X-Session-ID', user).send({ author: 'mallory' })).status).toBe(403);
      expect((await svc.http().delete(`/simulations/${sim.id}`).set('X-Session-ID', user)).status).toBe(403);
      expect((await svc.http().get(`/simulations/${sim.name}`).set('X-Session-ID', user).expect(200)).body).toEqual(sim);
      await svc.http().post('/executions').set('X-Session-ID', user).send(makeExecution(sim.id)).expect(201);
    });

    it('lets an anonymous session read the catalog and record executions; registering needs developer', async () => {
      const anonymous = await svc.anonymousToken();
      await svc.http().get('/simulations/search').set('X-Session-ID', anonymous).expect(200);
      expect((await svc.http().post('/simulations').set('X-Session-ID', anonymous).send(makeSimulation())).status).toBe(403);
      const developerAnonymous = (
        await svc
          .http()
          .post('/session/anonymous')
          .set('X-Session-ID', await svc.tokenFor('developer'))
          .send({ privileges: ['developer'] })
          .expect(200)
      ).body.token;
      await svc.http().post('/simulations').set('X-Session-ID', developerAnonymous).send(makeSimulation()).expect(201);
    });

    itRefusesASessionAfterLogout(svc, '/simulations/search');
  });

  describe('compatibility with the Python CatalogClient', () => {
    it('search → JSON array, get → 200/404, register → 201, record_execution → 201 then 200, stats → 200', async () => {
      const developer = (
        await svc
          .http()
          .post('/session/anonymous')
          .set('X-Session-ID', await svc.tokenFor('developer'))
          .send({ privileges: ['developer'], lifetime_hours: 1 })
          .expect(200)
      ).body.session_id;
      const name = uniqueName('client');
      const registered = await svc
        .http()
        .post('/simulations')
        .set('X-Session-ID', developer)
        .send({
          name,
          version: '1.0.0',
          description: 'heat rod',
          tags: ['heat'],
          schema: { inputs: { L: { type: 'number', units: 'm' } }, outputs: { T: { type: 'number', units: 'K' } } },
        });
      expect(registered.status).toBe(201);
      const search = await svc.http().get('/simulations/search').query({ query: 'rod', tags: 'heat' }).set('X-Session-ID', developer);
      expect(search.status).toBe(200);
      expect(Array.isArray(search.body)).toBe(true);
      expect(search.body.map((s: { name: string }) => s.name)).toContain(name);
      expect((await svc.http().get(`/simulations/${name}`).query({ version: '1.0.0' }).set('X-Session-ID', developer)).status).toBe(200);
      expect((await svc.http().get(`/simulations/${name}-missing`).set('X-Session-ID', developer)).status).toBe(404);
      const execution = { simulation_id: registered.body.id, execution_id: `${name}-run`, status: 'running' };
      expect((await svc.http().post('/executions').set('X-Session-ID', developer).send(execution)).status).toBe(201);
      expect(
        (
          await svc
            .http()
            .post('/executions')
            .set('X-Session-ID', developer)
            .send({ ...execution, status: 'success', duration_seconds: 4.2 })
        ).status,
      ).toBe(200);
      const stats = await svc.http().get(`/simulations/${registered.body.id}/stats`).set('X-Session-ID', developer);
      expect(stats.status).toBe(200);
      expect(stats.body).toMatchObject({ total_executions: 1, successful: 1, success_rate: 1, avg_duration: 4.2 });
    });
  });
});

describe('catalog service with --no-auth', () => {
  const svc = useCatalogService({ args: ['--no-auth'] });

  it('serves every route without a session, with every privilege', async () => {
    const created = await svc.http().post('/simulations').send(makeSimulation()).expect(201);
    await svc.http().get('/simulations/search').expect(200);
    await svc.http().patch(`/simulations/${created.body.id}`).send({ status: 'deprecated' }).expect(200);
    await svc.http().post('/executions').send(makeExecution(created.body.id)).expect(201);
    await svc.http().get(`/simulations/${created.body.id}/stats`).expect(200);
    await svc.http().get('/sync/pending').expect(200);
  });
});
