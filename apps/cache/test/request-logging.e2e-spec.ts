import { entryPath, makeEntry, useCacheService } from './support/cache-test-service';

describe('request logs', () => {
  const written: string[] = [];
  const svc = useCacheService({ args: ['--log-level', 'info'], logDestination: { write: (line) => written.push(line) } });
  const logLines = (): Record<string, unknown>[] => written.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeEach(() => {
    written.length = 0;
  });

  it('writes one JSON line per request with its request id, method, url, status and time', async () => {
    const token = await svc.tokenFor('admin');
    const entry = makeEntry();
    written.length = 0;
    await svc.http().post('/cache').set('X-Session-ID', token).set('X-Request-ID', 'store-1').send(entry).expect(200);
    await svc.http().get(entryPath('logs/absent')).set('X-Session-ID', token).set('X-Request-ID', 'miss-1').expect(404);

    const lines = logLines().filter((line) => line['msg'] === 'request completed');
    expect(lines).toEqual([
      expect.objectContaining({ service: 'cache', requestId: 'store-1', method: 'POST', url: '/cache', statusCode: 200 }),
      expect.objectContaining({ service: 'cache', requestId: 'miss-1', method: 'GET', url: '/cache/logs/absent', statusCode: 404 }),
    ]);
    expect(typeof lines[0]['responseTime']).toBe('number');
  });

  it('logs a generated request id when the client sent none, the same one it echoes', async () => {
    const response = await svc.http().get('/session').expect(401);
    const [line] = logLines().filter((entry) => entry['url'] === '/session');
    expect(line['requestId']).toBe(response.headers['x-request-id']);
    expect(line['statusCode']).toBe(401);
  });

  it('never logs passwords, session ids or tokens', async () => {
    const password = 'a-password-never-logged';
    const admin = await svc.tokenFor('admin');
    await svc.http().post('/users').set('X-Session-ID', admin).send({ username: 'log-user', password, role: 'user' }).expect(201);
    const token = await svc.login('log-user', password);
    await svc.http().get('/session').set('X-Session-ID', token).expect(200);

    const output = written.join('');
    expect(logLines().length).toBeGreaterThanOrEqual(3);
    expect(output).not.toContain(password);
    expect(output).not.toContain(token);
    expect(output).not.toContain(admin);
  });

  it('does not log health probes and metrics scrapes', async () => {
    await svc.http().get('/health').expect(200);
    await svc.http().get('/metrics').expect(200);
    expect(logLines().filter((line) => line['url'] === '/health' || line['url'] === '/metrics')).toEqual([]);
  });
});
