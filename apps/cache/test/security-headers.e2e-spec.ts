import { useSessions } from '@simsvc/testing';
import { hashPassword, SessionPurge } from '@simsvc/auth';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AuthSessionRepository, AuthUserRepository } from '@simsvc/persistence';
import { DataSource } from 'typeorm';
import { CacheTestService, startCacheService, useCacheService } from './support/cache-test-service';

// Issue 12, items 7 and 9: anonymous sessions bounded; security headers, no-store on tokens,
// case-insensitive usernames, scrypt at N = 2^17 with re-hash at login.

describe('anonymous sessions bounded, headers and credentials', () => {
  const svc = useCacheService({
    args: ['--trusted-proxies', 'loopback', '--anonymous-max-lifetime-hours', '2'],
    productionPasswordCost: true,
  });
  const sessions = useSessions(svc, 'admin');

  const anonymous = (address: string, body: Record<string, unknown> = {}) =>
    svc.http().post('/session/anonymous').set('X-Forwarded-For', address).send(body);

  it('limits anonymous sessions to 30 a minute per address, with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await anonymous('198.19.0.1')).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    const refused = await anonymous('198.19.0.1').expect(429);
    expect(refused.body.message).toBe('too many anonymous sessions; retry later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await anonymous('198.19.0.2').expect(200);
  });

  it('bounds the anonymous lifetime: default and longest the configured hours, longer asked is 400', async () => {
    const { body } = await anonymous('198.19.1.1').expect(200);
    expect(Date.parse(`${body.expires_at}Z`) - Date.now()).toBeLessThanOrEqual(2 * 3600 * 1000 + 2000);
    const refused = await anonymous('198.19.1.1', { lifetime_hours: 3 }).expect(400);
    expect(refused.body.message).toBe('lifetime_hours of an anonymous session must be greater than 0 and at most 2');
    await anonymous('198.19.1.1', { lifetime_hours: 2 }).expect(200);
  });

  it('purges expired sessions', async () => {
    const token = (await anonymous('198.19.2.1', { lifetime_hours: 1 / 3600 }).expect(200)).body.token;
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
    const sessions = svc.nestApp.get(AuthSessionRepository);
    expect(await sessions.findById(sid)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await svc.nestApp.get(SessionPurge).purge()).sessions).toBeGreaterThanOrEqual(1);
    expect(await sessions.findById(sid)).toBeNull();
  });

  it('sends nosniff and a Content-Security-Policy with which /docs still loads', async () => {
    const health = await svc.http().get('/health').expect(200);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const docs = await svc.http().get('/docs').redirects(1).expect(200);
    const policy = docs.headers['content-security-policy'];
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    // Every script is a file from this origin (script-src 'self' allows those), none inline.
    const scripts = [...docs.text.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      const source = /src=["']([^"']+)["']/.exec(attributes)?.[1];
      expect(source).toBeDefined();
      const path = new URL(source as string, `${svc.url}/docs`).pathname;
      await svc.http().get(path).expect(200);
    }
  });

  it('sends Cache-Control: no-store with every token (login, anonymous, refresh)', async () => {
    const login = await svc.http().post('/session/login').send({ username: 'admin', password: 'admin-password' }).expect(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await anonymous('198.19.3.1').expect(200)).headers['cache-control']).toBe('no-store');
    const refreshed = await svc.http().post('/session/refresh').set('X-Session-ID', login.body.token).expect(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('compares usernames regardless of case and keeps the case given', async () => {
    const create = (user: { username: string; password: string; role: string }) =>
      svc.http().post('/users').set('X-Session-ID', sessions.admin).send(user);
    await create({ username: 'Carol', password: 'carol-password', role: 'user' }).expect(201);
    const taken = await create({ username: 'carol', password: 'other-password', role: 'user' });
    expect(taken.status).toBe(409);
    await create({ username: 'ADMIN', password: 'other-password', role: 'admin' }).expect(409);
    const login = await svc.http().post('/session/login').send({ username: 'CAROL', password: 'carol-password' }).expect(200);
    expect(login.body.username).toBe('Carol');
    expect((await svc.http().get('/users/cArOl').set('X-Session-ID', sessions.admin).expect(200)).body.username).toBe('Carol');
    await svc.http().post('/session/login').send({ username: 'ADMIN', password: 'admin-password' }).expect(200);
  });

  it('re-hashes a password of an older cost at login', async () => {
    const users = svc.nestApp.get(AuthUserRepository);
    const old = await hashPassword('legacy-password', { N: 16384, r: 8, p: 1 });
    await users.insert({ username: 'legacy', email: null, role: 'user', passwordHash: old, createdAt: Date.now() * 1000 });
    await svc.http().post('/session/login').send({ username: 'legacy', password: 'legacy-password' }).expect(200);
    const stored = (await users.findByUsername('legacy'))?.passwordHash ?? '';
    expect(stored.startsWith('scrypt$131072$8$1$')).toBe(true);
    await svc.http().post('/session/login').send({ username: 'legacy', password: 'legacy-password' }).expect(200);
  });

  /** The auth store of `store` taken back through the migration named `first` (and every later one), then holding users of `usernames` (raw rows). */
  async function storeBefore(store: CacheTestService, first: string, usernames: string[]): Promise<void> {
    const auth = store.nestApp.get<DataSource>(getDataSourceToken('auth'));
    const table = String(auth.options.migrationsTableName);
    for (;;) {
      const [last] = (await auth.query(`SELECT name FROM ${table} ORDER BY id DESC LIMIT 1`)) as { name: string }[];
      await auth.undoLastMigration({ transaction: 'each' });
      if (last.name.startsWith(first)) break;
    }
    const hash = await hashPassword('twin-password', { N: 1024, r: 8, p: 1 });
    const values = store.backend === 'postgresql' ? "($1, 'user', $2, 1, 1)" : "(?, 'user', ?, 1, 1)";
    for (const username of usernames) {
      await auth.query(`INSERT INTO auth_users (username, role, password_hash, created_at, updated_at) VALUES ${values}`, [username, hash]);
    }
  }

  // Each: the store taken back to before the migration (and the ones after it), holding the names.
  it.each([
    [
      'case-insensitive names, naming them, when a store holds names differing only in case',
      'SecurityControls',
      ['Twin', 'twin'],
      'usernames must be unique regardless of case; rename or delete all but one of each: Twin, twin',
    ],
    [
      'normalised names, naming them, when a store holds names differing only by diacritics',
      'CredentialEpoch',
      ['mimi', 'm\u00ecmi'],
      'usernames must differ by more than case, width and diacritics; rename or delete all but one of each: mimi, m\u00ecmi',
    ],
  ])('stops the migration to %s', async (_title, migration, usernames, message) => {
    const store = await startCacheService();
    try {
      await storeBefore(store, migration, usernames);
      await expect(store.restart()).rejects.toThrow(message);
    } finally {
      await store.close();
    }
  });
});
