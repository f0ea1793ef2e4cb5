import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { nowMicros } from '@simsvc/contracts';
import { LoginFailureRepository } from '@simsvc/persistence';

/** Five failures within 60 s for one (client address, username) block further attempts. */
export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 60;
const WINDOW_MICROS = LOGIN_FAILURE_WINDOW_SECONDS * 1_000_000;

/** 429 with the seconds to wait; RetryAfterInterceptor turns them into the `Retry-After` header. */
export class TooManyLoginAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ message: 'too many failed logins; retry later', retry_after: retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Counts failed logins in the auth store, so all replicas share the count. A login is checked
 * before the password is verified and, when the password is right, once more after: a burst
 * of parallel guesses is verified, but a right guess among them is answered with 429 once five
 * of the burst have failed, so it reveals nothing. Parallel logins that succeed do not count.
 */
@Injectable()
export class LoginThrottle {
  private readonly logger = new Logger('LoginThrottle');
  private lastPurge = 0;

  constructor(private readonly failures: LoginFailureRepository) {}

  /** Throws TooManyLoginAttemptsException while five failures lie within the last 60 s. */
  async assertAllowed(clientAddress: string, username: string): Promise<void> {
    const now = nowMicros();
    this.purgeNowAndThen(now);
    const recent = await this.failures.recent(clientAddress, username, now - WINDOW_MICROS, MAX_LOGIN_FAILURES);
    if (recent.length < MAX_LOGIN_FAILURES) return;
    // Unblocked when the fifth most recent failure leaves the window.
    const fifth = recent[MAX_LOGIN_FAILURES - 1];
    throw new TooManyLoginAttemptsException(Math.max(1, Math.ceil((fifth + WINDOW_MICROS - now) / 1_000_000)));
  }

  async recordFailure(clientAddress: string, username: string): Promise<void> {
    await this.failures.record(clientAddress, username, nowMicros());
  }

  private purgeNowAndThen(now: number): void {
    if (now - this.lastPurge < WINDOW_MICROS) return;
    this.lastPurge = now;
    this.failures
      .deleteOlderThan(now - WINDOW_MICROS)
      .catch((error: Error) => this.logger.warn(`purging old login failures failed: ${error.message}`));
  }
}
