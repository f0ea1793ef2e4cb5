import { closedPortUrl, RecordingServer } from '../../test/support/recording-server';
import { createSimsvcClient } from './simsvc-client';
import { SimsvcError, SimsvcNotServiceError, SimsvcUnreachableError } from './simsvc-error';

// The client against a real HTTP server on loopback: what goes on the wire and what comes back.

const ERROR_BODY = { statusCode: 400, error: 'Bad Request', message: 'ttl_hours must be a positive number', details: ['ttl_hours: > 0'] };

describe('service client', () => {
  const server = RecordingServer.forSuite();

  const clientOf = (session?: string) =>
    createSimsvcClient({ cacheUrl: server.url, catalogUrl: server.url, resultsUrl: server.url, session });

  describe('session header', () => {
    it('sends X-Session-ID on every service when a session is set', async () => {
      const client = clientOf('token-1');
      await client.cache.GET('/cache/stats');
      await client.catalog.GET('/simulations/search');
      await client.results.POST('/search', { body: { simulation_name: 'heat' } });
      expect(server.requests.map((request) => request.headers['x-session-id'])).toEqual(['token-1', 'token-1', 'token-1']);
    });

    it('sends none without a session, and follows setSession', async () => {
      const client = clientOf();
      await client.cache.GET('/cache/stats');
      expect(server.last.headers['x-session-id']).toBeUndefined();
      client.setSession('token-2');
      expect(client.sessionId).toBe('token-2');
      await client.cache.GET('/cache/stats');
      expect(server.last.headers['x-session-id']).toBe('token-2');
      client.setSession(undefined);
      await client.cache.GET('/cache/stats');
      expect(server.last.headers['x-session-id']).toBeUndefined();
    });

    it("lets a call's own X-Session-ID header win", async () => {
      await clientOf('stored').cache.GET('/session', { headers: { 'X-Session-ID': 'explicit' } });
      expect(server.last.headers['x-session-id']).toBe('explicit');
    });
  });

  describe('URLs', () => {
    it('joins a base URL with a path prefix (with or without a trailing slash) and the operation path', async () => {
      for (const prefix of ['/api/cache', '/api/cache/']) {
        await createSimsvcClient({ cacheUrl: `${server.url}${prefix}` }).cache.GET('/cache/stats');
        expect(server.last.url).toBe('/api/cache/cache/stats');
      }
    });

    it('percent-encodes path parameters and serializes the query', async () => {
      const client = clientOf();
      await client.cache.GET('/cache/{cache_key}', { params: { path: { cache_key: 'heat 1d/v1?x' } } });
      expect(server.last.url).toBe('/cache/heat%201d%2Fv1%3Fx');
      await client.cache.GET('/cache/stats', { params: { query: { simulation_id: 7 } } });
      expect(server.last.url).toBe('/cache/stats?simulation_id=7');
    });

    it('sends a JSON body with its content type', async () => {
      await clientOf().results.POST('/search', { body: { simulation_name: 'heat', limit: 5 } });
      expect(server.last).toMatchObject({ method: 'POST', url: '/search', headers: { 'content-type': 'application/json' } });
      expect(JSON.parse(server.last.body)).toEqual({ simulation_name: 'heat', limit: 5 });
    });

    it('uses the default local ports when no URL is given', async () => {
      const unreachable = await createSimsvcClient({ fetch: () => Promise.reject(new TypeError('fetch failed')) })
        .catalog.GET('/health')
        .catch((error: unknown) => error);
      expect(unreachable).toBeInstanceOf(SimsvcUnreachableError);
      expect((unreachable as SimsvcUnreachableError).url).toBe('http://127.0.0.1:8002/health');
    });
  });

  describe('success bodies', () => {
    it('resolves to the parsed body', async () => {
      server.reply = () => ({ body: { total: 1, results: [] } });
      await expect(clientOf().results.POST('/search', { body: { simulation_name: 'heat' } })).resolves.toEqual({ total: 1, results: [] });
    });

    it('resolves to undefined for 204 and HEAD', async () => {
      server.reply = (request) => (request.method === 'HEAD' ? { status: 200 } : { status: 204 });
      const client = clientOf('t');
      await expect(client.cache.DELETE('/session')).resolves.toBeUndefined();
      await expect(client.cache.HEAD('/cache/{cache_key}', { params: { path: { cache_key: 'k' } } })).resolves.toBeUndefined();
    });
  });

  describe('errors', () => {
    it('throws SimsvcError with status, message, details, request id and body from an error answer', async () => {
      server.reply = () => ({ status: 400, headers: { 'X-Request-ID': 'req-42' }, body: ERROR_BODY });
      const error = await clientOf()
        .cache.POST('/cache', { body: {} as never })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SimsvcError);
      expect(error).toMatchObject({
        name: 'SimsvcError',
        status: 400,
        message: ERROR_BODY.message,
        details: ERROR_BODY.details,
        requestId: 'req-42',
        body: ERROR_BODY,
        method: 'POST',
        url: `${server.url}/cache`,
      });
    });

    it('takes the message from a text body, else from the status text', async () => {
      server.reply = () => ({ status: 502, body: 'Bad gateway from the proxy\n' });
      await expect(clientOf().cache.GET('/cache/stats')).rejects.toMatchObject({ status: 502, message: 'Bad gateway from the proxy' });
      server.reply = () => ({ status: 404 });
      await expect(clientOf().cache.HEAD('/cache/{cache_key}', { params: { path: { cache_key: 'gone' } } })).rejects.toMatchObject({
        status: 404,
        message: 'Not Found',
        details: undefined,
        requestId: undefined,
      });
    });

    it('throws SimsvcUnreachableError with the URL when nothing listens', async () => {
      const url = await closedPortUrl();
      const error = await createSimsvcClient({ resultsUrl: url })
        .results.GET('/health')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SimsvcUnreachableError);
      expect(error).toMatchObject({ name: 'SimsvcUnreachableError', url: `${url}/health`, message: `cannot reach ${url}: ECONNREFUSED` });
    });

    it('gives the Retry-After seconds of a 429', async () => {
      server.reply = () => ({
        status: 429,
        headers: { 'Retry-After': '42' },
        body: { statusCode: 429, error: 'Too Many Requests', message: 'slow down' },
      });
      const error = await clientOf()
        .cache.GET('/cache/stats')
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status: 429, retryAfterSeconds: 42 });
    });

    it('throws SimsvcNotServiceError for an HTML answer below 500 (a web page, not a service)', async () => {
      for (const status of [200, 404]) {
        server.reply = () => ({
          status,
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
          body: '<!doctype html><title>console</title>',
        });
        const error = await clientOf()
          .cache.GET('/cache/stats')
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(SimsvcNotServiceError);
        expect(error).toMatchObject({ baseUrl: server.url, url: `${server.url}/cache/stats` });
      }
      // A proxy's bad-gateway page stays an error of its status.
      server.reply = () => ({ status: 502, headers: { 'Content-Type': 'text/html' }, body: 'Bad Gateway' });
      const proxy = await clientOf()
        .cache.GET('/cache/stats')
        .catch((caught: unknown) => caught);
      expect(proxy).toBeInstanceOf(SimsvcError);
      expect(proxy).toMatchObject({ status: 502, message: 'Bad Gateway' });
    });

    it('lets an abort through as it is', async () => {
      server.reply = () => ({ body: {} });
      const error = await clientOf()
        .cache.GET('/cache/stats', { signal: AbortSignal.abort() })
        .catch((caught: unknown) => caught);
      expect(error).not.toBeInstanceOf(SimsvcUnreachableError);
      expect((error as Error).name).toBe('AbortError');
    });
  });
});
