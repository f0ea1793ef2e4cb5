import { Inject, Injectable } from '@nestjs/common';
import {
  CreateAnonymousSessionDto,
  formatTimestamp,
  nowMicros,
  RefreshedSessionDto,
  SessionInfoDto,
  SessionTokenDto,
} from '@simsvc/contracts';
import { AuthSessionEntity, AuthSessionRepository, AuthUserRepository } from '@simsvc/persistence';
import { AnonymousSessionLimit } from './anonymous-session-limit';
import { AuthConfig } from './auth-config';
import { AuthError, AuthErrorCode, invalidSession, missingPrivilege, sessionExpired, sessionRevoked } from './auth.errors';
import { AUTH_CONFIG } from './auth.tokens';
import { expandPrivileges, isPrivilege, Privilege, PRIVILEGES, privilegesOfRole, Role, ROLE_PRIVILEGES } from './privileges';
import { MICROS, SessionIssuer, SessionSubject } from './session-issuer';
import { hoursToSeconds, lifetimeSeconds, MAX_LIFETIME_SECONDS, tokenExpiry } from './session-lifetime';
import { NO_AUTH_SESSION_ID, SessionPrincipal } from './session-principal';
import { SessionStanding } from './session-standing';
import { SessionStateCache } from './session-state.cache';
import { ANONYMOUS_SUBJECT, TokenClaims, TokenService } from './token.service';

const ANONYMOUS_PRIVILEGES: ReadonlySet<Privilege> = new Set(ROLE_PRIVILEGES.anonymous);

type Minter = Pick<SessionSubject, 'issuedBy' | 'credentials' | 'mintedBy'>;
const NO_MINTER: Minter = Object.freeze({ issuedBy: null, credentials: null, mintedBy: null });

/**
 * The session rules of contract §3 besides login (LoginService): checking a token on each
 * request against the session's standing, anonymous sessions, refresh, describe and logout.
 */
@Injectable()
export class SessionService {
  private readonly principals = new WeakMap<Readonly<TokenClaims>, { standing: SessionStanding; principal: SessionPrincipal }>();

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly tokens: TokenService,
    private readonly states: SessionStateCache,
    private readonly sessions: AuthSessionRepository,
    private readonly users: AuthUserRepository,
    private readonly issuer: SessionIssuer,
    private readonly anonymousLimit: AnonymousSessionLimit,
  ) {}

  /**
   * The principal of a token, or InvalidSession, SessionExpired, SessionRevoked (401).
   * Its privileges are those both the token and the session's standing grant. Synchronous when
   * the standing is cached: this runs on every request.
   */
  authenticate(token: string): SessionPrincipal | Promise<SessionPrincipal> {
    const claims = this.tokens.verify(token);
    const standing = this.states.standing(claims.sid);
    return 'state' in standing ? this.sharedPrincipal(claims, standing) : standing.then((known) => this.sharedPrincipal(claims, known));
  }

  /**
   * principalOf, made once per token (its verified claims, TokenService) and standing: both are
   * kept as the same objects while they hold, and a changed standing is a new object. Building the
   * principal's privilege set on every request cost ~2 µs of a cache GET hit under the profiler
   * (docs/benchmarks/2026-11-28-request-path-10.md).
   */
  private sharedPrincipal(claims: Readonly<TokenClaims>, standing: SessionStanding): SessionPrincipal {
    const made = this.principals.get(claims);
    if (made?.standing === standing) return made.principal;
    const principal = principalOf(claims, standing);
    this.principals.set(claims, { standing, principal });
    return principal;
  }

  /**
   * An anonymous session with the anonymous privileges plus those asked for; each one beyond the
   * anonymous set must be held by the caller's own session (nobody mints more than they hold).
   * Counted against the caller's address; its lifetime is bounded by --anonymous-max-lifetime-hours.
   */
  async createAnonymous(
    body: CreateAnonymousSessionDto,
    caller: SessionPrincipal | undefined,
    clientAddress: string,
  ): Promise<SessionTokenDto> {
    if (!this.config.allowAnonymous) throw new AuthError(AuthErrorCode.AnonymousSessionsDisabled, 'anonymous sessions are disabled');
    const asked = body.privileges ?? [];
    const unknown = asked.find((privilege) => !isPrivilege(privilege));
    if (unknown !== undefined) throw new AuthError(AuthErrorCode.UnknownPrivilege, `unknown privilege ${unknown}`);
    const lifetime = lifetimeSeconds(body.lifetime_hours, this.config.anonymousMaxLifetimeHours, 'lifetime_hours of an anonymous session');
    const privileges = expandPrivileges([...ROLE_PRIVILEGES.anonymous, ...(asked as Privilege[])]);
    const extra = privileges.filter((privilege) => !ANONYMOUS_PRIVILEGES.has(privilege));
    // Name a privilege asked for before one it implies.
    const missing = [...(asked as Privilege[]), ...extra].find(
      (privilege) => !ANONYMOUS_PRIVILEGES.has(privilege) && !caller?.privileges.has(privilege),
    );
    if (missing !== undefined) throw missingPrivilege(missing);
    await this.anonymousLimit.take(clientAddress);
    const minter = extra.length > 0 && caller ? await this.minterOf(caller) : NO_MINTER;
    return this.issuer.issue({ username: null, role: 'anonymous', privileges, ...minter }, lifetime);
  }

  /**
   * A new token for the caller's session: one lifetime from now, never past 720 h from login
   * (anonymous: --anonymous-max-lifetime-hours from creation). A user session gets the
   * privileges of the user's current role; an anonymous one those in force now.
   */
  async refresh(principal: SessionPrincipal): Promise<RefreshedSessionDto> {
    if (principal.sessionId === NO_AUTH_SESSION_ID)
      throw new AuthError(AuthErrorCode.NoSessionToRefresh, 'authentication is disabled; there is no session to refresh');
    const session = await this.sessions.findById(principal.sessionId);
    if (!session) throw invalidSession();
    if (session.revokedAt !== null) throw this.revoked([session.id]);
    const subject = await this.currentSubject(session, principal);
    const nowSeconds = Math.floor(nowMicros() / MICROS);
    const longest = session.username === null ? hoursToSeconds(this.config.anonymousMaxLifetimeHours) : MAX_LIFETIME_SECONDS;
    const exp = tokenExpiry(nowSeconds, session.lifetimeSeconds, Math.floor(session.createdAt / MICROS), longest);
    if (exp <= nowSeconds) throw sessionExpired();
    if (!(await this.sessions.recordRefresh(session.id, subject.role, subject.privileges.join(' '), exp * MICROS)))
      throw this.revoked([session.id]);
    const token = this.tokens.sign({
      sid: session.id,
      sub: subject.username ?? ANONYMOUS_SUBJECT,
      role: subject.role,
      privileges: subject.privileges,
      iat: nowSeconds,
      exp,
    });
    return { token, session_id: token, expires_at: formatTimestamp(exp * MICROS) };
  }

  describe(principal: SessionPrincipal): SessionInfoDto {
    return {
      valid: true,
      username: principal.username,
      role: principal.role,
      privileges: PRIVILEGES.filter((privilege) => principal.privileges.has(privilege)),
      expires_at: formatTimestamp(principal.expiresAt),
    };
  }

  /** Revokes the session (every token of it, wherever presented) and the anonymous sessions minted from it. */
  async logout(principal: SessionPrincipal): Promise<void> {
    if (principal.sessionId === NO_AUTH_SESSION_ID) return;
    this.states.markRevoked([principal.sessionId, ...(await this.sessions.revokeWithMinted(principal.sessionId, nowMicros()))]);
  }

  /**
   * Asks the store, not the per-process standing cache, whether the caller's session still holds
   * `privilege` (for writes whose effect outlasts the request, such as /users): a demotion made by
   * another replica a moment ago already counts. SessionRevoked / InvalidSession / MissingPrivilege.
   */
  async confirmFromStore(principal: SessionPrincipal, privilege: Privilege): Promise<void> {
    if (principal.sessionId === NO_AUTH_SESSION_ID) return;
    const standing = await this.states.reload(principal.sessionId);
    if (standing.state === 'revoked') throw sessionRevoked();
    if (standing.state === 'unknown') throw invalidSession();
    if (!standing.privileges.has(privilege) || !principal.privileges.has(privilege)) throw missingPrivilege(privilege);
  }

  /** Who a refreshed token speaks for: the user as they are now, or the anonymous session as it stands. */
  private async currentSubject(session: AuthSessionEntity, principal: SessionPrincipal): Promise<SessionSubject> {
    if (session.username === null) {
      const privileges = session.privileges.split(' ').filter((name) => isPrivilege(name) && principal.privileges.has(name));
      const credentials =
        session.issuerId === null || session.credentialEpoch === null ? null : { userId: session.issuerId, epoch: session.credentialEpoch };
      return {
        username: null,
        role: 'anonymous',
        privileges: privileges as Privilege[],
        issuedBy: session.issuedBy,
        credentials,
        mintedBy: session.mintedBy,
      };
    }
    // By id, never by name: a user re-created under the name is someone else.
    const user = session.userId === null ? null : await this.users.findById(session.userId);
    // A change to the user revokes their sessions; this covers a row changed by hand and a session created while a change committed.
    if (!user || user.disabled || user.credentialEpoch !== session.credentialEpoch) throw this.revoked([session.id]);
    const role = user.role as Role;
    const credentials = { userId: user.id, epoch: user.credentialEpoch };
    return { username: user.username, role, privileges: [...privilegesOfRole(role)], issuedBy: null, credentials, mintedBy: null };
  }

  /**
   * Who answers for sessions minted from the caller's: the caller's user (or, for an anonymous
   * caller, the user its own session was minted from) under the credential epoch of the caller's
   * session, so changing that user ends them too; and the caller's session, whose logout ends them.
   */
  private async minterOf(caller: SessionPrincipal): Promise<Minter> {
    if (caller.sessionId === NO_AUTH_SESSION_ID) return NO_MINTER;
    const session = await this.sessions.findById(caller.sessionId);
    if (!session) throw invalidSession();
    const userId = session.username !== null ? session.userId : session.issuerId;
    const credentials = userId === null || session.credentialEpoch === null ? null : { userId, epoch: session.credentialEpoch };
    return { issuedBy: session.username ?? session.issuedBy, credentials, mintedBy: session.id };
  }

  private revoked(sessionIds: string[]): AuthError {
    this.states.markRevoked(sessionIds);
    return sessionRevoked();
  }
}

function principalOf(claims: Readonly<TokenClaims>, standing: SessionStanding): SessionPrincipal {
  if (standing.state === 'revoked') throw sessionRevoked();
  if (standing.state === 'unknown') throw invalidSession();
  // Shared by the requests of one token: frozen, so that none can change it for the others.
  return Object.freeze({
    sessionId: claims.sid,
    username: claims.role === 'anonymous' ? null : claims.sub,
    role: standing.role,
    privileges: new Set(claims.privileges.filter((privilege) => standing.privileges.has(privilege))),
    expiresAt: claims.exp * MICROS,
  });
}
