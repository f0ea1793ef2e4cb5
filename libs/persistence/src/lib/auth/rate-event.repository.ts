import { Injectable } from '@nestjs/common';
import { EntityManager, LessThanOrEqual } from 'typeorm';
import { InjectStoreDatabase } from '../database/database.module';
import { StoreDatabase } from '../database/store-database';
import { AUTH_STORE } from './auth.store';
import { RateEventEntity } from './rate-event.entity';

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

type EventKey = Pick<RateEventEntity, 'scope' | 'subject' | 'clientAddress'>;

/**
 * Rate-limited events shared by every replica using the store. A reservation counts and records
 * in one transaction that holds a lock on what it counts, so parallel requests cannot all see
 * room for one more: SQLite's BEGIN IMMEDIATE serialises writers; PostgreSQL takes a
 * transaction-scoped advisory lock on (scope, subject), or (scope, subject, address) when every
 * limit counts per address. An event is recorded in flight (an attempt whose outcome is not known
 * yet) or settled; both count against a limit, but only settled ones refuse for the window.
 */
@Injectable()
export class RateEventRepository {
  constructor(@InjectStoreDatabase(AUTH_STORE) private readonly db: StoreDatabase) {}

  reserve(
    scope: string,
    subject: string,
    clientAddress: string,
    limits: readonly RateLimit[],
    now: number,
    inFlight: boolean,
  ): Promise<Reservation> {
    const key: EventKey = { scope, subject, clientAddress };
    return this.db.transaction(async (manager): Promise<Reservation> => {
      if (this.db.backend === 'postgresql') {
        // Limits that all count per address need only that address's lock; one across addresses needs the subject's.
        const perAddressOnly = limits.every((limit) => limit.perAddress);
        const lock = perAddressOnly ? `${scope}\n${subject}\n${clientAddress}` : `${scope}\n${subject}`;
        // An advisory lock has no query-builder form.
        await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lock]);
      }
      let settledWait = 0;
      let busyWait = 0;
      for (const limit of limits) {
        const since = now - limit.windowMicros;
        const all = await recentTimes(manager, key, limit, since, false);
        if (all.length < limit.max) continue;
        const settled = await recentTimes(manager, key, limit, since, true);
        // Room again when the max-th most recent event leaves the window; the longest wait of the limits reached wins.
        if (settled.length >= limit.max) settledWait = Math.max(settledWait, waitFor(settled, limit, now));
        else busyWait = Math.max(busyWait, waitFor(all, limit, now));
      }
      if (settledWait > 0) return { granted: false, busy: false, retryAfterMicros: settledWait };
      if (busyWait > 0) return { granted: false, busy: true, retryAfterMicros: busyWait };
      const inserted = await manager.insert(RateEventEntity, { ...key, at: now, inFlight: inFlight ? 1 : 0 });
      return { granted: true, id: Number(inserted.identifiers[0]['id']) };
    });
  }

  /** Gives a reserved event back (a login that succeeded does not count). */
  async release(id: number): Promise<void> {
    await this.db.run((manager) => manager.delete(RateEventEntity, { id }));
  }

  /** Marks an event in flight as settled: it counts as a failure for the rest of its window. */
  async settle(id: number): Promise<void> {
    await this.db.run((manager) => manager.update(RateEventEntity, { id }, { inFlight: 0 }));
  }

  deleteOlderThan(before: number): Promise<number> {
    return this.db.run(async (manager) => (await manager.delete(RateEventEntity, { at: LessThanOrEqual(before) })).affected ?? 0);
  }
}

/** Microseconds until the max-th most recent of `times` (newest first) leaves the limit's window. */
const waitFor = (times: number[], limit: RateLimit, now: number): number => times[limit.max - 1] + limit.windowMicros - now;

/**
 * Times of the events of `key` after `since`, newest first, at most `limit.max`; of its address
 * only when the limit counts per address; only the settled ones when `settledOnly`.
 */
async function recentTimes(
  manager: EntityManager,
  key: EventKey,
  limit: RateLimit,
  since: number,
  settledOnly: boolean,
): Promise<number[]> {
  const query = manager
    .getRepository(RateEventEntity)
    .createQueryBuilder('event')
    .select('event.at', 'at')
    .where('event.scope = :scope AND event.subject = :subject AND event.at > :since', { ...key, since })
    .orderBy('event.at', 'DESC')
    .limit(limit.max);
  if (limit.perAddress) query.andWhere('event.clientAddress = :clientAddress', { clientAddress: key.clientAddress });
  if (settledOnly) query.andWhere('event.inFlight = 0');
  const rows = await query.getRawMany<{ at: number | string }>();
  return rows.map((row) => Number(row.at));
}
