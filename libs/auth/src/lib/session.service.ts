import { BadRequestException, ForbiddenException, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import {
  CreateAnonymousSessionDto,
  formatTimestamp,
  LoginDto,
  nowMicros,
  RefreshedSessionDto,
  SessionInfoDto,
  SessionTokenDto,
} from '@simsvc/contracts';
import { AuthSessionEntity, AuthSessionRepository, AuthUserRepository } from '@simsvc/persistence';
import { randomUUID } from 'node:crypto';
import { AuthConfig } from './auth-config';
import { AUTH_CONFIG } from './auth.tokens';
import { LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';
import { expandPrivileges, isPrivilege, Privilege, PRIVILEGES, Role, ROLE_PRIVILEGES } from './privileges';
import { lifetimeSeconds, tokenExpiry } from './session-lifetime';
import { NO_AUTH_SESSION_ID, SessionPrincipal } from './session-principal';
import { SessionState, SessionStateCache } from './session-state.cache';
import { ANONYMOUS_SUBJECT, TokenClaims, TokenService } from './token.service';

const MICROS = 1_000_000;
const PURGE_INTERVAL_MICROS = 10 * 60 * MICROS;
const ANONYMOUS_PRIVILEGES: ReadonlySet<Privilege> = new Set(ROLE_PRIVILEGES.anonymous);

interface SessionSubject {
  username: string | null;
  role: Role;
  privileges: Privilege[];
  issuedBy: string | null;
}

/**
 * The session rules of contract §3: issuing sessions (login, anonymous), checking a token on
 * each request, refresh, describe and logout.
 */
@Injectable()
export class SessionService {
  private readonly logger = new Logger('Sessions');
  private lastPurge = 0;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly tokens: TokenService,
    private readonly states: SessionStateCache,
    private readonly sessions: AuthSessionRepository,
    private readonly users: AuthUserRepository,
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * The principal of a token, or 401 ("invalid session", "session expired", "session revoked").
   * Synchronous when the session's state is cached: this runs on every request.
   */
  authenticate(token: string): SessionPrincipal | Promise<SessionPrincipal> {
    const claims = this.tokens.verify(token);
    const state = this.states.state(claims.sid);
    return typeof state === 'string' ? principalOf(claims, state) : state.then((known) => principalOf(claims, known));
  }

  async login(body: LoginDto, clientAddress: string): Promise<SessionTokenDto> {
    const lifetime = lifetimeSeconds(body.lifetime_hours);
    await this.throttle.assertAllowed(clientAddress, body.username);
    const user = await this.users.findByUsername(body.username);
    const passwordMatches = await this.passwords.verify(body.password, user?.passwordHash ?? null);
    if (!user || !passwordMatches || user.disabled) {
      await this.throttle.recordFailure(clientAddress, body.username);
      throw new UnauthorizedException('invalid username or password');
    }
    // Failures recorded meanwhile by parallel attempts count too.
    await this.throttle.assertAllowed(clientAddress, body.username);
    const role = user.role as Role;
    return this.issue({ username: user.username, role, privileges: [...ROLE_PRIVILEGES[role]], issuedBy: null }, lifetime);
  }

  /**
   * An anonymous session with the anonymous privileges plus those asked for; each one beyond the
   * anonymous set must be held by the caller's own session (nobody mints more than they hold).
   */
  async createAnonymous(body: CreateAnonymousSessionDto, caller: SessionPrincipal | undefined): Promise<SessionTokenDto> {
    if (!this.config.allowAnonymous) throw new ForbiddenException('anonymous sessions are disabled');
    const asked = body.privileges ?? [];
    const unknown = asked.find((privilege) => !isPrivilege(privilege));
    if (unknown !== undefined) throw new BadRequestException(`unknown privilege ${unknown}`);
    const lifetime = lifetimeSeconds(body.lifetime_hours);
    const privileges = expandPrivileges([...ROLE_PRIVILEGES.anonymous, ...(asked as Privilege[])]);
    const extra = privileges.filter((privilege) => !ANONYMOUS_PRIVILEGES.has(privilege));
    // Name a privilege asked for before one it implies.
    const missing = [...(asked as Privilege[]), ...extra].find(
      (privilege) => !ANONYMOUS_PRIVILEGES.has(privilege) && !caller?.privileges.has(privilege),
    );
    if (missing !== undefined) throw new ForbiddenException(`missing privilege ${missing}`);
    const issuedBy = extra.length > 0 && caller ? await this.issuerOf(caller) : null;
    return this.issue({ username: null, role: 'anonymous', privileges, issuedBy }, lifetime);
  }

  /**
   * A new token for the caller's session: one lifetime from now, never past 720 h from login.
   * A user session gets the privileges of the user's current role.
   */
  async refresh(principal: SessionPrincipal): Promise<RefreshedSessionDto> {
    if (principal.sessionId === NO_AUTH_SESSION_ID)
      throw new BadRequestException('authentication is disabled; there is no session to refresh');
    const session = await this.sessions.findById(principal.sessionId);
    if (!session) throw new UnauthorizedException('invalid session');
    if (session.revokedAt !== null) throw this.revoked([session.id]);
    const subject = await this.currentSubject(session);
    const nowSeconds = Math.floor(nowMicros() / MICROS);
    const exp = tokenExpiry(nowSeconds, session.lifetimeSeconds, Math.floor(session.createdAt / MICROS));
    if (exp <= nowSeconds) throw new UnauthorizedException('session expired');
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

  /** Revokes the session: every token of it, wherever presented. */
  async logout(principal: SessionPrincipal): Promise<void> {
    if (principal.sessionId === NO_AUTH_SESSION_ID) return;
    await this.sessions.revoke(principal.sessionId, nowMicros());
    this.states.markRevoked([principal.sessionId]);
  }

  private async issue(subject: SessionSubject, lifetime: number): Promise<SessionTokenDto> {
    const now = nowMicros();
    this.purgeNowAndThen(now);
    const iat = Math.floor(now / MICROS);
    const exp = iat + lifetime;
    const session = Object.assign(new AuthSessionEntity(), {
      id: randomUUID(),
      username: subject.username,
      issuedBy: subject.issuedBy,
      role: subject.role,
      privileges: subject.privileges.join(' '),
      lifetimeSeconds: lifetime,
      createdAt: iat * MICROS,
      expiresAt: exp * MICROS,
      revokedAt: null,
    });
    await this.sessions.insert(session);
    const token = this.tokens.sign({
      sid: session.id,
      sub: subject.username ?? ANONYMOUS_SUBJECT,
      role: subject.role,
      privileges: subject.privileges,
      iat,
      exp,
    });
    return {
      token,
      session_id: token,
      username: subject.username,
      role: subject.role,
      privileges: subject.privileges,
      expires_at: formatTimestamp(exp * MICROS),
    };
  }

  /** Who a refreshed token speaks for: the user as they are now, or the anonymous session as issued. */
  private async currentSubject(session: AuthSessionEntity): Promise<SessionSubject> {
    if (session.username === null) {
      return {
        username: null,
        role: 'anonymous',
        privileges: session.privileges.split(' ').filter(isPrivilege),
        issuedBy: session.issuedBy,
      };
    }
    const user = await this.users.findByUsername(session.username);
    // Disabling or deleting a user revokes their sessions; this covers a row changed by hand.
    if (!user || user.disabled) throw this.revoked([session.id]);
    const role = user.role as Role;
    return { username: user.username, role, privileges: [...ROLE_PRIVILEGES[role]], issuedBy: null };
  }

  /** The user accountable for sessions minted from the caller's: revoking that user revokes them too. */
  private async issuerOf(caller: SessionPrincipal): Promise<string | null> {
    if (caller.username !== null) return caller.username;
    if (caller.sessionId === NO_AUTH_SESSION_ID) return null;
    return (await this.sessions.findById(caller.sessionId))?.issuedBy ?? null;
  }

  private revoked(sessionIds: string[]): UnauthorizedException {
    this.states.markRevoked(sessionIds);
    return new UnauthorizedException('session revoked');
  }

  /** Sessions whose every token has expired are deleted every 10 minutes or so. */
  private purgeNowAndThen(now: number): void {
    if (now - this.lastPurge < PURGE_INTERVAL_MICROS) return;
    this.lastPurge = now;
    this.sessions.deleteExpired(now).catch((error: Error) => this.logger.warn(`purging expired sessions failed: ${error.message}`));
  }
}

function principalOf(claims: TokenClaims, state: SessionState): SessionPrincipal {
  if (state === 'revoked') throw new UnauthorizedException('session revoked');
  if (state === 'unknown') throw new UnauthorizedException('invalid session');
  return {
    sessionId: claims.sid,
    username: claims.role === 'anonymous' ? null : claims.sub,
    role: claims.role,
    privileges: new Set(claims.privileges),
    expiresAt: claims.exp * MICROS,
  };
}
