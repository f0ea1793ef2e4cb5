import { Injectable, Logger } from '@nestjs/common';
import { isDomainError, LoginDto, SessionTokenDto } from '@simsvc/contracts';
import { AuthUserEntity, AuthUserRepository, usernameSkeleton } from '@simsvc/persistence';
import { AuthErrorCode, invalidCredentials } from './auth.errors';
import { LoginAttempt, LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';
import { PasswordWorkGate } from './password-work.gate';
import { privilegesOfRole, Role } from './privileges';
import { SessionIssuer } from './session-issuer';
import { lifetimeSeconds } from './session-lifetime';

/**
 * POST /session/login: a turn at the password-work gate (per address, then for the process), an
 * attempt reserved with the throttle, then the password check, after which the attempt is given
 * back (success) or settled as a failure (anything else). The same 401 for an unknown user, a
 * wrong password and a disabled user; a hash of an older cost is replaced on success.
 */
@Injectable()
export class LoginService {
  private readonly logger = new Logger('Sessions');

  constructor(
    private readonly users: AuthUserRepository,
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly gate: PasswordWorkGate,
    private readonly issuer: SessionIssuer,
  ) {}

  async login(body: LoginDto, clientAddress: string): Promise<SessionTokenDto> {
    const lifetime = lifetimeSeconds(body.lifetime_hours);
    const leave = await this.gate.enter(clientAddress);
    let user: AuthUserEntity;
    try {
      // Counted per skeleton: every spelling of a name (İ/i, full-width, case) shares one bucket.
      const attempt = await this.throttle.reserve(clientAddress, usernameSkeleton(body.username));
      user = await this.verifiedUser(body).catch((error: unknown) => this.settleFailure(attempt, error));
      await this.throttle.succeeded(attempt);
      if (this.passwords.isOutdated(user.passwordHash)) await this.rehash(user, body.password);
    } finally {
      leave();
    }
    const role = user.role as Role;
    // The epoch read with the hash: a password change committed since then makes this fail.
    const credentials = { userId: user.id, epoch: user.credentialEpoch };
    const subject = { username: user.username, role, privileges: [...privilegesOfRole(role)], issuedBy: null, credentials, mintedBy: null };
    return this.issuer.issue(subject, lifetime);
  }

  private async verifiedUser(body: LoginDto): Promise<AuthUserEntity> {
    const user = await this.users.findByUsername(body.username);
    const passwordMatches = await this.passwords.verify(body.password, user?.passwordHash ?? null);
    if (!user || !passwordMatches || user.disabled) throw invalidCredentials();
    return user;
  }

  /**
   * Counts refused credentials as a failure and gives back an attempt that ended for another
   * reason (the database failed mid-check), then rethrows its error (not one from settling, which
   * would hide it). A slot that cannot be given back leaves with its window.
   */
  private async settleFailure(attempt: LoginAttempt, error: unknown): Promise<never> {
    try {
      if (isDomainError(error, AuthErrorCode.InvalidCredentials)) await this.throttle.failed(attempt);
      else await this.throttle.abandoned(attempt);
    } catch (settleError) {
      this.logger.warn(`settling a failed login attempt failed: ${(settleError as Error).message}`);
    }
    throw error;
  }

  /** Stores the password at today's cost; a failure here must not fail the login. */
  private async rehash(user: AuthUserEntity, password: string): Promise<void> {
    try {
      await this.users.replacePasswordHash(user.id, user.passwordHash, await this.passwords.hash(password));
    } catch (error) {
      this.logger.warn(`re-hashing the password of ${user.username} failed: ${(error as Error).message}`);
    }
  }
}
