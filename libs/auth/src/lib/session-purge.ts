import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { nowMicros } from '@simsvc/contracts';
import { AuthSessionRepository, RateEventRepository } from '@simsvc/persistence';
import { KnownAddresses } from './known-addresses';
import { LONGEST_RATE_WINDOW_MICROS } from './login-throttle';

/** How often each process deletes expired sessions and rate events past every window. */
export const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** Keeps the auth store small: sessions none of whose tokens can still be valid, old rate events, stale known addresses. */
@Injectable()
export class SessionPurge implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Sessions');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly sessions: AuthSessionRepository,
    private readonly events: RateEventRepository,
    private readonly knownAddresses: KnownAddresses,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.purge(), PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** One purge; failures are logged (the next run tries again). Returns how many rows went. */
  async purge(): Promise<{ sessions: number; rateEvents: number; knownAddresses: number }> {
    const now = nowMicros();
    try {
      const [sessions, rateEvents, knownAddresses] = await Promise.all([
        this.sessions.deleteExpired(now),
        this.events.deleteOlderThan(now - LONGEST_RATE_WINDOW_MICROS),
        this.knownAddresses.purge(now),
      ]);
      return { sessions, rateEvents, knownAddresses };
    } catch (error) {
      this.logger.warn(`purging expired sessions failed: ${(error as Error).message}`);
      return { sessions: 0, rateEvents: 0, knownAddresses: 0 };
    }
  }
}
