import { SqlExecutor } from '../database/sql-executor';

/** A bound on events of one (scope, subject): at most `max` within `windowMicros`, per client address or in all. */
export interface RateLimit {
  perAddress: boolean;
  max: number;
  windowMicros: number;
}

/** A granted event (its row id), or how long until every limit it reached lets one more through. */
export type Reservation = { granted: true; id: number } | { granted: false; retryAfterMicros: number };

/**
 * Rate-limited events shared by every replica using the store. A reservation counts and records
 * in one transaction that holds a lock on what it counts, so parallel requests cannot all see
 * room for one more: SQLite's BEGIN IMMEDIATE serialises writers; PostgreSQL takes a
 * transaction-scoped advisory lock on (scope, subject), or (scope, subject, address) when every
 * limit counts per address.
 */
export class RateEventRepository {
  constructor(private readonly sql: SqlExecutor) {}

  async reserve(scope: string, subject: string, clientAddress: string, limits: readonly RateLimit[], now: number): Promise<Reservation> {
    return this.sql.transaction(async (tx) => {
      if (tx.backend === 'postgresql') {
        // Limits that all count per address need only that address's lock; one across addresses needs the subject's.
        const perAddressOnly = limits.every((limit) => limit.perAddress);
        const key = perAddressOnly ? `${scope}\n${subject}\n${clientAddress}` : `${scope}\n${subject}`;
        await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
      }
      let retryAfterMicros = 0;
      for (const limit of limits) {
        const times = await recentTimes(tx, scope, subject, limit.perAddress ? clientAddress : null, now - limit.windowMicros, limit.max);
        // Room again when the max-th most recent event leaves the window; the longest wait of the limits reached wins.
        if (times.length >= limit.max) retryAfterMicros = Math.max(retryAfterMicros, times[limit.max - 1] + limit.windowMicros - now);
      }
      if (retryAfterMicros > 0) return { granted: false, retryAfterMicros };
      const [row] = await tx.query<{ id: number | string }>(
        'INSERT INTO auth_rate_events (scope, subject, client_address, at) VALUES ($1, $2, $3, $4) RETURNING id',
        [scope, subject, clientAddress, now],
      );
      return { granted: true, id: Number(row.id) };
    });
  }

  /** Gives a reserved event back (a login that succeeded does not count). */
  async release(id: number): Promise<void> {
    await this.sql.execute('DELETE FROM auth_rate_events WHERE id = $1', [id]);
  }

  async deleteOlderThan(before: number): Promise<number> {
    return this.sql.execute('DELETE FROM auth_rate_events WHERE at <= $1', [before]);
  }
}

/** Times of the events after `since`, newest first, at most `limit`; of one address, or of all when null. */
async function recentTimes(
  sql: SqlExecutor,
  scope: string,
  subject: string,
  clientAddress: string | null,
  since: number,
  limit: number,
): Promise<number[]> {
  const rows =
    clientAddress === null
      ? await sql.query<{ at: number | string }>(
          'SELECT at FROM auth_rate_events WHERE scope = $1 AND subject = $2 AND at > $3 ORDER BY at DESC LIMIT $4',
          [scope, subject, since, limit],
        )
      : await sql.query<{ at: number | string }>(
          `SELECT at FROM auth_rate_events WHERE scope = $1 AND subject = $2 AND client_address = $3 AND at > $4
           ORDER BY at DESC LIMIT $5`,
          [scope, subject, clientAddress, since, limit],
        );
  return rows.map((row) => Number(row.at));
}
