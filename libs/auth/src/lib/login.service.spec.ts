import { SessionTokenDto } from '@simsvc/contracts';
import {
  AuthUserEntity,
  AuthUserRepository,
  KnownAddressRepository,
  RateEventRepository,
  RateLimit,
  Reservation,
} from '@simsvc/persistence';
import { usernameKey } from '@simsvc/persistence';
import { AuthConfig } from './auth-config';
import { KnownAddresses } from './known-addresses';
import { LoginThrottle, MAX_LOGIN_FAILURES, MAX_USERNAME_FAILURES } from './login-throttle';
import { LoginService } from './login.service';
import { hashPassword, PasswordHasher } from './password-hasher';
import { PasswordWorkGate } from './password-work.gate';
import { SessionIssuer, SessionSubject } from './session-issuer';

// The rules of a login (one answer for every refused credential, what counts against the throttle,
// which limits apply, the epoch a session is bound to, re-hashing) against in-memory stores.
const COST = { N: 1024, r: 8, p: 1 };

class InMemoryUsers {
  readonly byKey = new Map<string, AuthUserEntity>();
  failLookups = false;
  failRehash = false;

  async add(username: string, password: string, changes: Partial<AuthUserEntity> = {}, cost = COST): Promise<void> {
    const passwordHash = await hashPassword(password, cost);
    const user = { id: this.byKey.size + 1, username, role: 'developer', disabled: false, credentialEpoch: 4, passwordHash, ...changes };
    this.byKey.set(usernameKey(username), user as AuthUserEntity);
  }
  async findByUsername(username: string): Promise<AuthUserEntity | null> {
    if (this.failLookups) throw new Error('database gone');
    return this.byKey.get(usernameKey(username)) ?? null;
  }
  async replacePasswordHash(id: number, previous: string, next: string): Promise<boolean> {
    if (this.failRehash) throw new Error('read-only store');
    const user = [...this.byKey.values()].find((candidate) => candidate.id === id && candidate.passwordHash === previous);
    if (user) user.passwordHash = next;
    return user !== undefined;
  }
}

class InMemoryRateEvents {
  readonly reserved: { subject: string; clientAddress: string; limits: readonly RateLimit[] }[] = [];
  readonly settled: number[] = [];
  readonly released: number[] = [];
  /** Answers given before granting (a refusal each). */
  readonly refusals: Reservation[] = [];

  async reserve(_scope: string, subject: string, clientAddress: string, limits: readonly RateLimit[]): Promise<Reservation> {
    this.reserved.push({ subject, clientAddress, limits });
    return this.refusals.shift() ?? { granted: true, id: this.reserved.length };
  }
  async settle(id: number): Promise<void> {
    this.settled.push(id);
  }
  async release(id: number): Promise<void> {
    this.released.push(id);
  }
}

class InMemoryKnownAddresses {
  readonly known = new Set<string>();
  async isKnownSince(subject: string, clientAddress: string): Promise<boolean> {
    return this.known.has(`${subject} ${clientAddress}`);
  }
  async remember(subject: string, clientAddress: string): Promise<void> {
    this.known.add(`${subject} ${clientAddress}`);
  }
}

class RecordingIssuer {
  readonly issued: SessionSubject[] = [];
  async issue(subject: SessionSubject): Promise<SessionTokenDto> {
    this.issued.push(subject);
    return { session_id: `s${this.issued.length}` } as SessionTokenDto;
  }
}

describe('LoginService', () => {
  let users: InMemoryUsers;
  let events: InMemoryRateEvents;
  let addresses: InMemoryKnownAddresses;
  let issuer: RecordingIssuer;
  let service: LoginService;

  beforeEach(async () => {
    users = new InMemoryUsers();
    events = new InMemoryRateEvents();
    addresses = new InMemoryKnownAddresses();
    issuer = new RecordingIssuer();
    const throttle = new LoginThrottle(
      events as unknown as RateEventRepository,
      new KnownAddresses(addresses as unknown as KnownAddressRepository),
    );
    const hasher = new PasswordHasher({ passwordCost: COST } as AuthConfig);
    service = new LoginService(
      users as unknown as AuthUserRepository,
      hasher,
      throttle,
      new PasswordWorkGate(),
      issuer as unknown as SessionIssuer,
    );
    await users.add('Alice', 'right password');
  });

  const login = (username: string, password: string, address = '10.0.0.1') => service.login({ username, password }, address);

  it('issues a session bound to the credential epoch read with the password, and gives the attempt back', async () => {
    await login('alice', 'right password');
    expect(issuer.issued).toEqual([
      expect.objectContaining({ username: 'Alice', role: 'developer', credentials: { userId: 1, epoch: 4 }, issuedBy: null }),
    ]);
    expect(issuer.issued[0].privileges).toContain('write_cache');
    expect(events.released).toEqual([1]);
    expect(events.settled).toEqual([]);
  });

  it('answers an unknown user, a wrong password and a disabled user alike, each counted as a failure', async () => {
    await users.add('bob', 'right password', { disabled: true });
    for (const [username, password] of [
      ['nobody', 'right password'],
      ['alice', 'wrong password'],
      ['bob', 'right password'],
    ]) {
      await expect(login(username, password)).rejects.toThrow('invalid username or password');
    }
    expect(events.settled).toEqual([1, 2, 3]);
    expect(issuer.issued).toEqual([]);
  });

  it('counts every spelling of a name in one bucket', async () => {
    for (const spelling of ['ALICE', 'Ａｌｉｃｅ', 'àlice']) await login(spelling, 'wrong').catch(() => undefined);
    expect(new Set(events.reserved.map((reservation) => reservation.subject))).toEqual(new Set(['alice']));
  });

  it('does not count an attempt that ended before the credentials were judged, and rethrows its error', async () => {
    users.failLookups = true;
    await expect(login('alice', 'right password')).rejects.toThrow('database gone');
    expect(events.released).toEqual([1]);
    expect(events.settled).toEqual([]);
  });

  it('replaces a hash of an older cost at a successful login; a failed replacement fails nothing', async () => {
    await users.add('carol', 'pw', {}, { N: 512, r: 8, p: 1 });
    const before = users.byKey.get('carol')!.passwordHash;
    await login('carol', 'pw');
    expect(users.byKey.get('carol')!.passwordHash).not.toBe(before);
    expect(users.byKey.get('carol')!.passwordHash).toContain('1024');

    await users.add('dave', 'pw', {}, { N: 512, r: 8, p: 1 });
    users.failRehash = true;
    await expect(login('dave', 'pw')).resolves.toBeDefined();
  });

  it('counts a new address against the per-address and the per-username limit, a known one only against its own', async () => {
    await login('alice', 'wrong', '10.0.0.9').catch(() => undefined);
    await login('alice', 'right password', '10.0.0.1');
    await login('alice', 'wrong', '10.0.0.1').catch(() => undefined);
    const maxima = events.reserved.map((reservation) => reservation.limits.map((limit) => limit.max));
    expect(maxima).toEqual([
      [MAX_LOGIN_FAILURES, MAX_USERNAME_FAILURES],
      [MAX_LOGIN_FAILURES, MAX_USERNAME_FAILURES],
      [MAX_LOGIN_FAILURES],
    ]);
  });

  it('refuses with the wait until a settled failure leaves its window, without checking the password', async () => {
    events.refusals.push({ granted: false, busy: false, retryAfterMicros: 12_300_000 });
    const refused = login('alice', 'right password');
    await expect(refused).rejects.toThrow('too many failed logins');
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 13 });
    expect(issuer.issued).toEqual([]);
  });

  it('waits while only attempts in flight fill a limit, then logs in', async () => {
    events.refusals.push({ granted: false, busy: true, retryAfterMicros: 1 }, { granted: false, busy: true, retryAfterMicros: 1 });
    await login('alice', 'right password');
    expect(events.reserved).toHaveLength(3);
    expect(issuer.issued).toHaveLength(1);
  });
});
