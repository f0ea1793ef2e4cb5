import { CacheTestService, startCacheService } from './support/cache-test-service';

// Issue 12, item 2: a login throttle that no header sidesteps, that reserves an attempt before
// the password is checked, and that also counts per username.

describe('login throttle', () => {
  let direct: CacheTestService;
  let proxied: CacheTestService;

  beforeAll(async () => {
    direct = await startCacheService();
    proxied = await startCacheService({ args: ['--trusted-proxies', '127.0.0.1'] });
  });
  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
  });

  it('ignores X-Forwarded-For from a client that is not a listed proxy', async () => {
    const user = await direct.createUser('throttled');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await direct
        .http()
        .post('/session/login')
        .set('X-Forwarded-For', `203.0.113.${i}`)
        .send({ ...user, password: `wrong-${i}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('verifies at most five of 200 parallel guesses; the rest get 429 with Retry-After', async () => {
    const user = await direct.createUser('throttled');
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        direct
          .http()
          .post('/session/login')
          .send({ ...user, password: `wrong-${i}` }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    expect(responses.filter((response) => response.status === 429).every((response) => Number(response.headers['retry-after']) >= 1)).toBe(
      true,
    );
    await direct.http().post('/session/login').send(user).expect(429);
  });

  it('blocks a username after twenty failures from any addresses, whatever address comes next', async () => {
    const user = await proxied.createUser('throttled');
    const attempt = (address: string, password: string) =>
      proxied
        .http()
        .post('/session/login')
        .set('X-Forwarded-For', address)
        .send({ ...user, password });
    for (let address = 0; address < 5; address++) {
      for (let i = 0; i < 4; i++) await attempt(`198.18.0.${address}`, `wrong-${i}`).expect(401);
    }
    const refused = await attempt('198.18.1.1', user.password).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('counts a username in any letter case as the same', async () => {
    const user = await proxied.createUser('throttled');
    const address = '198.18.2.1';
    for (let i = 0; i < 5; i++) {
      const username = i % 2 === 0 ? user.username.toUpperCase() : user.username;
      await proxied.http().post('/session/login').set('X-Forwarded-For', address).send({ username, password: 'wrong' }).expect(401);
    }
    await proxied.http().post('/session/login').set('X-Forwarded-For', address).send(user).expect(429);
  });

  it('lets a listed proxy name the client', async () => {
    const user = await proxied.createUser('throttled');
    for (let i = 0; i < 5; i++) {
      await proxied
        .http()
        .post('/session/login')
        .set('X-Forwarded-For', '198.18.3.1')
        .send({ ...user, password: 'wrong' })
        .expect(401);
    }
    await proxied.http().post('/session/login').set('X-Forwarded-For', '198.18.3.1').send(user).expect(429);
    await proxied.http().post('/session/login').set('X-Forwarded-For', '198.18.3.2').send(user).expect(200);
  });
});
