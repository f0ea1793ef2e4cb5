import { Inject, Injectable } from '@nestjs/common';
import { SessionPrincipal } from '@simsvc/auth';
import { retryAfterSeconds } from '@simsvc/contracts';
import { SERVICE_CONFIG, ServiceConfig } from '@simsvc/platform';
import { LRUCache } from 'lru-cache';
import { CacheConfig } from '../cache-config';
import { CacheError, CacheErrorCode } from './cache.errors';

/** Sessions tracked at once; a session evicted starts again with a full bucket. */
const TRACKED_SESSIONS = 100_000;
const MICROS_PER_MINUTE = 60_000_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * The write rate of anonymous sessions on POST /cache (--anonymous-writes-per-minute): a token
 * bucket per session holding that many writes, refilled evenly over a minute, kept in this
 * process (each replica counts its own). Sessions of users are not limited here.
 */
@Injectable()
export class AnonymousWriteLimit {
  // `maxSize` (each bucket counts 1) rather than `max`, which would allocate arrays for
  // TRACKED_SESSIONS at start (~2.7 MB of heap, most services never see an anonymous write).
  private readonly buckets = new LRUCache<string, Bucket>({ maxSize: TRACKED_SESSIONS, sizeCalculation: () => 1 });
  private readonly perMinute: number;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig<CacheConfig>) {
    this.perMinute = config.extra.anonymousWritesPerMinute;
  }

  /** Counts one write at `now` (µs); throws 429 with the seconds until the next one when the bucket is empty. */
  take(session: SessionPrincipal | undefined, now: number): void {
    if (this.perMinute === 0 || session?.role !== 'anonymous') return;
    const previous = this.buckets.get(session.sessionId);
    const refilled = previous ? (now - previous.at) * (this.perMinute / MICROS_PER_MINUTE) : this.perMinute;
    const tokens = Math.min(this.perMinute, (previous?.tokens ?? 0) + refilled);
    if (tokens < 1) {
      this.buckets.set(session.sessionId, { tokens, at: now });
      const waitMicros = ((1 - tokens) * MICROS_PER_MINUTE) / this.perMinute;
      throw new CacheError(CacheErrorCode.AnonymousWritesLimited, 'too many cache writes from this anonymous session; retry later', {
        retryAfterSeconds: retryAfterSeconds(waitMicros),
      });
    }
    this.buckets.set(session.sessionId, { tokens: tokens - 1, at: now });
  }
}
