import { Injectable } from '@nestjs/common';
import { nowMicros, retryAfterSeconds } from '@simsvc/contracts';
import { RateEventRepository, RateLimit } from '@simsvc/persistence';
import { AuthError, AuthErrorCode } from './auth.errors';

/** Anonymous sessions one client address may create per minute, counted across replicas. */
export const ANONYMOUS_SESSIONS_PER_MINUTE = 30;
const ANONYMOUS_SCOPE = 'anonymous';
const LIMITS: readonly RateLimit[] = [{ perAddress: true, max: ANONYMOUS_SESSIONS_PER_MINUTE, windowMicros: 60_000_000 }];

/** The per-address rate limit of POST /session/anonymous, kept in the auth store like the login throttle. */
@Injectable()
export class AnonymousSessionLimit {
  constructor(private readonly events: RateEventRepository) {}

  /** Counts one creation; throws 429 with the seconds to wait when the address is at the limit. */
  async take(clientAddress: string): Promise<void> {
    const reservation = await this.events.reserve(ANONYMOUS_SCOPE, '', clientAddress, LIMITS, nowMicros(), false);
    if (!reservation.granted) {
      throw new AuthError(AuthErrorCode.TooManyRequests, 'too many anonymous sessions; retry later', {
        retryAfterSeconds: retryAfterSeconds(reservation.retryAfterMicros),
      });
    }
  }
}
