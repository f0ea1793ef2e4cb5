import { Injectable } from '@nestjs/common';
import { AuthSessionRepository } from '@simsvc/persistence';
import { LRUCache } from 'lru-cache';
import { REVOKED, SessionStanding, standingOf } from './session-standing';

/** How long a session seen live is trusted without asking the store (contract: a logout holds everywhere within 5 s). */
export const ACTIVE_TTL_MS = 2000;
/** Revoked and unknown never turn live again; they are kept longer. */
const FINAL_TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

/**
 * Where a session stands (revoked? which privileges are in force?), without a store round trip
 * per request: each process remembers a session's standing for 2 s, so a busy session costs one
 * lookup per 2 s, and concurrent lookups of one session share a query. Revocations made by this
 * process apply to it at once; those made elsewhere, and changes of a user's role, are seen
 * within ACTIVE_TTL_MS.
 */
@Injectable()
export class SessionStateCache {
  // Wall-clock TTLs, checked on every read (ttlResolution 0): a standing is never trusted past its time.
  // A stale standing read is not deleted but left for its reload to overwrite.
  // Bounded by `maxSize` (each standing counts 1), not `max`: with `max`, lru-cache allocates its
  // arrays for MAX_ENTRIES at once (~4 MB of heap that a service with a few sessions never uses,
  // docs/benchmarks/2026-11-27-request-path-4.md); with `maxSize` they grow with the entries.
  private readonly entries = new LRUCache<string, SessionStanding>({
    maxSize: MAX_ENTRIES,
    sizeCalculation: () => 1,
    ttl: FINAL_TTL_MS,
    ttlResolution: 0,
    perf: Date,
    noDeleteOnStaleGet: true,
  });
  private readonly pending = new Map<string, Promise<SessionStanding>>();

  constructor(private readonly sessions: AuthSessionRepository) {}

  /** The standing, synchronously when it is cached. */
  standing(sessionId: string): SessionStanding | Promise<SessionStanding> {
    const cached = this.entries.get(sessionId);
    if (cached) return cached;
    let lookup = this.pending.get(sessionId);
    if (!lookup) {
      lookup = this.load(sessionId);
      this.pending.set(sessionId, lookup);
    }
    return lookup;
  }

  /** The standing as the store has it now (remembered as usual), whatever is cached. */
  async reload(sessionId: string): Promise<SessionStanding> {
    return this.remember(sessionId, standingOf(await this.sessions.findState(sessionId)));
  }

  markRevoked(sessionIds: Iterable<string>): void {
    for (const sessionId of sessionIds) this.remember(sessionId, REVOKED);
  }

  private async load(sessionId: string): Promise<SessionStanding> {
    try {
      return this.remember(sessionId, standingOf(await this.sessions.findState(sessionId)));
    } finally {
      this.pending.delete(sessionId);
    }
  }

  private remember(sessionId: string, standing: SessionStanding): SessionStanding {
    // A revocation seen here wins over a lookup that read the row before it.
    const kept = this.entries.peek(sessionId, { allowStale: true })?.state === 'revoked' ? REVOKED : standing;
    this.entries.set(sessionId, kept, { ttl: kept.state === 'active' ? ACTIVE_TTL_MS : FINAL_TTL_MS });
    return kept;
  }
}
