import { AuthSessionEntity, AuthSessionRepository } from '@simsvc/persistence';
import { ADMIN, useSessions } from '@simsvc/testing';
import { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  BEHIND_LOOPBACK_PROXY,
  CacheTestService,
  closeReplicas,
  mintAnonymous,
  useCacheService,
  startReplicas,
} from './support/cache-test-service';

// Issue 22, through real HTTP on both backends: the credential epoch (a login in flight while a
// password changes or a user is deleted and re-created keeps no session), usernames normalised
// once (NFKC + lower-case), /users writes checked against the store, logout ending the anonymous
// sessions its session minted.

jest.setTimeout(180_000);

let addressSequence = 0;
/** Each login from an address of its own: the per-address password-work gate would serialise them. */
const newClientAddress = () => `203.0.113.${(++addressSequence % 250) + 1}`;
let nameSequence = 0;
const freshName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++nameSequence}`;

describe('credential epoch, usernames, /users writes and logout (issue 22)', () => {
  const svc = useCacheService({ args: BEHIND_LOOPBACK_PROXY });
  const sessions = useSessions(svc, 'admin');

  const login = (username: string, password: string, address = newClientAddress()) =>
    svc.http().post('/session/login').set('X-Forwarded-For', address).send({ username, password });
  const createUser = (username: string, password: string, role = 'user') =>
    svc.http().post('/users').set('X-Session-ID', sessions.admin).send({ username, password, role });
  const sessionStatus = async (token: string) => (await svc.http().get('/session').set('X-Session-ID', token)).status;

  /** Logins with `password` started one after another every few ms while `change` runs; the tokens of those that succeeded. */
  async function loginsDuring(username: string, password: string, change: () => Promise<unknown>): Promise<string[]> {
    const attempts: Promise<{ status: number; body: { token?: string } }>[] = [];
    let changing = true;
    const loop = (async () => {
      while (changing) {
        attempts.push(login(username, password).then((response) => ({ status: response.status, body: response.body })));
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    })();
    // Logins already in flight when the change starts.
    await new Promise((resolve) => setTimeout(resolve, 10));
    try {
      await change();
    } finally {
      changing = false;
      await loop;
    }
    const responses = await Promise.all(attempts);
    return responses.filter((response) => response.status === 200).map((response) => response.body.token as string);
  }

  describe('22.1 a login in flight during a password change or a delete keeps no session', () => {
    it('leaves zero working sessions of the old password after each of 50 password changes', async () => {
      const username = freshName('race');
      await createUser(username, 'password-0').expect(201);
      const survivors: string[] = [];
      for (let iteration = 0; iteration < 50; iteration++) {
        const oldPassword = `password-${iteration}`;
        const tokens = await loginsDuring(username, oldPassword, () =>
          svc
            .http()
            .patch(`/users/${username}`)
            .set('X-Session-ID', sessions.admin)
            .send({ password: `password-${iteration + 1}` })
            .expect(200),
        );
        for (const token of tokens) if ((await sessionStatus(token)) !== 401) survivors.push(token.slice(-12));
      }
      expect(survivors).toEqual([]);
    });

    it('never lets a session of a deleted user speak for a user re-created under that name (20 races)', async () => {
      const survivors: string[] = [];
      for (let iteration = 0; iteration < 20; iteration++) {
        const username = freshName('recreated');
        await createUser(username, 'old-password').expect(201);
        const tokens = await loginsDuring(username, 'old-password', async () => {
          await svc.http().delete(`/users/${username}`).set('X-Session-ID', sessions.admin).expect(204);
          await createUser(username, 'new-admin-password', 'admin').expect(201);
        });
        for (const token of tokens) {
          const refreshed = await svc.http().post('/session/refresh').set('X-Session-ID', token);
          if ((await sessionStatus(token)) !== 401 || refreshed.status !== 401) survivors.push(token.slice(-12));
        }
      }
      expect(survivors).toEqual([]);
    });

    it('refuses a session row of a deleted user that escaped revocation, even after an admin of that name is created', async () => {
      const username = freshName('escaped');
      await createUser(username, 'old-password').expect(201);
      const token = (await login(username, 'old-password').expect(200)).body.token as string;
      await svc.http().delete(`/users/${username}`).set('X-Session-ID', sessions.admin).expect(204);
      await createUser(username, 'new-admin-password', 'admin').expect(201);
      // What the lost race left behind: the old session's row, live.
      const sessionId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
      const auth = svc.nestApp.get<DataSource>(getDataSourceToken('auth'));
      await auth.getRepository(AuthSessionEntity).update({ id: sessionId }, { revokedAt: null });
      expect((await svc.nestApp.get(AuthSessionRepository).findById(sessionId))?.revokedAt).toBeNull();
      // A process that has not seen the revocation (its standing cache starts empty).
      await svc.restart();
      const refreshed = await svc.http().post('/session/refresh').set('X-Session-ID', token);
      expect(refreshed.status).toBe(401);
      expect(await sessionStatus(token)).toBe(401);
      await svc.http().get('/users').set('X-Session-ID', token).expect(401);
    });
  });

  describe('22.6 usernames normalised once (NFKC, then lower-case in JavaScript)', () => {
    it('does not log `mİmi` in as `mimi`', async () => {
      const username = freshName('mimi');
      await createUser(username, 'mimi-password').expect(201);
      await login(username.replace('i', '\u0130'), 'mimi-password').expect(401);
      await login(username.toUpperCase(), 'mimi-password').expect(200);
    });

    it('counts every İ/i spelling of a name in one per-username bucket (20 failures, then 429)', async () => {
      const username = freshName('mimi');
      await createUser(username, 'mimi-password').expect(201);
      const spellings = [username, username.replace('i', '\u0130'), username.replace(/i/g, '\u0130'), username.toUpperCase()];
      const statuses: number[] = [];
      for (let guess = 0; guess < 24; guess++) {
        const address = `192.0.2.${100 + Math.floor(guess / 4)}`;
        statuses.push((await login(spellings[guess % spellings.length], `wrong-${guess}`, address)).status);
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(20);
      expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    });

    it('refuses at creation a name whose normal form differs from an existing simpler one, and creates nothing', async () => {
      const username = freshName('mimi');
      await createUser(username, 'mimi-password').expect(201);
      const userCount = async () =>
        ((await svc.http().get('/users').set('X-Session-ID', sessions.admin).expect(200)).body as { total: number }).total;
      const before = await userCount();
      // Another case of an existing name is that name (409); letters beyond ASCII are refused at creation (400).
      const refusals: [string, number][] = [
        [username.toUpperCase(), 409],
        [username.replace('i', '\u00ec'), 400],
        [username.replace('i', 'i\u0300'), 400],
        [username.replace('i', '\u0130'), 400],
      ];
      for (const [lookalike, status] of refusals) {
        const refused = await createUser(lookalike, 'other-password', 'admin').expect(status);
        expect(refused.body).toMatchObject({ statusCode: status, message: expect.any(String) });
      }
      expect(await userCount()).toBe(before);
      await login(username.replace('i', '\u00ec'), 'other-password').expect(401);
    });

    it('logs in with the NFKC form of a name (full-width letters are the same name)', async () => {
      const username = freshName('wide');
      await createUser(username, 'wide-password').expect(201);
      const fullWidth = [...username].map((c) => (/[a-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
      await login(fullWidth, 'wide-password').expect(200);
    });
  });

  describe('22.9 logout ends the anonymous sessions its session minted', () => {
    it('ends an anonymous session minted with admin when the admin logs out', async () => {
      const adminToken = (await login(ADMIN.username, ADMIN.password).expect(200)).body.token as string;
      const minted = await mintAnonymous(svc, adminToken, ['admin']);
      const mintedAgain = await mintAnonymous(svc, minted, ['manage_users']);
      await svc.http().get('/users').set('X-Session-ID', minted).expect(200);
      await svc.http().delete('/session').set('X-Session-ID', adminToken).expect(204);
      for (const token of [minted, mintedAgain]) {
        const response = await svc.http().get('/users').set('X-Session-ID', token);
        expect([response.status, response.body.message]).toEqual([401, 'session revoked']);
      }
      // The admin's other sessions are untouched.
      await svc.http().get('/users').set('X-Session-ID', sessions.admin).expect(200);
    });
  });
});

describe('22.8 /users writes check manage_users against the store (two replicas)', () => {
  let first: CacheTestService;
  let second: CacheTestService;

  beforeAll(async () => {
    ({ first, second } = await startReplicas());
  });
  afterAll(() => closeReplicas({ first, second }));

  it('refuses a write by an admin demoted on another replica a moment ago, and creates nothing', async () => {
    const root = await first.tokenFor('admin');
    const deputy = { username: freshName('deputy'), password: 'deputy-password' };
    await first
      .http()
      .post('/users')
      .set('X-Session-ID', root)
      .send({ ...deputy, role: 'admin' })
      .expect(201);
    const deputyToken = await second.login(deputy.username, deputy.password);
    // The deputy's standing is now cached as admin on the second replica.
    await second.http().get('/users').set('X-Session-ID', deputyToken).expect(200);
    await first.http().patch(`/users/${deputy.username}`).set('X-Session-ID', root).send({ role: 'user' }).expect(200);

    const created = freshName('after-demotion');
    const writes = await Promise.all([
      second.http().post('/users').set('X-Session-ID', deputyToken).send({ username: created, password: 'password-x', role: 'admin' }),
      second.http().patch(`/users/${deputy.username}`).set('X-Session-ID', deputyToken).send({ role: 'admin' }),
      second.http().delete(`/users/${ADMIN.username}`).set('X-Session-ID', deputyToken),
    ]);
    expect(writes.map((response) => response.status)).toEqual([401, 401, 401]);
    await first.http().get(`/users/${created}`).set('X-Session-ID', root).expect(404);
    expect((await first.http().get(`/users/${deputy.username}`).set('X-Session-ID', root).expect(200)).body.role).toBe('user');
  });
});
