import { ADMIN, useSessions } from '@simsvc/testing';
import { mintAnonymous, useCacheService } from './support/cache-test-service';

// Contract §3 user management through real HTTP: /users CRUD with manage_users, validation,
// password handling, and the sessions that a password change, disabling or deletion ends.

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const BASE = ['read_cache', 'write_cache', 'read_catalog', 'record_execution', 'execute_simulation', 'read_results', 'write_results'];
const DEVELOPER = [...BASE, 'developer', 'register_simulation', 'update_catalog', 'invalidate_cache'];

describe('users', () => {
  const svc = useCacheService();
  const sessions = useSessions(svc, 'admin');
  let sequence = 0;

  /** A valid POST /users body with a fresh username. */
  function makeUser(overrides: Record<string, unknown> = {}): { username: string; password: string; role: string; email?: string } {
    sequence += 1;
    return { username: `user-${sequence}`, password: `password-${sequence}`, role: 'user', ...overrides } as {
      username: string;
      password: string;
      role: string;
    };
  }

  const create = (body: Record<string, unknown>, token = sessions.admin) => svc.http().post('/users').set('X-Session-ID', token).send(body);
  const fetchUser = (username: string, token = sessions.admin) =>
    svc
      .http()
      .get(`/users/${encodeURIComponent(username)}`)
      .set('X-Session-ID', token);
  const patch = (username: string, body: Record<string, unknown>, token = sessions.admin) =>
    svc
      .http()
      .patch(`/users/${encodeURIComponent(username)}`)
      .set('X-Session-ID', token)
      .send(body);
  const remove = (username: string, token = sessions.admin) =>
    svc
      .http()
      .delete(`/users/${encodeURIComponent(username)}`)
      .set('X-Session-ID', token);
  const list = (query = '', token = sessions.admin) => svc.http().get(`/users${query}`).set('X-Session-ID', token);
  const userCount = async () => (await list('?limit=1').expect(200)).body.total as number;
  const login = (username: string, password: string) => svc.http().post('/session/login').send({ username, password });
  const loginToken = async (username: string, password: string) => (await login(username, password).expect(200)).body.token as string;
  const sessionStatus = async (token: string) => (await svc.http().get('/session').set('X-Session-ID', token)).status;

  /** No response may carry a password or its hash, under any field name. */
  const expectNoSecrets = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/password|scrypt\$/i);

  describe('POST /users', () => {
    it('creates a user (201) and returns it without the password', async () => {
      const user = makeUser({ role: 'developer', email: 'dev@example.org' });
      const { body } = await create(user).expect(201);
      expect(body).toEqual({
        username: user.username,
        email: 'dev@example.org',
        role: 'developer',
        disabled: false,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: body.created_at,
      });
      expectNoSecrets(body);
      const session = await login(user.username, user.password).expect(200);
      expect(session.body.privileges).toEqual(DEVELOPER);
    });

    it('makes email optional (null when absent)', async () => {
      const user = makeUser({ email: null });
      expect((await create(user).expect(201)).body.email).toBeNull();
    });

    it('answers 409 "username already exists" for a taken name, leaving the user unchanged', async () => {
      const user = makeUser();
      await create(user).expect(201);
      const { body } = await create({ ...user, password: 'another-password', role: 'admin' }).expect(409);
      expect(body).toEqual({ statusCode: 409, error: 'Conflict', message: 'username already exists' });
      expect((await fetchUser(user.username).expect(200)).body.role).toBe('user');
      await login(user.username, user.password).expect(200);
    });

    it('keeps concurrent creations of one name to a single user', async () => {
      const user = makeUser();
      const statuses = (await Promise.all([0, 1, 2, 3].map(() => create(user)))).map((response) => response.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
    });

    it.each([
      ['a password shorter than 8 characters', { password: 'short77' }, 'password'],
      ['a missing password', { password: undefined }, 'password'],
      ['an unknown role', { role: 'root' }, 'role'],
      ['the anonymous role', { role: 'anonymous' }, 'role'],
      ['a missing role', { role: undefined }, 'role'],
      ['an invalid email', { email: 'not-an-email' }, 'email'],
      ['an empty username', { username: '' }, 'username'],
      ['a username with a space', { username: 'two words' }, 'username'],
      ['a username with a slash', { username: 'a/b' }, 'username'],
      ['a username over 64 characters', { username: 'u'.repeat(65) }, 'username'],
      ['a non-string password', { password: 12345678 }, 'password'],
      ['an unknown field', { is_admin: true }, 'is_admin'],
    ])('refuses %s with 400 and creates nothing', async (_case, overrides, field) => {
      const before = await userCount();
      const body = { ...makeUser(), ...overrides } as Record<string, unknown>;
      const response = await create(body).expect(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringContaining(field),
        details: expect.any(Array),
      });
      expect(await userCount()).toBe(before);
    });

    it.each([
      [
        'nested 10,000 levels',
        (user: string) => `${user.slice(0, -1)},"email":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
        'request body is nested more than 72 levels deep',
      ],
      [
        'with a __proto__ key',
        (user: string) => `${user.slice(0, -1)},"__proto__":{"role":"admin"}}`,
        'request body must not use __proto__ as a key',
      ],
    ])('refuses a body %s with 400 and creates nothing', async (_case, shape, message) => {
      const before = await userCount();
      const user = makeUser();
      const response = await svc
        .http()
        .post('/users')
        .set('X-Session-ID', sessions.admin)
        .set('Content-Type', 'application/json')
        .send(shape(JSON.stringify(user)))
        .expect(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message, details: [message] });
      expect(await userCount()).toBe(before);
      await fetchUser(user.username).expect(404);
    });

    it('reserves the name "anonymous"', async () => {
      const before = await userCount();
      const { body } = await create(makeUser({ username: 'anonymous' })).expect(400);
      expect(body.message).toBe('username anonymous is reserved');
      expect(await userCount()).toBe(before);
    });

    it('accepts exactly 8 characters and e-mail-like names', async () => {
      await create(makeUser({ username: 'jane.doe@example.org', password: '12345678' })).expect(201);
      await login('jane.doe@example.org', '12345678').expect(200);
    });
  });

  describe('GET /users', () => {
    it('lists users by name with total, limit and offset (defaults 50 and 0), never with passwords', async () => {
      await create(makeUser()).expect(201);
      const { body } = await list().expect(200);
      expect(body).toEqual({ users: expect.any(Array), total: expect.any(Number), limit: 50, offset: 0 });
      expect(body.total).toBeGreaterThanOrEqual(2);
      const names = body.users.map((user: { username: string }) => user.username);
      expect(names).toEqual([...names].sort());
      expect(names).toContain(ADMIN.username);
      expect(body.users.find((user: { username: string }) => user.username === ADMIN.username)).toMatchObject({
        role: 'admin',
        disabled: false,
      });
      expectNoSecrets(body);
    });

    it('pages with limit and offset', async () => {
      for (let i = 0; i < 3; i++) await create(makeUser()).expect(201);
      const all = (await list('?limit=1000').expect(200)).body;
      const page = (await list('?limit=2&offset=1').expect(200)).body;
      expect(page).toMatchObject({ total: all.total, limit: 2, offset: 1 });
      expect(page.users).toEqual(all.users.slice(1, 3));
      expect((await list(`?offset=${all.total}`).expect(200)).body.users).toEqual([]);
    });

    it.each(['?offset=999999999999999999999999999999', '?offset=100000000000000000000'])(
      'refuses %s with 400 naming the bound',
      async (query) => {
        const message = 'offset must be at most 9007199254740991';
        expect((await list(query).expect(400)).body).toEqual({ statusCode: 400, error: 'Bad Request', message, details: [message] });
      },
    );

    it.each(['?limit=0', '?limit=1001', '?limit=abc', '?limit=1.5', '?offset=-1', '?offset=x', '?sort=name'])(
      'refuses %s with 400',
      async (query) => {
        const { body } = await list(query).expect(400);
        expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      },
    );
  });

  describe('GET /users/{username}', () => {
    it('returns the user', async () => {
      const user = makeUser({ email: 'get@example.org' });
      await create(user).expect(201);
      const { body } = await fetchUser(user.username).expect(200);
      expect(body).toMatchObject({ username: user.username, email: 'get@example.org', role: 'user', disabled: false });
      expectNoSecrets(body);
    });

    it('answers 404 "user not found"', async () => {
      expect((await fetchUser('nobody-here').expect(404)).body).toEqual({ statusCode: 404, error: 'Not Found', message: 'user not found' });
    });
  });

  describe('PATCH /users/{username}', () => {
    it('changes role and email; a role change ends the user’s sessions, the next login has the new role', async () => {
      const user = makeUser();
      await create(user).expect(201);
      const token = await loginToken(user.username, user.password);
      const { body } = await patch(user.username, { role: 'developer', email: 'new@example.org' }).expect(200);
      expect(body).toMatchObject({ username: user.username, role: 'developer', email: 'new@example.org', disabled: false });
      expect(body.updated_at >= body.created_at).toBe(true);
      expectNoSecrets(body);

      expect((await svc.http().get('/session').set('X-Session-ID', token).expect(401)).body.message).toBe('session revoked');
      await svc.http().post('/session/refresh').set('X-Session-ID', token).expect(401);
      const relogged = await login(user.username, user.password).expect(200);
      expect(relogged.body).toMatchObject({ role: 'developer', privileges: DEVELOPER });
    });

    it('changes the password and revokes the user’s sessions', async () => {
      const user = makeUser();
      await create(user).expect(201);
      const first = await loginToken(user.username, user.password);
      const second = await loginToken(user.username, user.password);
      await patch(user.username, { password: 'a-brand-new-password' }).expect(200);
      for (const token of [first, second]) {
        expect((await svc.http().get('/session').set('X-Session-ID', token).expect(401)).body.message).toBe('session revoked');
      }
      await login(user.username, user.password).expect(401);
      await login(user.username, 'a-brand-new-password').expect(200);
    });

    it('disables a user: sessions revoked, logins refused; enabling again allows logins', async () => {
      const user = makeUser();
      await create(user).expect(201);
      const token = await loginToken(user.username, user.password);
      expect((await patch(user.username, { disabled: true }).expect(200)).body.disabled).toBe(true);
      expect((await svc.http().get('/cache/stats').set('X-Session-ID', token).expect(401)).body.message).toBe('session revoked');
      expect((await login(user.username, user.password).expect(401)).body.message).toBe('invalid username or password');
      expect((await patch(user.username, { disabled: false }).expect(200)).body.disabled).toBe(false);
      await login(user.username, user.password).expect(200);
      expect(await sessionStatus(token)).toBe(401);
    });

    it('also revokes anonymous sessions minted from the user’s session', async () => {
      const user = makeUser({ role: 'developer' });
      await create(user).expect(201);
      const token = await loginToken(user.username, user.password);
      const minted = await mintAnonymous(svc, token, ['developer']);
      const plain = (await svc.http().post('/session/anonymous').set('X-Session-ID', token).send({}).expect(200)).body.token;
      await patch(user.username, { disabled: true }).expect(200);
      expect((await svc.http().get('/session').set('X-Session-ID', minted).expect(401)).body.message).toBe('session revoked');
      expect(await sessionStatus(plain)).toBe(200);
    });

    it('does not revoke sessions for an email change, re-enabling, or a role set to the one held', async () => {
      const user = makeUser();
      await create(user).expect(201);
      const token = await loginToken(user.username, user.password);
      await patch(user.username, { email: 'still@example.org' }).expect(200);
      await patch(user.username, { role: 'user', disabled: false }).expect(200);
      expect(await sessionStatus(token)).toBe(200);
    });

    it('treats null as absent and an empty body as no change', async () => {
      const user = makeUser({ email: 'keep@example.org' });
      await create(user).expect(201);
      const { body } = await patch(user.username, { role: null, email: null, password: null, disabled: null }).expect(200);
      expect(body).toMatchObject({ role: 'user', email: 'keep@example.org', disabled: false });
      await patch(user.username, {}).expect(200);
      await login(user.username, user.password).expect(200);
    });

    it.each([
      ['a short password', { password: 'short' }, 'password'],
      ['an unknown role', { role: 'superuser' }, 'role'],
      ['an invalid email', { email: 'nope' }, 'email'],
      ['a non-boolean disabled', { disabled: 'yes' }, 'disabled'],
      ['a username change', { username: 'renamed' }, 'username'],
      ['an unknown field', { quota: 5 }, 'quota'],
    ])('refuses %s with 400 and changes nothing', async (_case, body, field) => {
      const user = makeUser({ email: 'same@example.org' });
      const created = (await create(user).expect(201)).body;
      const token = await loginToken(user.username, user.password);
      const response = await patch(user.username, body).expect(400);
      expect(response.body.message).toContain(field);
      expect((await fetchUser(user.username).expect(200)).body).toEqual(created);
      expect(await sessionStatus(token)).toBe(200);
      await login(user.username, user.password).expect(200);
    });

    it('refuses a __proto__ key with 400 and changes nothing', async () => {
      const user = makeUser();
      const created = (await create(user).expect(201)).body;
      const message = 'request body must not use __proto__ as a key';
      const response = await svc
        .http()
        .patch(`/users/${user.username}`)
        .set('X-Session-ID', sessions.admin)
        .set('Content-Type', 'application/json')
        .send('{"email":"new@example.org","__proto__":{"role":"admin"}}')
        .expect(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message, details: [message] });
      expect((await fetchUser(user.username).expect(200)).body).toEqual(created);
    });

    // Found by the fuzz test (issue 22, item 13): validator.js's isEmail threw on it, a 500.
    it('refuses an email holding an unpaired surrogate with 400, in a creation or a change, and changes nothing', async () => {
      const user = makeUser();
      const created = (await create(user).expect(201)).body;
      const count = await userCount();
      for (const response of [
        await svc
          .http()
          .patch(`/users/${user.username}`)
          .set('X-Session-ID', sessions.admin)
          .set('Content-Type', 'application/json')
          .send('{"email":"\\ud800"}'),
        await svc
          .http()
          .post('/users')
          .set('X-Session-ID', sessions.admin)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ ...makeUser(), email: 'a\ud800@example.org' })),
      ]) {
        expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message: 'email must be an email' });
      }
      expect((await fetchUser(user.username).expect(200)).body).toEqual(created);
      expect(await userCount()).toBe(count);
    });

    it('answers 404 "user not found"', async () => {
      expect((await patch('nobody-here', { role: 'admin' }).expect(404)).body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'user not found',
      });
    });
  });

  describe('DELETE /users/{username}', () => {
    it('deletes the user (204) and revokes their sessions', async () => {
      const user = makeUser();
      await create(user).expect(201);
      const token = await loginToken(user.username, user.password);
      const response = await remove(user.username).expect(204);
      expect(response.text).toBe('');
      await fetchUser(user.username).expect(404);
      expect((await svc.http().get('/session').set('X-Session-ID', token).expect(401)).body.message).toBe('session revoked');
      await login(user.username, user.password).expect(401);
    });

    it('answers 404 "user not found" for an unknown user', async () => {
      expect((await remove('nobody-here').expect(404)).body).toEqual({ statusCode: 404, error: 'Not Found', message: 'user not found' });
    });

    it('lets the name be used again, without reviving old sessions', async () => {
      const user = makeUser();
      await create(user).expect(201);
      const token = await loginToken(user.username, user.password);
      await remove(user.username).expect(204);
      await create(user).expect(201);
      expect(await sessionStatus(token)).toBe(401);
      await login(user.username, user.password).expect(200);
    });
  });

  describe('access control', () => {
    const routes: [string, string, Record<string, unknown> | null][] = [
      ['POST', '/users', { username: 'guarded-user', password: 'password-x', role: 'admin' }],
      ['GET', '/users', null],
      ['GET', `/users/${ADMIN.username}`, null],
      ['PATCH', `/users/${ADMIN.username}`, { password: 'taken-over-password' }],
      ['DELETE', `/users/${ADMIN.username}`, null],
    ];
    const send = (method: string, path: string, body: Record<string, unknown> | null, token?: string) => {
      const call = svc.send(method, path, body);
      return token ? call.set('X-Session-ID', token) : call;
    };

    it.each(routes)('%s %s without a session → 401', async (method, path, body) => {
      expect((await send(method, path, body).expect(401)).body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'missing X-Session-ID header',
      });
    });

    it.each(routes)('%s %s with an invalid session → 401', async (method, path, body) => {
      expect((await send(method, path, body, 'not.a.token').expect(401)).body.message).toBe('invalid session');
    });

    it.each(routes)('%s %s without manage_users → 403 and nothing changes', async (method, path, body) => {
      const tokens = [await svc.tokenFor('user'), await svc.tokenFor('developer'), await svc.anonymousToken()];
      const before = (await list('?limit=1000').expect(200)).body;
      for (const token of tokens) {
        expect((await send(method, path, body, token).expect(403)).body).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'missing privilege manage_users',
        });
      }
      expect((await list('?limit=1000').expect(200)).body).toEqual(before);
      await login(ADMIN.username, ADMIN.password).expect(200);
    });

    it('lets an anonymous session minted by an admin with manage_users manage users', async () => {
      const minted = await mintAnonymous(svc, sessions.admin, ['manage_users']);
      await create(makeUser(), minted).expect(201);
    });
  });
});
