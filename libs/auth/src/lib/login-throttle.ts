import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { nowMicros, retryAfterSeconds } from '@simsvc/contracts';
import { RateEventRepository, RateLimit } from '@simsvc/persistence';
import { KnownAddresses } from './known-addresses';
import { AuthError, AuthErrorCode } from './auth.errors';

/** Five failures within 60 s for one (client address, username) block further attempts (contract §3). */
export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 60;
/** Twenty failures within 5 minutes for one username, from any addresses, block it everywhere. */
export const MAX_USERNAME_FAILURES = 20;
export const USERNAME_FAILURE_WINDOW_SECONDS = 300;
export const LOGIN_SCOPE = 'login';

const PER_ADDRESS_LIMIT: RateLimit = { perAddress: true, max: MAX_LOGIN_FAILURES, windowMicros: LOGIN_FAILURE_WINDOW_SECONDS * 1_000_000 };
const PER_USERNAME_LIMIT: RateLimit = {
  perAddress: false,
  max: MAX_USERNAME_FAILURES,
  windowMicros: USERNAME_FAILURE_WINDOW_SECONDS * 1_000_000,
};
/** A new address counts against both limits; a known address (known-addresses.ts) only against its own. */
const NEW_ADDRESS_LIMITS: readonly RateLimit[] = [PER_ADDRESS_LIMIT, PER_USERNAME_LIMIT];
const KNOWN_ADDRESS_LIMITS: readonly RateLimit[] = [PER_ADDRESS_LIMIT];
/** How long rate events of any scope must be kept. */
export const LONGEST_RATE_WINDOW_MICROS = USERNAME_FAILURE_WINDOW_SECONDS * 1_000_000;
/**
 * While only attempts in flight fill a limit, an attempt asks again this often, for at most this
 * long (then 429). Ten seconds outlast the password checks in flight on a loaded machine (six
 * parallel logins through six replicas on two busy cores took 6.8 s; 3 s refused the sixth).
 */
export const IN_FLIGHT_RETRY_MS = 100;
export const IN_FLIGHT_WAIT_MS = 10_000;

/** A reserved login attempt: its rate event, and whom and where from it was about. */
export interface LoginAttempt {
  id: number;
  subject: string;
  clientAddress: string;
}

/**
 * Failed logins counted in the auth store, so all replicas share the count. Every attempt
 * reserves a slot in flight *before* its password is verified, atomically with counting (see
 * RateEventRepository.reserve); a failure settles its slot, a success gives it back. So at most
 * five guesses per (address, username) and twenty per username are ever verified in a window,
 * however many arrive at once. Only settled failures refuse at once: when attempts in flight
 * fill a limit, the next waits for them to end (bounded), so parallel correct logins all pass.
 * Usernames are counted case-folded, as they are looked up. An address that logged in successfully
 * as the user within the last 30 days is exempt from the per-username bound (the twenty failures
 * of distributed guessing must not lock the owner out) and keeps its per-(address, username) one.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly events: RateEventRepository,
    private readonly knownAddresses: KnownAddresses,
  ) {}

  /** The reserved attempt; throws 429 with the seconds to wait when a limit is reached. */
  async reserve(clientAddress: string, username: string): Promise<LoginAttempt> {
    const subject = username.toLowerCase();
    const limits = (await this.knownAddresses.isKnown(subject, clientAddress)) ? KNOWN_ADDRESS_LIMITS : NEW_ADDRESS_LIMITS;
    const giveUpAt = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      const reservation = await this.events.reserve(LOGIN_SCOPE, subject, clientAddress, limits, nowMicros(), true);
      if (reservation.granted) return { id: reservation.id, subject, clientAddress };
      if (!reservation.busy || Date.now() >= giveUpAt) {
        throw new AuthError(AuthErrorCode.TooManyRequests, 'too many failed logins; retry later', {
          retryAfterSeconds: retryAfterSeconds(reservation.retryAfterMicros),
        });
      }
      await sleep(IN_FLIGHT_RETRY_MS);
    }
  }

  /** A login that succeeded does not count, and makes its address known for the user. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.events.release(attempt.id);
    await this.knownAddresses.remember(attempt.subject, attempt.clientAddress);
  }

  /** A login whose credentials were refused counts for the rest of its window. */
  async failed(attempt: LoginAttempt): Promise<void> {
    await this.events.settle(attempt.id);
  }

  /** A login that ended before its credentials were judged (the database failed) does not count. */
  async abandoned(attempt: LoginAttempt): Promise<void> {
    await this.events.release(attempt.id);
  }
}
