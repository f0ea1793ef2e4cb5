import { SessionStateRecord } from '@simsvc/persistence';
import { isPrivilege, isUserRole, Privilege, privilegesOfRole, Role, ROLE_PRIVILEGES } from './privileges';

/** Where a session stands now: live with the role and privileges in force, revoked, or never issued. */
export type SessionStanding =
  { state: 'active'; role: Role; privileges: ReadonlySet<Privilege> } | { state: 'revoked' } | { state: 'unknown' };

export const REVOKED: SessionStanding = Object.freeze({ state: 'revoked' });
export const UNKNOWN: SessionStanding = Object.freeze({ state: 'unknown' });

/**
 * The privileges in force are those of the session row, cut down to what its user holds now (a
 * user session) or to the anonymous set plus what its minter holds now (an anonymous session).
 * A user session whose user is gone, disabled, of an unknown role or past the credential epoch
 * the session was created under is revoked; a minter counts only while its epoch is the one the
 * anonymous session was minted under. Revocations normally happen in the same transaction as the
 * change; this also covers rows changed by hand and sessions created while a change was committing.
 */
export function standingOf(record: SessionStateRecord | null): SessionStanding {
  if (record === null) return UNKNOWN;
  if (record.revokedAt !== null) return REVOKED;
  const granted = record.privileges.split(' ').filter(isPrivilege);
  if (record.username !== null) {
    const user = record.user;
    if (!user || user.disabled || !isUserRole(user.role) || user.credentialEpoch !== record.credentialEpoch) return REVOKED;
    const held = new Set(privilegesOfRole(user.role));
    return { state: 'active', role: user.role, privileges: new Set(granted.filter((privilege) => held.has(privilege))) };
  }
  const held = new Set<Privilege>(ROLE_PRIVILEGES.anonymous);
  const issuer = record.issuer;
  if (issuer && !issuer.disabled && issuer.credentialEpoch === record.credentialEpoch)
    privilegesOfRole(issuer.role).forEach((privilege) => held.add(privilege));
  return { state: 'active', role: 'anonymous', privileges: new Set(granted.filter((privilege) => held.has(privilege))) };
}
