import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { nowMicros } from '@simsvc/contracts';
import { CacheRepository } from './cache.repository';

const PURGE_INTERVAL_MS = 60_000;

/** Expired entries are already invisible; this deletes their rows every minute. */
@Injectable()
export class ExpiryPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ExpiryPurger.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly repository: CacheRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.purge(), PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async purge(): Promise<number> {
    try {
      const purged = await this.repository.purgeExpired(nowMicros());
      if (purged > 0) this.logger.log(`purged ${purged} expired entries`);
      return purged;
    } catch (error) {
      this.logger.warn(`expiry purge failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
