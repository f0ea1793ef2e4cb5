import { itRefusesASessionAfterLogout } from '@simsvc/testing';
import { entryPath, makeEntry, useCacheService } from './support/cache-test-service';

describe('cache service conventions', () => {
  const svc = useCacheService();

  describe('health, metrics, OpenAPI', () => {
    it('reports health publicly with the backend', async () => {
      const { body } = await svc.http().get('/health').expect(200);
      expect(body).toEqual({ status: 'healthy', service: 'cache', backend: svc.backend });
    });

    it('exposes Prometheus metrics with request, hit and miss figures', async () => {
      const token = await svc.tokenFor('user');
      const entry = makeEntry();
      await svc.http().post('/cache').set('X-Session-ID', token).send(entry).expect(200);
      await svc
        .http()
        .get(entryPath(entry.cache_key as string))
        .set('X-Session-ID', token)
        .expect(200);
      await svc.http().get(entryPath('metrics/miss')).set('X-Session-ID', token).expect(404);
      const { text, headers } = await svc.http().get('/metrics').expect(200);
      expect(headers['content-type']).toMatch(/^text\/plain/);
      expect(text).toMatch(/^simsvc_cache_hits_total 1$/m);
      expect(text).toMatch(/^simsvc_cache_misses_total 1$/m);
      expect(text).toMatch(/^simsvc_cache_live_entries 1$/m);
      expect(text).toMatch(/^http_requests_total\{method="GET",route="\/cache\/\*cache_key",status="200"\} 1$/m);
      expect(text).toMatch(/^http_request_duration_seconds_bucket\{.*route="\/cache".*\} \d+$/m);
    });

    it('serves the OpenAPI document and the browsable docs', async () => {
      const { body } = await svc.http().get('/openapi.json').expect(200);
      expect(body.openapi).toMatch(/^3\./);
      expect(Object.keys(body.paths)).toEqual(
        expect.arrayContaining(['/cache', '/cache/invalidate', '/cache/stats', '/health', '/session/login']),
      );
      expect(body.components.schemas.StoreEntryDto.required).toEqual(expect.arrayContaining(['cache_key', 'simulation_id', 'run_db_path']));
      const docs = await svc.http().get('/docs').redirects(1).expect(200);
      expect(docs.text).toMatch(/swagger/i);
    });
  });

  describe('request ids', () => {
    it('echoes a well-formed X-Request-ID and replaces a malformed one', async () => {
      const echoed = await svc.http().get('/health').set('X-Request-ID', 'client-req.42_a').expect(200);
      expect(echoed.headers['x-request-id']).toBe('client-req.42_a');
      const replaced = await svc.http().get('/health').set('X-Request-ID', 'bad id with spaces').expect(200);
      expect(replaced.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
      expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
      const tooLong = await svc.http().get('/health').set('X-Request-ID', 'a'.repeat(129)).expect(200);
      expect(tooLong.headers['x-request-id']).not.toBe('a'.repeat(129));
      const onError = await svc.http().post('/cache').set('Content-Type', 'text/plain').send('x');
      expect(onError.status).toBe(415);
      expect(onError.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]+$/);
    });

    it('answers unknown routes in the error shape', async () => {
      const { body } = await svc.http().get('/nowhere').expect(404);
      expect(body).toMatchObject({ statusCode: 404, error: 'Not Found', message: expect.any(String) });
    });
  });

  describe('access control on every cache route', () => {
    const routes: [string, string, string, Record<string, unknown> | null][] = [
      ['POST', '/cache', 'write_cache', makeEntry()],
      ['GET', '/cache/some/key', 'read_cache', null],
      ['HEAD', '/cache/some/key', 'read_cache', null],
      ['DELETE', '/cache/some/key', 'invalidate_cache', null],
      ['POST', '/cache/invalidate', 'invalidate_cache', { pattern: '*' }],
      ['GET', '/cache/stats', 'read_cache', null],
      ['GET', '/cache/entries', 'read_cache', null],
      ['GET', '/cache/invalidations', 'read_cache', null],
    ];
    const send = (method: string, path: string, body: Record<string, unknown> | null) => svc.send(method, path, body);

    // sim2l's CacheClient asks for the statistics without a session (contract §7): served as anonymous.
    const needsSession = routes.filter(([method, path]) => `${method} ${path}` !== 'GET /cache/stats');

    it('GET /cache/stats without a session → 200 (anonymous read)', async () => {
      expect((await send('GET', '/cache/stats', null)).status).toBe(200);
    });

    it.each(needsSession)('%s %s without a session → 401', async (method, path, _privilege, body) => {
      const response = await send(method, path, body);
      expect(response.status).toBe(401);
      if (method !== 'HEAD')
        expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'missing X-Session-ID header' });
    });

    it.each(routes)('%s %s with a forged session → 401 invalid session', async (method, path, _privilege, body) => {
      const response = await send(method, path, body).set('X-Session-ID', 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJl');
      expect(response.status).toBe(401);
      if (method !== 'HEAD') expect(response.body.message).toBe('invalid session');
    });

    it('refuses invalidation to a user without invalidate_cache (403 naming it)', async () => {
      const user = await svc.tokenFor('user');
      const before = (await svc.http().get('/cache/stats').set('X-Session-ID', user).expect(200)).body;
      const forbidden = await svc.http().post('/cache/invalidate').set('X-Session-ID', user).send({ pattern: '*' }).expect(403);
      expect(forbidden.body).toMatchObject({ statusCode: 403, error: 'Forbidden', message: expect.stringContaining('invalidate_cache') });
      const deleteForbidden = await svc.http().delete('/cache/some/key').set('X-Session-ID', user).expect(403);
      expect(deleteForbidden.body.message).toContain('invalidate_cache');
      expect((await svc.http().get('/cache/stats').set('X-Session-ID', user).expect(200)).body).toEqual(before);
    });

    it('lets an anonymous session read and write the cache but not invalidate', async () => {
      const anonymous = await svc.anonymousToken();
      const entry = makeEntry();
      await svc.http().post('/cache').set('X-Session-ID', anonymous).send(entry).expect(200);
      await svc
        .http()
        .get(entryPath(entry.cache_key as string))
        .set('X-Session-ID', anonymous)
        .expect(200);
      await svc.http().post('/cache/invalidate').set('X-Session-ID', anonymous).send({ pattern: '*' }).expect(403);
    });

    itRefusesASessionAfterLogout(svc, '/cache/stats');
  });
});

describe('cache service with --no-auth', () => {
  const svc = useCacheService({ args: ['--no-auth'] });

  it('serves every route without a session, with every privilege', async () => {
    const entry = makeEntry();
    await svc.http().post('/cache').send(entry).expect(200);
    await svc
      .http()
      .get(entryPath(entry.cache_key as string))
      .expect(200);
    await svc.http().post('/cache/invalidate').send({ pattern: '*' }).expect(200, { success: true, invalidated_count: 1 });
    const audit = await svc.http().get('/cache/invalidations').expect(200);
    expect(audit.body.invalidations[0].by).toBe('anonymous');
  });
});
