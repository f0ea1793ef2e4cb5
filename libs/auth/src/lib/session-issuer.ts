import { Injectable } from '@nestjs/common';
import { formatTimestamp, nowMicros, SessionTokenDto } from '@simsvc/contracts';
import { AuthSessionEntity, AuthSessionRepository } from '@simsvc/persistence';
import { randomUUID } from 'node:crypto';
import { invalidCredentials, sessionRevoked } from './auth.errors';
import { Privilege, Role } from './privileges';
import { ANONYMOUS_SUBJECT, TokenService } from './token.service';

export const MICROS = 1_000_000;

/** Whom a new session speaks for. */
export interface SessionSubject {
  username: string | null;
  role: Role;
  privileges: Privilege[];
  /** For anonymous sessions minted with privileges beyond the anonymous set: the accountable user. */
  issuedBy: string | null;
  /** The user a user session speaks for, or the accountable user of a minted one, with the credential epoch read with their password hash or role. */
  credentials: { userId: number; epoch: number } | null;
  /** The session a minted anonymous session got its privileges from. */
  mintedBy: string | null;
}

/**
 * Creates a session row and its first token (login and anonymous sessions alike). The row is
 * stored only while the credential epoch read with the user is still current: a login whose
 * password was changed meanwhile fails (401 invalid credentials), as does minting from a session
 * whose user changed (401 session revoked).
 */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: AuthSessionRepository,
  ) {}

  async issue(subject: SessionSubject, lifetime: number): Promise<SessionTokenDto> {
    const iat = Math.floor(nowMicros() / MICROS);
    const exp = iat + lifetime;
    const session = Object.assign(new AuthSessionEntity(), {
      id: randomUUID(),
      username: subject.username,
      issuedBy: subject.issuedBy,
      userId: subject.username !== null ? (subject.credentials?.userId ?? null) : null,
      issuerId: subject.username === null ? (subject.credentials?.userId ?? null) : null,
      credentialEpoch: subject.credentials?.epoch ?? null,
      mintedBy: subject.mintedBy,
      role: subject.role,
      privileges: subject.privileges.join(' '),
      lifetimeSeconds: lifetime,
      createdAt: iat * MICROS,
      expiresAt: exp * MICROS,
      revokedAt: null,
    });
    if (!(await this.sessions.insertIfCurrent(session))) throw subject.username !== null ? invalidCredentials() : sessionRevoked();
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
}
