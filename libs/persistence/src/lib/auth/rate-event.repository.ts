import { SqlExecutor } from '../database/sql-executor';

/** A bound on events of one (scope, subject): at most `max` within `windowMicros`, per client address or in all. */
export interface RateLimit {
  perAddress: boolean;
  max: number;
  windowMicros: number;
}

/**
 * A granted event (its row id), or a refusal with how long until every limit it reached lets one
 * more through. `busy`: no limit is reached by settled events alone, only events in flight fill
 * one, so room is expected as soon as those end.
 */
export type Reservation = { granted: true; id: number } | { granted: false; busy: boolean; retryAfterMicros: number };

/**
 * Rate-limited events shared by every replica using the store. A reservation counts and records
 * in one transaction that holds a lock on what it counts, so parallel requests cannot all see
 * room for one more: SQLite's BEGIN IMMEDIATE serialises writers; PostgreSQL takes a
 * transaction-scoped advisory lock on (scope, subject), or (scope, subject, address) when every
 * limit counts per address. An event is recorded in flight (an attempt whose outcome is not known
 * yet) or settled; both count against a limit, but only settled ones refuse for the window.
 */
export class RateEventRepository {
  constructor(private readonly sql: SqlExecutor) {}

  async reserve(
    scope: string,
    subject: string,
    clientAddress: string,
    limits: readonly RateLimit[],
    now: number,
    inFlight: boolean,
  ): Promise<Reservation> {
    return this.sql.transaction(async (tx) => {
      if (tx.backend === 'postgresql') {
        // Limits that all count per address need only that address's lock; one across addresses needs the subject's.
        const perAddressOnly = limits.every((limit) => limit.perAddress);
        const key = perAddressOnly ? `${scope}\n${subject}\n${clientAddress}` : `${scope}\n${subject}`;
        await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
      }
      let settledWait = 0;
      let busyWait = 0;
      for (const limit of limits) {
        const address = limit.perAddress ? clientAddress : null;
        const since = now - limit.windowMicros;
        const all = await recentTimes(tx, scope, subject, address, since, limit.max, false);
        if (all.length < limit.max) continue;
        const settled = await recentTimes(tx, scope, subject, address, since, limit.max, true);
        // Room again when the max-th most recent event leaves the window; the longest wait of the limits reached wins.
        if (settled.length >= limit.max) settledWait = Math.max(settledWait, waitFor(settled, limit, now));
        else busyWait = Math.max(busyWait, waitFor(all, limit, now));
      }
      if (settledWait > 0) return { granted: false, busy: false, retryAfterMicros: settledWait };
      if (busyWait > 0) return { granted: false, busy: true, retryAfterMicros: busyWait };
      const [row] = await tx.query<{ id: number | string }>(
        'INSERT INTO auth_rate_events (scope, subject, client_address, at, in_flight) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [scope, subject, clientAddress, now, inFlight ? 1 : 0],
      );
      return { granted: true, id: Number(row.id) };
    });
  }

  /** Gives a reserved event back (a login that succeeded does not count). */
  async release(id: number): Promise<void> {
    await this.sql.execute('DELETE FROM auth_rate_events WHERE id = $1', [id]);
  }

  /** Marks an event in flight as settled: it counts as a failure for the rest of its window. */
  async settle(id: number): Promise<void> {
    await this.sql.execute('UPDATE auth_rate_events SET in_flight = 0 WHERE id = $1', [id]);
  }

  async deleteOlderThan(before: number): Promise<number> {
    return this.sql.execute('DELETE FROM auth_rate_events WHERE at <= $1', [before]);
  }
}

/** Microseconds until the max-th most recent of `times` (newest first) leaves the limit's window. */
const waitFor = (times: number[], limit: RateLimit, now: number): number => times[limit.max - 1] + limit.windowMicros - now;

/**
 * Times of the events after `since`, newest first, at most `limit`; of one address, or of all
 * when null; only the settled ones when `settledOnly`.
 */
async function recentTimes(
  sql: SqlExecutor,
  scope: string,
  subject: string,
  clientAddress: string | null,
  since: number,
  limit: number,
  settledOnly: boolean,
): Promise<number[]> {
  const settled = settledOnly ? ' AND in_flight = 0' : '';
  const rows =
    clientAddress === null
      ? await sql.query<{ at: number | string }>(
          `SELECT at FROM auth_rate_events WHERE scope = $1 AND subject = $2 AND at > $3${settled} ORDER BY at DESC LIMIT $4`,
          [scope, subject, since, limit],
        )
      : await sql.query<{ at: number | string }>(
          `SELECT at FROM auth_rate_events WHERE scope = $1 AND subject = $2 AND client_address = $3 AND at > $4${settled}
           ORDER BY at DESC LIMIT $5`,
          [scope, subject, clientAddress, since, limit],
        );
  return rows.map((row) => Number(row.at));
}
