import { openTestStore, TestStore } from '../../testing/test-store';
import { AuthSessionEntity } from './auth-session.entity';
import { AuthSessionRepository } from './auth-session.repository';
import { AuthSettingRepository } from './auth-setting.repository';
import { AuthUserRepository, NewAuthUser, UserChangeJudge } from './auth-user.repository';
import { AUTH_STORE } from './auth.store';
import { KnownAddressRepository } from './known-address.repository';
import { RateEventRepository, RateLimit } from './rate-event.repository';

// The auth store's SQL on this project's backend (the store every service shares): users and
// their name forms, judged changes that end sessions, sessions and what they speak for, rate
// events, known addresses and settings, through the repositories' public methods.
const NOW = 1_800_000_000_000_000;
const SECOND = 1_000_000;

const newUser = (username: string, role = 'user'): NewAuthUser => ({
  username,
  email: null,
  role,
  passwordHash: 'scrypt$old',
  createdAt: NOW,
});
const allow =
  (endSessions: boolean): UserChangeJudge =>
  () => ({ allowed: true, endSessions });

function session(id: string, changes: Partial<AuthSessionEntity> = {}): AuthSessionEntity {
  return {
    id,
    username: null,
    issuedBy: null,
    userId: null,
    issuerId: null,
    credentialEpoch: null,
    mintedBy: null,
    role: 'anonymous',
    privileges: 'read_cache',
    lifetimeSeconds: 3600,
    createdAt: NOW,
    expiresAt: NOW + 3600 * SECOND,
    revokedAt: null,
    ...changes,
  };
}

describe('auth store repositories', () => {
  let store: TestStore;
  let users: AuthUserRepository;
  let sessions: AuthSessionRepository;
  let events: RateEventRepository;

  beforeEach(async () => {
    store = await openTestStore(AUTH_STORE);
    users = new AuthUserRepository(store.db);
    sessions = new AuthSessionRepository(store.db);
    events = new RateEventRepository(store.db);
  });
  afterEach(() => store.close());

  const userSession = async (id: string, username: string, epoch = 0) =>
    sessions.insertIfCurrent(
      session(id, { username, userId: (await users.findByUsername(username))!.id, credentialEpoch: epoch, role: 'user' }),
    );

  describe('users', () => {
    it('finds a user by any spelling of the same normal form, keeping the one given', async () => {
      await users.insert(newUser('Alice'));
      expect(await users.findByUsername('ALICE')).toMatchObject({ username: 'Alice', credentialEpoch: 0, disabled: false });
      expect(await users.findByUsername('Ａｌｉｃｅ')).toMatchObject({ username: 'Alice' });
      expect(await users.findByUsername('bob')).toBeNull();
    });

    it('refuses a second user whose name differs only by case or diacritics (null: the name is taken)', async () => {
      expect(await users.insert(newUser('mimi'))).not.toBeNull();
      expect(await users.insert(newUser('MIMI'))).toBeNull();
      expect(await users.insert(newUser('mìmi'))).toBeNull();
      expect((await users.list(10, 0)).total).toBe(1);
    });

    it('lists users in byte order of their names, a page at a time with the total', async () => {
      for (const name of ['émile', 'bob', 'Zoe', 'alice']) await users.insert(newUser(name));
      const { users: page, total } = await users.list(3, 0);
      expect(total).toBe(4);
      expect(page.map((user) => user.username)).toEqual(['Zoe', 'alice', 'bob']);
      expect((await users.list(3, 3)).users.map((user) => user.username)).toEqual(['émile']);
    });

    it('never hands a deleted user id out again', async () => {
      const first = await users.insert(newUser('alice'));
      await users.delete('alice', NOW, allow(true));
      const again = await users.insert(newUser('alice'));
      expect(again.id).toBeGreaterThan(first.id);
    });

    it('replaces a password hash only while the stored one is the one read', async () => {
      const { id } = await users.insert(newUser('alice'));
      expect(await users.replacePasswordHash(id, 'scrypt$old', 'scrypt$new')).toBe(true);
      expect(await users.replacePasswordHash(id, 'scrypt$old', 'scrypt$other')).toBe(false);
      expect((await users.findById(id))!.passwordHash).toBe('scrypt$new');
    });

    it('judges a change on the stored user and the enabled admins, and applies it only when allowed', async () => {
      await users.insert(newUser('root', 'admin'));
      await users.insert(newUser('second', 'admin'));
      await users.insert(newUser('alice'));
      await users.update('second', { disabled: true }, NOW, allow(false));
      const seen: [string, number][] = [];
      const judge: UserChangeJudge = (current, admins) => (seen.push([current.username, admins]), { allowed: false });
      expect(await users.update('alice', { role: 'admin' }, NOW, judge)).toEqual({ outcome: 'refused' });
      expect(seen).toEqual([['alice', 1]]);
      expect((await users.findByUsername('alice'))!.role).toBe('user');
      expect(await users.update('nobody', { role: 'admin' }, NOW, allow(false))).toEqual({ outcome: 'not-found' });
      expect(await users.delete('root', NOW, judge)).toEqual({ outcome: 'refused' });
    });

    it('ends the sessions of a user, and those minted from them, with the change that says so', async () => {
      await users.insert(newUser('alice'));
      await userSession('own', 'alice');
      const aliceId = (await users.findByUsername('alice'))!.id;
      await sessions.insertIfCurrent(session('minted', { issuedBy: 'alice', issuerId: aliceId, credentialEpoch: 0, mintedBy: 'own' }));

      const kept = await users.update('alice', { email: 'a@example.org' }, NOW + 1, allow(false));
      expect(kept).toMatchObject({ outcome: 'updated', revokedSessionIds: [], user: { credentialEpoch: 0 } });

      const ended = await users.update('alice', { passwordHash: 'scrypt$new' }, NOW + 2, allow(true));
      expect(ended.outcome === 'updated' && [...ended.revokedSessionIds].sort()).toEqual(['minted', 'own']);
      expect(await users.findByUsername('alice')).toMatchObject({ credentialEpoch: 1, passwordHash: 'scrypt$new', email: 'a@example.org' });
      expect(await sessions.findState('own')).toMatchObject({ revokedAt: NOW + 2 });
      // A session created under the old epoch after the change is refused.
      expect(await userSession('late', 'alice', 0)).toBe(false);
      expect(await userSession('current', 'alice', 1)).toBe(true);
    });
  });

  describe('sessions', () => {
    it('stores a session only while its user is enabled and at the epoch it was created under', async () => {
      await users.insert(newUser('alice'));
      expect(await userSession('s1', 'alice', 0)).toBe(true);
      expect(await userSession('s2', 'alice', 3)).toBe(false);
      await users.update('alice', { disabled: true }, NOW, allow(false));
      expect(await userSession('s3', 'alice', 0)).toBe(false);
      expect(await sessions.insertIfCurrent(session('anonymous'))).toBe(true);
      expect(await sessions.findById('s2')).toBeNull();
    });

    it('reads a session with its user and issuer as stored now', async () => {
      await users.insert(newUser('alice', 'developer'));
      const aliceId = (await users.findByUsername('alice'))!.id;
      await userSession('own', 'alice');
      await sessions.insertIfCurrent(session('minted', { issuerId: aliceId, credentialEpoch: 0 }));
      expect(await sessions.findState('own')).toEqual({
        revokedAt: null,
        username: 'alice',
        privileges: 'read_cache',
        credentialEpoch: 0,
        user: { role: 'developer', disabled: false, credentialEpoch: 0 },
        issuer: null,
      });
      await users.delete('alice', NOW, allow(true));
      expect(await sessions.findState('minted')).toMatchObject({ user: null, issuer: null, revokedAt: NOW });
      expect(await sessions.findState('missing')).toBeNull();
    });

    it('records a refresh on a live session, moving its expiry only later', async () => {
      await sessions.insertIfCurrent(session('s'));
      expect(await sessions.recordRefresh('s', 'anonymous', 'read_cache read_results', NOW + 10 * SECOND)).toBe(true);
      expect(await sessions.findById('s')).toMatchObject({ privileges: 'read_cache read_results', expiresAt: NOW + 3600 * SECOND });
      await sessions.recordRefresh('s', 'anonymous', 'read_cache', NOW + 7200 * SECOND);
      expect((await sessions.findById('s'))!.expiresAt).toBe(NOW + 7200 * SECOND);
      await sessions.revokeWithMinted('s', NOW);
      expect(await sessions.recordRefresh('s', 'anonymous', 'read_cache', NOW + 9000 * SECOND)).toBe(false);
    });

    it('revokes a session and every live session minted from it, transitively, once', async () => {
      await sessions.insertIfCurrent(session('root'));
      await sessions.insertIfCurrent(session('child', { mintedBy: 'root' }));
      await sessions.insertIfCurrent(session('grandchild', { mintedBy: 'child' }));
      await sessions.insertIfCurrent(session('other'));
      expect((await sessions.revokeWithMinted('root', NOW)).sort()).toEqual(['child', 'grandchild', 'root']);
      expect(await sessions.revokeWithMinted('root', NOW + 1)).toEqual([]);
      expect(await sessions.findState('other')).toMatchObject({ revokedAt: null });
    });

    it('purges the sessions whose every token has expired', async () => {
      await sessions.insertIfCurrent(session('old', { expiresAt: NOW - 1 }));
      await sessions.insertIfCurrent(session('live', { expiresAt: NOW }));
      expect(await sessions.deleteExpired(NOW)).toBe(1);
      expect(await sessions.findById('old')).toBeNull();
      expect(await sessions.findById('live')).not.toBeNull();
    });
  });

  describe('rate events', () => {
    const perAddress: RateLimit = { perAddress: true, max: 2, windowMicros: 60 * SECOND };
    const inAll: RateLimit = { perAddress: false, max: 3, windowMicros: 60 * SECOND };

    it('grants up to the limit in its window, then says how long until the oldest counted event leaves it', async () => {
      const reserve = (at: number) => events.reserve('login', 'alice', '10.0.0.1', [perAddress], at, false);
      expect(await reserve(NOW)).toMatchObject({ granted: true });
      expect(await reserve(NOW + SECOND)).toMatchObject({ granted: true });
      expect(await reserve(NOW + 2 * SECOND)).toEqual({ granted: false, busy: false, retryAfterMicros: 58 * SECOND });
      expect(await reserve(NOW + 60 * SECOND)).toMatchObject({ granted: true });
    });

    it('counts a per-address limit per address and a limit in all across addresses', async () => {
      for (const address of ['10.0.0.1', '10.0.0.1', '10.0.0.2']) {
        expect(await events.reserve('login', 'alice', address, [perAddress, inAll], NOW, false)).toMatchObject({ granted: true });
      }
      expect(await events.reserve('login', 'alice', '10.0.0.3', [perAddress, inAll], NOW, false)).toMatchObject({ granted: false });
      expect(await events.reserve('login', 'bob', '10.0.0.1', [perAddress, inAll], NOW, false)).toMatchObject({ granted: true });
      expect(await events.reserve('anonymous', 'alice', '10.0.0.1', [perAddress], NOW, false)).toMatchObject({ granted: true });
    });

    it('calls a limit filled only by events in flight busy, and frees what is released', async () => {
      const reserve = () => events.reserve('login', 'alice', '10.0.0.1', [perAddress], NOW, true);
      const first = await reserve();
      const second = await reserve();
      expect(await reserve()).toMatchObject({ granted: false, busy: true });
      if (!first.granted || !second.granted) throw new Error('expected both granted');
      await events.settle(first.id);
      await events.release(second.id);
      const third = await reserve();
      if (!third.granted) throw new Error('expected the released room granted');
      expect(await reserve()).toMatchObject({ granted: false, busy: true });
      await events.settle(third.id);
      expect(await reserve()).toMatchObject({ granted: false, busy: false });
    });

    it('grants exactly the limit to parallel reservations', async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () => events.reserve('login', 'alice', '10.0.0.1', [perAddress], NOW, true)),
      );
      expect(outcomes.filter((outcome) => outcome.granted)).toHaveLength(2);
    });

    it('purges events up to a time', async () => {
      await events.reserve('login', 'alice', '10.0.0.1', [perAddress], NOW, false);
      await events.reserve('login', 'alice', '10.0.0.1', [perAddress], NOW + 1, false);
      expect(await events.deleteOlderThan(NOW)).toBe(1);
    });
  });

  describe('known addresses and settings', () => {
    it('remembers the latest login of an address as a user', async () => {
      const addresses = new KnownAddressRepository(store.db);
      await addresses.remember('alice', '10.0.0.1', NOW);
      await addresses.remember('alice', '10.0.0.1', NOW + 10);
      expect(await addresses.isKnownSince('alice', '10.0.0.1', NOW + 5)).toBe(true);
      expect(await addresses.isKnownSince('alice', '10.0.0.2', 0)).toBe(false);
      expect(await addresses.isKnownSince('bob', '10.0.0.1', 0)).toBe(false);
      expect(await addresses.deleteOlderThan(NOW + 10)).toBe(1);
    });

    it('keeps the first value proposed for a setting', async () => {
      const settings = new AuthSettingRepository(store.db);
      expect(await settings.getOrInsert('signing_key', 'first')).toBe('first');
      expect(await settings.getOrInsert('signing_key', 'second')).toBe('first');
    });
  });
});
