import { Injectable } from '@nestjs/common';
import { AuthSessionRepository } from '@simsvc/persistence';

export type SessionState = 'active' | 'revoked' | 'unknown';

/** How long a session seen live is trusted without asking the store (contract: a logout holds everywhere within 5 s). */
export const ACTIVE_TTL_MS = 2000;
/** Revoked and unknown never turn live again; they are kept longer. */
const FINAL_TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  state: SessionState;
  until: number;
}

/**
 * Whether a session is revoked, without a store round trip per request: each process remembers a
 * session's state for 2 s, so a busy session costs one lookup per 2 s, and concurrent lookups of
 * one session share a query. Revocations made by this process apply to it at once; those made
 * elsewhere are seen within ACTIVE_TTL_MS.
 */
@Injectable()
export class SessionStateCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<SessionState>>();

  constructor(private readonly sessions: AuthSessionRepository) {}

  /** The state, synchronously when it is cached. */
  state(sessionId: string): SessionState | Promise<SessionState> {
    const entry = this.entries.get(sessionId);
    if (entry && entry.until > Date.now()) return entry.state;
    let lookup = this.pending.get(sessionId);
    if (!lookup) {
      lookup = this.load(sessionId);
      this.pending.set(sessionId, lookup);
    }
    return lookup;
  }

  markRevoked(sessionIds: Iterable<string>): void {
    for (const sessionId of sessionIds) this.remember(sessionId, 'revoked');
  }

  private async load(sessionId: string): Promise<SessionState> {
    try {
      const record = await this.sessions.findState(sessionId);
      const state: SessionState = record === null ? 'unknown' : record.revokedAt === null ? 'active' : 'revoked';
      return this.remember(sessionId, state);
    } finally {
      this.pending.delete(sessionId);
    }
  }

  private remember(sessionId: string, state: SessionState): SessionState {
    const previous = this.entries.get(sessionId);
    // A revocation seen here wins over a lookup that read the row before it.
    const kept: SessionState = previous?.state === 'revoked' ? 'revoked' : state;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { state: kept, until: Date.now() + (kept === 'active' ? ACTIVE_TTL_MS : FINAL_TTL_MS) });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return kept;
  }
}
