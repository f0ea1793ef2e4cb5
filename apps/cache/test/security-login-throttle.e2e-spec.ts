import { MAX_USERNAME_FAILURES } from '@simsvc/auth';
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
  /** A login through the listed proxy, of `credentials` from the client at `address` (X-Forwarded-For). */
  const proxiedLogin = (address: string, credentials: { username: string; password: string }) =>
    proxied.http().post('/session/login').set('X-Forwarded-For', address).send(credentials);

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
    const attempt = (address: string, password: string) => proxiedLogin(address, { ...user, password });
    for (let address = 0; address < 5; address++) {
      for (let i = 0; i < 4; i++) await attempt(`198.18.0.${address}`, `wrong-${i}`).expect(401);
    }
    const refused = await attempt('198.18.1.1', user.password).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
  });

  // Issue 22, item 3: distributed guessing must not lock the owner out of an address it used.
  it("lets the owner in from a known address while a distributed run fills the username's bucket, which still bounds the run", async () => {
    const user = await proxied.createUser('throttled');
    const login = (address: string, password: string) => proxiedLogin(address, { ...user, password });
    const known = '198.18.6.1';
    await login(known, user.password).expect(200);

    const guessers = Array.from({ length: 24 }, (_, i) => `198.18.7.${i}`);
    const firstRound: number[] = [];
    for (const address of guessers) firstRound.push((await login(address, 'wrong-1')).status);
    const [secondRound, owner] = await Promise.all([
      Promise.all(guessers.map(async (address) => (await login(address, 'wrong-2')).status)),
      login(known, user.password),
    ]);
    expect(owner.status).toBe(200);
    const guesses = [...firstRound, ...secondRound];
    expect(guesses.filter((status) => status === 401).length).toBe(MAX_USERNAME_FAILURES);
    expect(guesses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    // A new address, right password or not, is still held back; the known one keeps coming in.
    await login('198.18.8.1', user.password).expect(429);
    await login(known, user.password).expect(200);
  });

  it('keeps the per-(address, username) limit on a known address', async () => {
    const user = await proxied.createUser('throttled');
    const address = '198.18.9.1';
    const login = (password: string) => proxiedLogin(address, { ...user, password });
    await login(user.password).expect(200);
    for (let i = 0; i < 5; i++) await login(`wrong-${i}`).expect(401);
    await login(user.password).expect(429);
  });

  it('counts a username in any letter case as the same', async () => {
    const user = await proxied.createUser('throttled');
    const address = '198.18.2.1';
    for (let i = 0; i < 5; i++) {
      const username = i % 2 === 0 ? user.username.toUpperCase() : user.username;
      await proxiedLogin(address, { username, password: 'wrong' }).expect(401);
    }
    await proxiedLogin(address, user).expect(429);
  });

  it('lets a listed proxy name the client', async () => {
    const user = await proxied.createUser('throttled');
    for (let i = 0; i < 5; i++) await proxiedLogin('198.18.3.1', { ...user, password: 'wrong' }).expect(401);
    await proxiedLogin('198.18.3.1', user).expect(429);
    await proxiedLogin('198.18.3.2', user).expect(200);
  });
});
