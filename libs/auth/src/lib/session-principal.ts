import { PRIVILEGES, Privilege, Role, ROLE_PRIVILEGES } from './privileges';

/** Who is calling: the verified content of the X-Session-ID token. */
export interface SessionPrincipal {
  sessionId: string;
  /** null for anonymous sessions and with --no-auth. */
  username: string | null;
  role: Role;
  privileges: ReadonlySet<Privilege>;
  /** Expiry of the presented token, in microseconds since the epoch. */
  expiresAt: number;
}

/** "anonymous" when the caller has no user name, as the audit logs record it. */
export const actorName = (session: SessionPrincipal | undefined): string => session?.username ?? 'anonymous';

export const NO_AUTH_SESSION_ID = 'no-auth';

/** The caller of every request with `--no-auth`: every privilege, no expiry to speak of. */
export const NO_AUTH_PRINCIPAL: SessionPrincipal = Object.freeze({
  sessionId: NO_AUTH_SESSION_ID,
  username: null,
  role: 'admin',
  privileges: new Set<Privilege>(PRIVILEGES),
  expiresAt: Date.UTC(9999, 11, 31, 23, 59, 59) * 1000 + 999_999,
});

export const ANONYMOUS_READ_SESSION_ID = 'anonymous-read';

/**
 * The caller of an @AnonymousReadable() route sent without X-Session-ID while anonymous access
 * is allowed: the anonymous privileges, and no session row behind it.
 */
export const ANONYMOUS_READ_PRINCIPAL: SessionPrincipal = Object.freeze({
  sessionId: ANONYMOUS_READ_SESSION_ID,
  username: null,
  role: 'anonymous',
  privileges: new Set<Privilege>(ROLE_PRIVILEGES.anonymous),
  expiresAt: 0,
});
