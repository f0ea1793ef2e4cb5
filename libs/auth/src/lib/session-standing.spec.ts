import { SessionStateRecord } from '@simsvc/persistence';
import { ROLE_PRIVILEGES } from './privileges';
import { standingOf } from './session-standing';

const ADMIN = ROLE_PRIVILEGES.admin.join(' ');
const userSession = (overrides: Partial<SessionStateRecord> = {}): SessionStateRecord => ({
  revokedAt: null,
  username: 'admin2',
  privileges: ADMIN,
  credentialEpoch: 3,
  user: { role: 'admin', disabled: false, credentialEpoch: 3 },
  issuer: null,
  ...overrides,
});
const anonymousSession = (overrides: Partial<SessionStateRecord> = {}): SessionStateRecord =>
  userSession({ username: null, user: null, issuer: { role: 'admin', disabled: false, credentialEpoch: 3 }, ...overrides });
const privilegesOf = (record: SessionStateRecord) => {
  const standing = standingOf(record);
  return standing.state === 'active' ? [...standing.privileges] : standing.state;
};

describe('standingOf', () => {
  it('is unknown without a row and revoked with a revoked row', () => {
    expect(standingOf(null)).toEqual({ state: 'unknown' });
    expect(standingOf(userSession({ revokedAt: 5 }))).toEqual({ state: 'revoked' });
  });

  it('gives a user session what the session row and the user’s current role both hold', () => {
    expect(privilegesOf(userSession())).toEqual([...ROLE_PRIVILEGES.admin]);
    expect(standingOf(userSession({ user: { role: 'user', disabled: false, credentialEpoch: 3 } }))).toEqual({
      state: 'active',
      role: 'user',
      privileges: new Set(ROLE_PRIVILEGES.user),
    });
    expect(privilegesOf(userSession({ privileges: 'read_cache', user: { role: 'admin', disabled: false, credentialEpoch: 3 } }))).toEqual([
      'read_cache',
    ]);
  });

  it('revokes a user session whose user is gone, disabled or of an unknown role', () => {
    expect(standingOf(userSession({ user: null }))).toEqual({ state: 'revoked' });
    expect(standingOf(userSession({ user: { role: 'admin', disabled: true, credentialEpoch: 3 } }))).toEqual({ state: 'revoked' });
    expect(standingOf(userSession({ user: { role: 'root', disabled: false, credentialEpoch: 3 } }))).toEqual({ state: 'revoked' });
  });

  it('never gives an anonymous session more than the anonymous set plus what its minter holds now', () => {
    expect(privilegesOf(anonymousSession())).toEqual([...ROLE_PRIVILEGES.admin]);
    expect(privilegesOf(anonymousSession({ issuer: { role: 'developer', disabled: false, credentialEpoch: 3 } }))).toEqual([
      ...ROLE_PRIVILEGES.developer,
    ]);
    expect(privilegesOf(anonymousSession({ issuer: { role: 'admin', disabled: true, credentialEpoch: 3 } }))).toEqual([
      ...ROLE_PRIVILEGES.anonymous,
    ]);
    expect(privilegesOf(anonymousSession({ issuer: null }))).toEqual([...ROLE_PRIVILEGES.anonymous]);
  });

  it('revokes a user session created under an earlier credential epoch, and ignores a minter past its epoch', () => {
    expect(standingOf(userSession({ credentialEpoch: 2 }))).toEqual({ state: 'revoked' });
    expect(privilegesOf(anonymousSession({ credentialEpoch: 2 }))).toEqual([...ROLE_PRIVILEGES.anonymous]);
  });

  it('drops privileges this version does not know', () => {
    expect(privilegesOf(userSession({ privileges: 'read_cache root' }))).toEqual(['read_cache']);
  });
});
