import { CacheTestService, sharedAuthStoreArgs, startCacheService } from './support/cache-test-service';

// Issue 12, item 2 follow-up: a login in flight holds a throttle slot, but only settled failures
// refuse. Parallel correct logins of one user (from one process or several replicas sharing the
// auth store) all succeed; five failures still refuse the next attempt at once.

type Credentials = { username: string; password: string };

describe('login throttle with parallel logins', () => {
  let service: CacheTestService;
  let replica: CacheTestService;
  let proxied: CacheTestService;

  beforeAll(async () => {
    service = await startCacheService();
    // A second replica on its own cache database but the first one's auth store.
    replica = await startCacheService({ args: sharedAuthStoreArgs(service) });
    proxied = await startCacheService({ args: ['--trusted-proxies', '127.0.0.1'] });
  });
  afterAll(async () => {
    await proxied?.close();
    await replica?.close();
    await service?.close();
  });

  const login = (svc: CacheTestService, body: Credentials, address?: string) => {
    const call = svc.http().post('/session/login');
    return (address ? call.set('X-Forwarded-For', address) : call).send(body);
  };

  it('lets eight parallel correct logins of one user from one address all succeed', async () => {
    const user = await service.createUser('parallel');
    const responses = await Promise.all(Array.from({ length: 8 }, () => login(service, user)));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
  });

  it('lets parallel correct logins on two replicas succeed after four failures, and counts the fifth', async () => {
    const user = await service.createUser('parallel');
    for (let i = 0; i < 4; i++) await login(service, { ...user, password: `wrong-${i}` }).expect(401);
    // Both replicas check one login of this address at a time: two in flight besides four failures.
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => login(i % 2 === 0 ? service : replica, user)));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    await login(replica, { ...user, password: 'wrong-4' }).expect(401);
    await login(service, user).expect(429);
    await login(replica, user).expect(429);
  });

  it('lets parallel correct logins from two addresses succeed after nineteen failures of the username', async () => {
    const user = await proxied.createUser('parallel');
    for (let failure = 0; failure < 19; failure++) {
      await login(proxied, { ...user, password: `wrong-${failure}` }, `198.19.0.${Math.floor(failure / 4)}`).expect(401);
    }
    const responses = await Promise.all([login(proxied, user, '198.19.1.1'), login(proxied, user, '198.19.1.2')]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    await login(proxied, { ...user, password: 'wrong-19' }, '198.19.1.3').expect(401);
    await login(proxied, user, '198.19.1.4').expect(429);
  });

  it('refuses the attempt after five failures at once, on any replica, without waiting for attempts in flight', async () => {
    const user = await service.createUser('parallel');
    for (let i = 0; i < 5; i++) await login(service, { ...user, password: `wrong-${i}` }).expect(401);
    for (const svc of [service, replica]) {
      const started = Date.now();
      const refused = await login(svc, user).expect(429);
      // Behavioural bound: a settled refusal answers at once, not after the bounded wait for attempts in flight (3 s).
      expect(Date.now() - started).toBeLessThan(1500);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });
});
