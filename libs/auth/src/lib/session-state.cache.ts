import { Injectable } from '@nestjs/common';
import { AuthSessionRepository } from '@simsvc/persistence';
import { REVOKED, SessionStanding, standingOf } from './session-standing';

/** How long a session seen live is trusted without asking the store (contract: a logout holds everywhere within 5 s). */
export const ACTIVE_TTL_MS = 2000;
/** Revoked and unknown never turn live again; they are kept longer. */
const FINAL_TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  standing: SessionStanding;
  until: number;
}

/**
 * Where a session stands (revoked? which privileges are in force?), without a store round trip
 * per request: each process remembers a session's standing for 2 s, so a busy session costs one
 * lookup per 2 s, and concurrent lookups of one session share a query. Revocations made by this
 * process apply to it at once; those made elsewhere, and changes of a user's role, are seen
 * within ACTIVE_TTL_MS.
 */
@Injectable()
export class SessionStateCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<SessionStanding>>();

  constructor(private readonly sessions: AuthSessionRepository) {}

  /** The standing, synchronously when it is cached. */
  standing(sessionId: string): SessionStanding | Promise<SessionStanding> {
    const entry = this.entries.get(sessionId);
    if (entry && entry.until > Date.now()) return entry.standing;
    let lookup = this.pending.get(sessionId);
    if (!lookup) {
      lookup = this.load(sessionId);
      this.pending.set(sessionId, lookup);
    }
    return lookup;
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
    const previous = this.entries.get(sessionId);
    // A revocation seen here wins over a lookup that read the row before it.
    const kept = previous?.standing.state === 'revoked' ? REVOKED : standing;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { standing: kept, until: Date.now() + (kept.state === 'active' ? ACTIVE_TTL_MS : FINAL_TTL_MS) });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return kept;
  }
}
