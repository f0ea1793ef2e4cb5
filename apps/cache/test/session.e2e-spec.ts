import { decode, sign } from 'jsonwebtoken';
import { AuthSessionRepository } from '@simsvc/persistence';
import { ADMIN } from '@simsvc/testing';
import {
  BEHIND_LOOPBACK_PROXY,
  CacheTestService,
  closeReplicas,
  sharedAuthStoreArgs,
  startCacheService,
  startReplicas,
  useCacheService,
} from './support/cache-test-service';

// Contract §3 through real HTTP: login, anonymous sessions, refresh, GET/DELETE /session, the
// guard's answers, login throttling, --no-auth, the admin bootstrap and the store shared by replicas.

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const HOUR = 3600;
const BASE = ['read_cache', 'write_cache', 'read_catalog', 'record_execution', 'execute_simulation', 'read_results', 'write_results'];
const DEVELOPER = [...BASE, 'developer', 'register_simulation', 'update_catalog', 'invalidate_cache'];
const ADMIN_PRIVILEGES = [...DEVELOPER, 'manage_users', 'admin'];
const KNOWN_SECRET = 'a-known-test-secret-of-at-least-32-bytes!';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const claimsOf = (token: string) =>
  decode(token) as { sid: string; sub: string; role: string; privileges: string[]; iat: number; exp: number };
const headerOf = (token: string) => decode(token, { complete: true })?.header;
const micros = (timestamp: string) => Date.parse(`${timestamp}Z`);
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

let addressSequence = 0;
/** A client address of its own, so throttling tests do not meet. */
const newClientAddress = () => `198.51.100.${++addressSequence}`;

describe('sessions', () => {
  const svc = useCacheService({ args: BEHIND_LOOPBACK_PROXY });

  const login = (body: Record<string, unknown>, address = newClientAddress()) =>
    svc.http().post('/session/login').set('X-Forwarded-For', address).send(body);
  const whoAmI = (token: string) => svc.http().get('/session').set('X-Session-ID', token);
  const anonymous = (body?: Record<string, unknown>, token?: string) => {
    const call = svc.http().post('/session/anonymous');
    if (token) call.set('X-Session-ID', token);
    return body === undefined ? call : call.send(body);
  };

  describe('POST /session/login', () => {
    it.each([
      ['user', BASE],
      ['developer', DEVELOPER],
      ['admin', ADMIN_PRIVILEGES],
    ] as const)('logs a %s in with the privileges of the role', async (role, privileges) => {
      const user = await svc.createUser(`session-${role}`, role);
      const { body } = await login(user).expect(200);
      expect(body).toEqual({
        token: expect.any(String),
        session_id: body.token,
        username: user.username,
        role,
        privileges,
        expires_at: expect.stringMatching(TIMESTAMP),
      });
    });

    it('issues an HS256 JWT with sid, sub, role, privileges, iat and exp, expiring in 24 h by default', async () => {
      const user = await svc.createUser('session-developer', 'developer');
      const { body } = await login(user).expect(200);
      expect(headerOf(body.token)).toEqual({ alg: 'HS256', typ: 'JWT' });
      const claims = claimsOf(body.token);
      expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'privileges', 'role', 'sid', 'sub']);
      expect(claims).toMatchObject({ sub: user.username, role: 'developer', privileges: DEVELOPER });
      expect(claims.exp - claims.iat).toBe(24 * HOUR);
      expect(Math.abs(claims.iat - nowSeconds())).toBeLessThanOrEqual(2);
      expect(micros(body.expires_at)).toBe(claims.exp * 1000);
    });

    it('takes lifetime_hours (fractions allowed, at most 720)', async () => {
      const user = await svc.createUser('session-user');
      const twoHours = claimsOf((await login({ ...user, lifetime_hours: 2 }).expect(200)).body.token);
      expect(twoHours.exp - twoHours.iat).toBe(2 * HOUR);
      const halfHour = claimsOf((await login({ ...user, lifetime_hours: 0.5 }).expect(200)).body.token);
      expect(halfHour.exp - halfHour.iat).toBe(HOUR / 2);
      const longest = claimsOf((await login({ ...user, lifetime_hours: 720 }).expect(200)).body.token);
      expect(longest.exp - longest.iat).toBe(720 * HOUR);
      const defaulted = claimsOf((await login({ ...user, lifetime_hours: null }).expect(200)).body.token);
      expect(defaulted.exp - defaulted.iat).toBe(24 * HOUR);
    });

    it.each([0, -1, 720.5, 1e9, '24', true])('refuses lifetime_hours %p with 400', async (lifetime) => {
      const user = await svc.createUser('session-user');
      const { body } = await login({ ...user, lifetime_hours: lifetime }).expect(400);
      expect(body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringContaining('lifetime_hours'),
        details: expect.any(Array),
      });
    });

    it.each([
      ['a missing username', { password: 'whatever-pass' }, 'username'],
      ['a missing password', { username: 'someone' }, 'password'],
      ['a non-string username', { username: 42, password: 'whatever-pass' }, 'username'],
      ['an unknown field', { username: 'someone', password: 'whatever-pass', remember_me: true }, 'remember_me'],
    ])('refuses %s with 400', async (_case, body, field) => {
      const response = await login(body).expect(400);
      expect(response.body.message).toContain(field);
    });

    it('answers 401 "invalid username or password" for an unknown user, a wrong password and a disabled user alike', async () => {
      const user = await svc.createUser('session-user');
      const disabled = await svc.createUser('session-user');
      await svc
        .http()
        .patch(`/users/${disabled.username}`)
        .set('X-Session-ID', await svc.tokenFor('admin'))
        .send({ disabled: true })
        .expect(200);
      const expected = { statusCode: 401, error: 'Unauthorized', message: 'invalid username or password' };
      expect((await login({ username: 'nobody-at-all', password: user.password }).expect(401)).body).toEqual(expected);
      expect((await login({ username: user.username, password: 'wrong-password' }).expect(401)).body).toEqual(expected);
      expect((await login(disabled).expect(401)).body).toEqual(expected);
    });

    it('after five failures within 60 s refuses every further attempt, right password or not, with 429 and Retry-After', async () => {
      const user = await svc.createUser('session-user');
      const address = newClientAddress();
      for (let i = 0; i < 5; i++) await login({ ...user, password: `wrong-${i}` }, address).expect(401);

      const refused = await login(user, address).expect(429);
      expect(refused.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: 'too many failed logins; retry later' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      await login({ ...user, password: 'wrong-again' }, address).expect(429);
      await login({ username: user.username, password: 'x' }, address).expect(429);
    });

    it('counts per (client address, username)', async () => {
      const user = await svc.createUser('session-user');
      const other = await svc.createUser('session-user');
      const address = newClientAddress();
      for (let i = 0; i < 5; i++) await login({ ...user, password: `wrong-${i}` }, address).expect(401);
      await login(user, address).expect(429);
      await login(user, newClientAddress()).expect(200);
      await login(other, address).expect(200);
    });

    it('does not count successful logins, and four failures do not block', async () => {
      const user = await svc.createUser('session-user');
      const address = newClientAddress();
      for (let i = 0; i < 6; i++) await login(user, address).expect(200);
      for (let i = 0; i < 4; i++) await login({ ...user, password: `wrong-${i}` }, address).expect(401);
      await login(user, address).expect(200);
    });

    it('lets five parallel logins of one user from one address all succeed (one checked at a time, the others waiting)', async () => {
      const user = await svc.createUser('session-user');
      const address = newClientAddress();
      const responses = await Promise.all(Array.from({ length: 5 }, () => login(user, address)));
      expect(responses.map((response) => response.status)).toEqual(Array(5).fill(200));
      expect(new Set(responses.map((response) => claimsOf(response.body.token).sid)).size).toBe(5);
    });

    it('counts every failure of a burst of parallel guesses', async () => {
      const user = await svc.createUser('session-user');
      const address = newClientAddress();
      const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => login({ ...user, password: `wrong-${i}` }, address)));
      expect(responses.every((response) => response.status === 401 || response.status === 429)).toBe(true);
      await login(user, address).expect(429);
    });
  });

  describe('POST /session/anonymous', () => {
    it('creates an anonymous session with the anonymous privileges, with or without a body', async () => {
      for (const call of [
        anonymous(),
        anonymous({}),
        anonymous({ privileges: [] }),
        anonymous({ privileges: null, lifetime_hours: null }),
      ]) {
        const { body } = await call.expect(200);
        expect(body).toEqual({
          token: expect.any(String),
          session_id: body.token,
          username: null,
          role: 'anonymous',
          privileges: BASE,
          expires_at: expect.stringMatching(TIMESTAMP),
        });
        const claims = claimsOf(body.token);
        expect(claims).toMatchObject({ sub: 'anonymous', role: 'anonymous', privileges: BASE });
        expect(claims.exp - claims.iat).toBe(24 * HOUR);
      }
    });

    it('grants privileges of the anonymous set to anyone', async () => {
      const { body } = await anonymous({ privileges: ['read_cache', 'write_results'] }).expect(200);
      expect(body.privileges).toEqual(BASE);
    });

    it('takes lifetime_hours and refuses one out of range', async () => {
      const { body } = await anonymous({ lifetime_hours: 1.5 }).expect(200);
      const claims = claimsOf(body.token);
      expect(claims.exp - claims.iat).toBe(1.5 * HOUR);
      await anonymous({ lifetime_hours: 0 }).expect(400);
      await anonymous({ lifetime_hours: 721 }).expect(400);
    });

    it('refuses privileges beyond the anonymous set without a session (403 naming one)', async () => {
      const { body } = await anonymous({ privileges: ['developer'] }).expect(403);
      expect(body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'missing privilege developer' });
      const invalid = await anonymous({ privileges: ['invalidate_cache'] }, 'not-a-token').expect(403);
      expect(invalid.body.message).toBe('missing privilege invalidate_cache');
    });

    it('refuses privileges the calling session does not hold', async () => {
      const user = await svc.tokenFor('user');
      expect((await anonymous({ privileges: ['developer'] }, user).expect(403)).body.message).toBe('missing privilege developer');
      const developer = await svc.tokenFor('developer');
      expect((await anonymous({ privileges: ['read_cache', 'manage_users'] }, developer).expect(403)).body.message).toBe(
        'missing privilege manage_users',
      );
    });

    it('mints what the caller holds, expanding developer to what it implies', async () => {
      const developer = await svc.tokenFor('developer');
      const { body } = await anonymous({ privileges: ['developer'] }, developer).expect(200);
      expect(body).toMatchObject({ username: null, role: 'anonymous', privileges: DEVELOPER });
      expect((await whoAmI(body.token).expect(200)).body.privileges).toEqual(DEVELOPER);

      const admin = await svc.tokenFor('admin');
      const minted = await anonymous({ privileges: ['manage_users'] }, admin).expect(200);
      expect(minted.body.privileges).toEqual([...BASE, 'manage_users']);
    });

    it('lets an anonymous session mint no more than it holds', async () => {
      const developer = await svc.tokenFor('developer');
      const elevated = (await anonymous({ privileges: ['developer'] }, developer).expect(200)).body.token;
      await anonymous({ privileges: ['register_simulation'] }, elevated).expect(200);
      expect((await anonymous({ privileges: ['admin'] }, elevated).expect(403)).body.message).toBe('missing privilege admin');
    });

    it('answers 400 for an unknown privilege', async () => {
      const admin = await svc.tokenFor('admin');
      const { body } = await anonymous({ privileges: ['read_cache', 'superuser'] }, admin).expect(400);
      expect(body).toMatchObject({ statusCode: 400, message: 'unknown privilege superuser' });
      await anonymous({ privileges: 'developer' }).expect(400);
      await anonymous({ privileges: [7] }).expect(400);
      await anonymous({ scope: 'all' }).expect(400);
    });
  });

  describe('GET /session', () => {
    it('describes the calling session', async () => {
      const user = await svc.createUser('session-developer', 'developer');
      const { body: session } = await login(user).expect(200);
      const { body } = await whoAmI(session.token).expect(200);
      expect(body).toEqual({
        valid: true,
        username: user.username,
        role: 'developer',
        privileges: DEVELOPER,
        expires_at: session.expires_at,
      });
    });

    it('describes an anonymous session', async () => {
      const { body: session } = await anonymous({ lifetime_hours: 1 }).expect(200);
      expect((await whoAmI(session.token).expect(200)).body).toEqual({
        valid: true,
        username: null,
        role: 'anonymous',
        privileges: BASE,
        expires_at: session.expires_at,
      });
    });
  });

  describe('the session check on protected routes', () => {
    it('answers 401 "missing X-Session-ID header" without the header', async () => {
      expect((await svc.http().get('/session').expect(401)).body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'missing X-Session-ID header',
      });
      expect((await svc.http().get('/cache/entries').set('X-Session-ID', '').expect(401)).body.message).toBe('missing X-Session-ID header');
    });

    it('answers 401 "invalid session" for a malformed token', async () => {
      for (const token of ['garbage', 'a.b.c', `${base64url({ alg: 'HS256', typ: 'JWT' })}.e30.`]) {
        expect((await whoAmI(token).expect(401)).body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'invalid session' });
      }
    });

    it('answers 401 "invalid session" for a token whose signature does not match', async () => {
      const token = (await anonymous().expect(200)).body.token as string;
      const [header, payload, signature] = token.split('.');
      const tampered = `${header}.${base64url({ ...claimsOf(token), privileges: ADMIN_PRIVILEGES, role: 'admin' })}.${signature}`;
      expect((await whoAmI(tampered).expect(401)).body.message).toBe('invalid session');
      const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await whoAmI(flipped).expect(401)).body.message).toBe('invalid session');
    });

    it('answers 401 "invalid session" for an unsigned (alg none) token and one signed with another secret', async () => {
      const claims = claimsOf((await anonymous().expect(200)).body.token);
      const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
      expect((await whoAmI(unsigned).expect(401)).body.message).toBe('invalid session');
      const otherSecret = sign(claims, 'some-other-secret-that-is-32-bytes-long', { algorithm: 'HS256' });
      expect((await whoAmI(otherSecret).expect(401)).body.message).toBe('invalid session');
    });

    it('answers 401 "session expired" once the token is past exp', async () => {
      const user = await svc.createUser('session-user');
      const { body } = await login({ ...user, lifetime_hours: 1 / HOUR }).expect(200);
      await sleep(2100);
      expect((await whoAmI(body.token).expect(401)).body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'session expired' });
      expect((await svc.http().post('/session/refresh').set('X-Session-ID', body.token).expect(401)).body.message).toBe('session expired');
    });

    it('answers 403 naming the privilege a session lacks', async () => {
      const anonymousToken = (await anonymous().expect(200)).body.token;
      const { body } = await svc.http().get('/users').set('X-Session-ID', anonymousToken).expect(403);
      expect(body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'missing privilege manage_users' });
      expect(
        (
          await svc
            .http()
            .post('/cache/invalidate')
            .set('X-Session-ID', await svc.tokenFor('user'))
            .send({ pattern: 'x*' })
            .expect(403)
        ).body.message,
      ).toBe('missing privilege invalidate_cache');
    });
  });

  describe('with a configured SIMSVC_AUTH_SECRET', () => {
    const keyed = useCacheService({ env: { SIMSVC_AUTH_SECRET: KNOWN_SECRET } });
    let claims: ReturnType<typeof claimsOf>;

    beforeAll(async () => {
      claims = claimsOf((await keyed.http().post('/session/anonymous').expect(200)).body.token);
    });

    const check = (token: string) => keyed.http().get('/session').set('X-Session-ID', token);

    it('signs with that secret', async () => {
      const token = sign({ ...claims }, KNOWN_SECRET, { algorithm: 'HS256' });
      expect((await check(token).expect(200)).body.role).toBe('anonymous');
    });

    it('refuses an algorithm other than HS256 even with the right secret', async () => {
      for (const algorithm of ['HS384', 'HS512'] as const) {
        expect((await check(sign({ ...claims }, KNOWN_SECRET, { algorithm })).expect(401)).body.message).toBe('invalid session');
      }
    });

    it('refuses a correctly signed token past exp as expired', async () => {
      const expired = sign({ ...claims, iat: nowSeconds() - 100, exp: nowSeconds() - 10 }, KNOWN_SECRET, { algorithm: 'HS256' });
      expect((await check(expired).expect(401)).body.message).toBe('session expired');
    });

    it('refuses a correctly signed token of a session the store never issued', async () => {
      const forged = sign({ ...claims, sid: '00000000-0000-4000-8000-000000000000' }, KNOWN_SECRET, { algorithm: 'HS256' });
      expect((await check(forged).expect(401)).body.message).toBe('invalid session');
    });

    it('refuses a correctly signed token without the session claims', async () => {
      const bare = sign({ sub: 'admin', exp: nowSeconds() + 60 }, KNOWN_SECRET, { algorithm: 'HS256' });
      expect((await check(bare).expect(401)).body.message).toBe('invalid session');
    });
  });

  describe('POST /session/refresh', () => {
    it('issues a new token of the same session, one lifetime from now', async () => {
      const user = await svc.createUser('session-user');
      const { body: session } = await login({ ...user, lifetime_hours: 1 }).expect(200);
      await sleep(1100);
      const { body } = await svc.http().post('/session/refresh').set('X-Session-ID', session.token).expect(200);
      expect(body).toEqual({ token: expect.any(String), session_id: body.token, expires_at: expect.stringMatching(TIMESTAMP) });
      expect(body.token).not.toBe(session.token);
      const before = claimsOf(session.token);
      const after = claimsOf(body.token);
      expect(after.sid).toBe(before.sid);
      expect(after.exp - after.iat).toBe(HOUR);
      expect(after.exp).toBeGreaterThan(before.exp);
      expect(micros(body.expires_at)).toBe(after.exp * 1000);
      expect((await whoAmI(body.token).expect(200)).body.expires_at).toBe(body.expires_at);
    });

    it('needs no body nor content type, and a session', async () => {
      const token = (await anonymous().expect(200)).body.token;
      await svc.http().post('/session/refresh').set('X-Session-ID', token).expect(200);
      expect((await svc.http().post('/session/refresh').expect(401)).body.message).toBe('missing X-Session-ID header');
    });

    it('never extends a session past 720 h from login', async () => {
      const user = await svc.createUser('session-user');
      const { body: session } = await login({ ...user, lifetime_hours: 720 }).expect(200);
      await sleep(1100);
      const { body } = await svc.http().post('/session/refresh').set('X-Session-ID', session.token).expect(200);
      expect(claimsOf(body.token).exp).toBe(claimsOf(session.token).exp);
      expect(body.expires_at).toBe(session.expires_at);
    });

    it('keeps an anonymous session anonymous with its privileges', async () => {
      const developer = await svc.tokenFor('developer');
      const minted = (await anonymous({ privileges: ['developer'] }, developer).expect(200)).body.token;
      const { body } = await svc.http().post('/session/refresh').set('X-Session-ID', minted).expect(200);
      expect(claimsOf(body.token)).toMatchObject({ role: 'anonymous', sub: 'anonymous', privileges: DEVELOPER });
    });
  });

  describe('DELETE /session', () => {
    it('answers 204 and revokes every token of the session', async () => {
      const user = await svc.createUser('session-user');
      const first = (await login(user).expect(200)).body.token;
      const second = (await svc.http().post('/session/refresh').set('X-Session-ID', first).expect(200)).body.token;
      await whoAmI(first).expect(200);
      const response = await svc.http().delete('/session').set('X-Session-ID', second).expect(204);
      expect(response.text).toBe('');
      for (const token of [first, second]) {
        expect((await whoAmI(token).expect(401)).body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'session revoked' });
        expect((await svc.http().get('/cache/stats').set('X-Session-ID', token).expect(401)).body.message).toBe('session revoked');
      }
      expect((await svc.http().post('/session/refresh').set('X-Session-ID', first).expect(401)).body.message).toBe('session revoked');
      expect((await svc.http().delete('/session').set('X-Session-ID', first).expect(401)).body.message).toBe('session revoked');
    });

    it('leaves the user’s other sessions alone', async () => {
      const user = await svc.createUser('session-user');
      const kept = (await login(user).expect(200)).body.token;
      const ended = (await login(user).expect(200)).body.token;
      await svc.http().delete('/session').set('X-Session-ID', ended).expect(204);
      await whoAmI(kept).expect(200);
    });

    it('needs a session', async () => {
      expect((await svc.http().delete('/session').expect(401)).body.message).toBe('missing X-Session-ID header');
    });
  });

  describe('the per-request check', () => {
    it('asks the auth store about a busy session at most once per 2 s', async () => {
      const token = (await anonymous().expect(200)).body.token;
      const lookups = jest.spyOn(svc.nestApp.get(AuthSessionRepository), 'findState');
      try {
        const started = Date.now();
        for (let i = 0; i < 50; i++) await svc.http().get('/cache/stats').set('X-Session-ID', token).expect(200);
        const elapsedWindows = Math.floor((Date.now() - started) / 2000) + 1;
        expect(lookups.mock.calls.length).toBeGreaterThanOrEqual(1);
        expect(lookups.mock.calls.length).toBeLessThanOrEqual(elapsedWindows);
      } finally {
        lookups.mockRestore();
      }
    });
  });

  describe('the signing secret generated and kept in the auth store', () => {
    it('keeps sessions valid across a restart', async () => {
      const user = await svc.createUser('session-user');
      const token = (await login(user).expect(200)).body.token;
      await svc.restart();
      expect((await whoAmI(token).expect(200)).body.username).toBe(user.username);
    });
  });
});

describe('sessions across replicas sharing one auth store', () => {
  let first: CacheTestService;
  let second: CacheTestService;

  beforeAll(async () => {
    ({ first, second } = await startReplicas());
  });
  afterAll(() => closeReplicas({ first, second }));

  it('accepts on one replica a session issued by the other (shared generated secret)', async () => {
    const token = await first.login(ADMIN.username, ADMIN.password);
    expect((await second.http().get('/session').set('X-Session-ID', token).expect(200)).body.username).toBe(ADMIN.username);
    const anonymousToken = (await second.http().post('/session/anonymous').expect(200)).body.token;
    await first.http().get('/cache/stats').set('X-Session-ID', anonymousToken).expect(200);
  });

  it('refuses a logged-out session on every replica within 5 s', async () => {
    const token = await first.login(ADMIN.username, ADMIN.password);
    await second.http().get('/cache/stats').set('X-Session-ID', token).expect(200);
    await first.http().delete('/session').set('X-Session-ID', token).expect(204);
    await first.http().get('/cache/stats').set('X-Session-ID', token).expect(401);
    const deadline = Date.now() + 5000;
    let status = 200;
    while (Date.now() < deadline) {
      const response = await second.http().get('/cache/stats').set('X-Session-ID', token);
      status = response.status;
      if (status === 401) {
        expect(response.body.message).toBe('session revoked');
        break;
      }
      await sleep(100);
    }
    expect(status).toBe(401);
  });

  it('shares the count of failed logins', async () => {
    const address = newClientAddress();
    const attempt = (svc: CacheTestService, password: string) =>
      svc.http().post('/session/login').set('X-Forwarded-For', address).send({ username: ADMIN.username, password });
    for (let i = 0; i < 3; i++) await attempt(first, `wrong-${i}`).expect(401);
    for (let i = 3; i < 5; i++) await attempt(second, `wrong-${i}`).expect(401);
    await attempt(first, ADMIN.password).expect(429);
    await attempt(second, ADMIN.password).expect(429);
  });

  it('never overwrites an existing admin at start-up', async () => {
    const third = await startCacheService({ args: sharedAuthStoreArgs(first), env: { SIMSVC_ADMIN_PASSWORD: 'another-admin-password' } });
    try {
      await third.http().post('/session/login').send({ username: ADMIN.username, password: 'another-admin-password' }).expect(401);
      await third.login(ADMIN.username, ADMIN.password);
    } finally {
      await third.close();
    }
  });

  it('creates a configured admin once, even when replicas start together', async () => {
    const env = { SIMSVC_ADMIN_USERNAME: 'ops-admin', SIMSVC_ADMIN_PASSWORD: 'ops-admin-password', SIMSVC_ADMIN_EMAIL: 'ops@example.org' };
    const replicas = await Promise.all([0, 1, 2].map(() => startCacheService({ args: sharedAuthStoreArgs(first), env })));
    try {
      const token = await replicas[0].login('ops-admin', 'ops-admin-password');
      const { body } = await replicas[1].http().get('/users/ops-admin').set('X-Session-ID', token).expect(200);
      expect(body).toMatchObject({ username: 'ops-admin', role: 'admin', email: 'ops@example.org', disabled: false });
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });
});

describe('sessions with SIMSVC_AUTH_ALLOW_ANONYMOUS=false', () => {
  const svc = useCacheService({ env: { SIMSVC_AUTH_ALLOW_ANONYMOUS: 'false' } });

  it('refuses anonymous sessions with 403, even to an admin', async () => {
    expect((await svc.http().post('/session/anonymous').expect(403)).body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'anonymous sessions are disabled',
    });
    const admin = await svc.tokenFor('admin');
    expect(
      (
        await svc
          .http()
          .post('/session/anonymous')
          .set('X-Session-ID', admin)
          .send({ privileges: ['developer'] })
          .expect(403)
      ).body.message,
    ).toBe('anonymous sessions are disabled');
  });

  it('still logs users in', async () => {
    await svc.tokenFor('user');
  });
});

describe('sessions with --no-auth', () => {
  const svc = useCacheService({ args: ['--no-auth'] });

  it('acts with every privilege without a session', async () => {
    const { body } = await svc.http().get('/session').expect(200);
    expect(body).toMatchObject({ valid: true, username: null, role: 'admin', privileges: ADMIN_PRIVILEGES });
    await svc.http().get('/users').expect(200);
    await svc.http().post('/users').send({ username: 'no-auth-user', password: 'password-1', role: 'user' }).expect(201);
  });

  it('ignores whatever X-Session-ID is sent', async () => {
    await svc.http().get('/cache/stats').set('X-Session-ID', 'garbage').expect(200);
    await svc.http().delete('/session').expect(204);
    await svc.http().get('/users').expect(200);
  });

  it('still issues sessions', async () => {
    await svc.http().post('/session/login').send({ username: ADMIN.username, password: ADMIN.password }).expect(200);
    await svc
      .http()
      .post('/session/anonymous')
      .send({ privileges: ['developer'] })
      .expect(200);
  });
});
