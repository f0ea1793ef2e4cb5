import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import {
  CACHE_STORE,
  CacheCounterEntity,
  CacheEntryEntity,
  CacheInvalidationEntity,
  InjectStoreDatabase,
  SnapshotReader,
  StoreDatabase,
} from '@simsvc/persistence';
import { SERVICE_CONFIG, ServiceConfig } from '@simsvc/platform';
import { CacheConfig } from '../cache-config';
import { CacheError, CacheErrorCode } from './cache.errors';
import { entryListStatements } from './entry-list.query';
import { EntityManager, FindOptionsWhere, LessThanOrEqual, MoreThan, QueryFailedError } from 'typeorm';
import { ADD_ENTRY_HITS, CACHE_HIT, CACHE_LOOKUPS, COUNT_LOOKUP, STORE_ENTRIES } from './cache.statements';
import { counterOf, EntryListSelectors, EntrySelectors, NO_SIMULATION, selectorWhere } from './entry-selectors';
import { EntryCopies } from './entry-copies';
import { BatchedEntry, LookupBatches } from './lookup-batches';
import { TurnBatches } from './turn-batches';
import { WrittenBehindCounts } from './written-behind-counts';

const POSTGRES_QUERY_CANCELED = '57014';

/** An entry as POST /cache stores it: not yet accessed, no hits. */
export type StoredEntry = Omit<CacheEntryEntity, 'lastAccessedAt' | 'hitCount'>;

export interface InvalidationAudit {
  at: number;
  actor: string;
  cacheKey?: string;
  selectors?: EntrySelectors;
  reason: string | null;
}

export interface CacheFigures {
  entries: number;
  size_bytes: number;
  hits: number;
  misses: number;
  invalidations: number;
}

/**
 * The cache store. GETs and stores run the statements of cache.statements.ts, the stores of one
 * event-loop turn together (TurnBatches), and on PostgreSQL its GETs too (LookupBatches);
 * everything else goes through TypeORM on the entities.
 *
 * Hit and miss counts: on PostgreSQL a GET's count commits with its lookup, so replicas count
 * exactly at every moment. On SQLite (one process per store file) they are
 * written behind (WrittenBehindCounts): at most 1 s later, before this process reads the
 * statistics or lists entries, and at shutdown; a hit is one read, its hit_count the stored one
 * plus the hits not yet written, and a miss writes nothing. A repeated hit on SQLite reads
 * nothing: it answers from this process's copy of the entry (EntryCopies).
 */
@Injectable()
export class CacheRepository implements BeforeApplicationShutdown {
  private readonly logger = new Logger(CacheRepository.name);
  private readonly writtenBehind = new WrittenBehindCounts(
    () => this.writeCounts(),
    (error) => this.logger.warn(`writing hit and miss counts failed (kept for the next write): ${error.message}`),
  );
  private readonly copies = new EntryCopies();
  private readonly stores = new TurnBatches<StoredEntry, void>((entries) => this.storeAll(entries));
  private readonly batches = new LookupBatches((cacheKeys, missedSimulationIds, at) =>
    this.db.query<BatchedEntry>(CACHE_LOOKUPS, [cacheKeys, missedSimulationIds, at]),
  );

  constructor(
    @InjectStoreDatabase(CACHE_STORE) private readonly db: StoreDatabase,
    private readonly reader: SnapshotReader,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig<CacheConfig>,
  ) {}

  /** Before the store closes: the counts still pending. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.writeCounts().catch((error: Error) => this.logger.error(`hit and miss counts lost at shutdown: ${error.message}`));
  }

  store(entry: StoredEntry): Promise<void> {
    return this.stores.run(entry);
  }

  /** The POSTs of one turn (TurnBatches): one transaction, one statement on PostgreSQL; of one key, the last wins. */
  private async storeAll(entries: readonly StoredEntry[]): Promise<void[]> {
    const latest = [...new Map(entries.map((entry) => [entry.cacheKey, entry])).values()];
    const rows = latest.map((entry) => [
      entry.cacheKey,
      entry.simulationId,
      entry.simulationName,
      entry.simulationVersion,
      entry.executionId,
      entry.squidId,
      entry.inputHash,
      entry.runDbPath,
      entry.metadata,
      entry.createdAt,
      entry.expiresAt,
      entry.sizeBytes,
    ]);
    if (this.db.backend === 'postgresql') await this.db.queryEach(STORE_ENTRIES, rows);
    else
      await this.db.transaction(async (manager) => {
        await this.db.queryEach(STORE_ENTRIES, rows, manager);
        // A replaced entry starts from hit_count 0: hits of the old one still pending are not its.
        // Dropped before the commit: a hit from now on reads the store, queued behind it.
        for (const { cacheKey } of latest) {
          this.writtenBehind.forget(cacheKey);
          this.copies.drop(cacheKey);
        }
      });
    return entries.map(() => undefined);
  }

  /**
   * A GET: the live entry with its hit already counted, or undefined with a miss counted against
   * `missedSimulationId`.
   */
  lookup(cacheKey: string, now: number, missedSimulationId = NO_SIMULATION): Promise<CacheEntryEntity | undefined> {
    if (this.db.backend === 'postgresql') return this.batches.lookup({ cacheKey, missedSimulationId, at: now });
    const copy = this.copies.live(cacheKey, now);
    if (copy) {
      this.writtenBehind.hit(cacheKey, counterOf(copy.simulationId), now);
      copy.hitCount += 1;
      copy.lastAccessedAt = now;
      return Promise.resolve({ ...copy });
    }
    return this.db.queryThen<CacheEntryEntity, CacheEntryEntity | undefined>(CACHE_HIT, [cacheKey, now], ([entry]) => {
      if (!entry) {
        this.writtenBehind.miss(missedSimulationId);
        return undefined;
      }
      const pendingHits = this.writtenBehind.hit(entry.cacheKey, counterOf(entry.simulationId), now);
      const current = { ...entry, hitCount: entry.hitCount + pendingHits, lastAccessedAt: now };
      this.copies.keep(current);
      return { ...current };
    });
  }

  isLive(cacheKey: string, now: number): Promise<boolean> {
    return this.db.run((manager) => manager.exists(CacheEntryEntity, { where: { cacheKey, expiresAt: MoreThan(now) } }));
  }

  /** Removes one live entry, counts it as an invalidation and audits it; false when absent. */
  removeOne(audit: InvalidationAudit & { cacheKey: string }): Promise<boolean> {
    return this.droppingCopies(
      () => this.copies.drop(audit.cacheKey),
      () =>
        this.db.transaction(async (manager) => {
          const removed = await this.remove(manager, { cacheKey: audit.cacheKey, expiresAt: MoreThan(audit.at) });
          if (removed === 0) return false;
          await this.audit(manager, audit, removed);
          return true;
        }),
    );
  }

  /** Removes the live entries matching every given selector; counts and audits them. */
  invalidate(audit: InvalidationAudit & { selectors: EntrySelectors }): Promise<number> {
    return this.droppingCopies(
      () => this.copies.clear(),
      () =>
        this.patternTransaction(audit.selectors, async (manager) => {
          const removed = await this.remove(manager, selectorWhere(this.db.backend, audit.at, audit.selectors));
          await this.audit(manager, audit, removed);
          return removed;
        }),
    );
  }

  /**
   * Runs `removal` with the copies it may change dropped before it starts and again once it has
   * ended: a hit that read the store in between answered an entry the removal had not yet removed.
   */
  private async droppingCopies<T>(drop: () => void, removal: () => Promise<T>): Promise<T> {
    drop();
    try {
      return await removal();
    } finally {
      drop();
    }
  }

  async figures(now: number, simulationId?: number): Promise<CacheFigures> {
    await this.writeCounts();
    return this.db.run(async (manager) => {
      const entries = manager
        .createQueryBuilder(CacheEntryEntity, 'entry')
        .select('COUNT(*)', 'entries')
        // The current size of each entry, as currentSize() computes it.
        .addSelect('CAST(COALESCE(SUM(entry.sizeBytes + LENGTH(CAST(entry.hitCount AS TEXT)) - 1), 0) AS BIGINT)', 'size_bytes')
        .where(selectorWhere(this.db.backend, now, simulationId === undefined ? {} : { simulationId }));
      const counters = manager
        .createQueryBuilder(CacheCounterEntity, 'counter')
        .select('CAST(COALESCE(SUM(counter.hits), 0) AS BIGINT)', 'hits')
        .addSelect('CAST(COALESCE(SUM(counter.misses), 0) AS BIGINT)', 'misses')
        .addSelect('CAST(COALESCE(SUM(counter.invalidations), 0) AS BIGINT)', 'invalidations');
      if (simulationId !== undefined) counters.where({ simulationId });
      // Aggregates without GROUP BY: always one row each.
      return { ...(await entries.getRawOne()), ...(await counters.getRawOne()) } as CacheFigures;
    });
  }

  liveEntries(now: number): Promise<number> {
    return this.db.run((manager) => manager.count(CacheEntryEntity, { where: { expiresAt: MoreThan(now) } }));
  }

  /**
   * Live entries, newest first. SQLite: in a read worker (SnapshotReader), so that matching a
   * pattern never holds up the main thread; PostgreSQL: under the pattern time limit.
   */
  async list(
    now: number,
    selectors: EntryListSelectors,
    limit: number,
    offset: number,
  ): Promise<{ records: CacheEntryEntity[]; total: number }> {
    await this.writeCounts();
    const { page, total } = entryListStatements(this.db.backend, now, selectors, limit, offset);
    const [records, [count]] =
      this.db.backend === 'sqlite'
        ? await this.reader.read([page, total])
        : await this.patternTransaction(selectors, async (manager) => [
            await manager.query(page.sql, [...page.params]),
            await manager.query(total.sql, [...total.params]),
          ]);
    return { records: records as CacheEntryEntity[], total: Number((count as { total: number | string }).total) };
  }

  /** The audit log, newest first. */
  async listInvalidations(limit: number, offset: number): Promise<{ records: CacheInvalidationEntity[]; total: number }> {
    const [records, total] = await this.db.run((manager) =>
      manager.findAndCount(CacheInvalidationEntity, { order: { id: 'DESC' }, take: limit, skip: offset }),
    );
    return { records, total };
  }

  /** Deletes expired rows (they are already invisible); returns how many. */
  async purgeExpired(now: number): Promise<number> {
    const result = await this.db.run((manager) => manager.delete(CacheEntryEntity, { expiresAt: LessThanOrEqual(now) }));
    return result.affected ?? 0;
  }

  /**
   * A transaction whose statements, when the selectors have a pattern on PostgreSQL, each end
   * after --pattern-time-limit-ms (503 "pattern too expensive").
   */
  private async patternTransaction<T>(selectors: EntrySelectors, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.db.backend !== 'postgresql' || selectors.pattern === undefined) return this.db.transaction(work);
    try {
      return await this.db.transaction(async (manager) => {
        await manager.query(`SET LOCAL statement_timeout = ${Math.trunc(this.config.extra.patternTimeLimitMs)}`);
        return work(manager);
      });
    } catch (error) {
      if (isStatementTimeout(error)) throw new CacheError(CacheErrorCode.PatternTooExpensive, 'pattern too expensive');
      throw error;
    }
  }

  /** Deletes the matching entries and counts them as invalidations of their simulations; how many. */
  private async remove(manager: EntityManager, where: FindOptionsWhere<CacheEntryEntity>): Promise<number> {
    const perCounter = new Map<number, number>();
    const add = (simulationId: number | null, count: number) =>
      perCounter.set(counterOf(simulationId), (perCounter.get(counterOf(simulationId)) ?? 0) + count);
    if (this.db.backend === 'postgresql') {
      // Locked in key order first, as a batch of GETs locks them (cache.statements.ts), then
      // deleted: every row locked is deleted and counted, and no GET waits on this in a cycle.
      const locked = await manager
        .createQueryBuilder(CacheEntryEntity, 'entry')
        .select('entry.cacheKey', 'cacheKey')
        .where(where)
        .orderBy('entry.cacheKey')
        .setLock('pessimistic_write')
        .getRawMany<{ cacheKey: string }>();
      if (locked.length > 0) {
        const { raw } = await manager
          .createQueryBuilder()
          .delete()
          .from(CacheEntryEntity)
          .where('cache_key = ANY(:keys)', { keys: locked.map((row) => row.cacheKey) })
          .returning('simulation_id')
          .execute();
        for (const row of raw as { simulation_id: number | null }[]) add(row.simulation_id, 1);
      }
    } else {
      // TypeORM has no DELETE … RETURNING on SQLite; the transaction holds the write lock, so the
      // rows counted are the rows deleted.
      const groups = await manager
        .createQueryBuilder(CacheEntryEntity, 'entry')
        .select('entry.simulationId', 'simulationId')
        .addSelect('COUNT(*)', 'count')
        .where(where)
        .groupBy('entry.simulationId')
        .getRawMany<{ simulationId: number | null; count: number }>();
      for (const group of groups) add(group.simulationId, group.count);
      if (groups.length > 0) await manager.delete(CacheEntryEntity, where);
    }
    // In simulation order, as a batch of GETs locks the counters.
    for (const [counter, count] of [...perCounter].sort(([a], [b]) => a - b))
      await this.db.execute(COUNT_LOOKUP, [counter, 0, 0, count], manager);
    return [...perCounter.values()].reduce((sum, count) => sum + count, 0);
  }

  /** Writes the hits and misses counted and not yet written (SQLite), in one transaction. */
  private async writeCounts(): Promise<void> {
    if (this.writtenBehind.empty) return;
    await this.db.transaction(async (manager) => {
      // Taken inside the transaction: no hit reads the store between this and the commit.
      const batch = this.writtenBehind.take();
      try {
        if (batch.entries.length > 0)
          await this.db.execute(
            ADD_ENTRY_HITS,
            [JSON.stringify(batch.entries.map(({ cacheKey, hits, lastAccessedAt }) => [cacheKey, hits, lastAccessedAt]))],
            manager,
          );
        for (const { simulationId, hits, misses } of batch.counters)
          await this.db.execute(COUNT_LOOKUP, [simulationId, hits, misses, 0], manager);
      } catch (error) {
        this.writtenBehind.restore(batch);
        throw error;
      }
    });
  }

  private async audit(manager: EntityManager, audit: InvalidationAudit, count: number): Promise<void> {
    const selectors = audit.selectors ?? {};
    await manager
      .createQueryBuilder()
      .insert()
      .into(CacheInvalidationEntity)
      .values({
        at: audit.at,
        actor: audit.actor,
        cacheKey: audit.cacheKey ?? null,
        simulationId: selectors.simulationId ?? null,
        simulationName: selectors.simulationName ?? null,
        simulationVersion: selectors.simulationVersion ?? null,
        pattern: selectors.pattern ?? null,
        reason: audit.reason,
        invalidatedCount: count,
      })
      .updateEntity(false)
      .execute();
  }
}

/** PostgreSQL's query_canceled: statement_timeout ran out. */
function isStatementTimeout(error: unknown): boolean {
  const inner = error instanceof QueryFailedError ? (error.driverError as { code?: string }) : (error as { code?: string } | undefined);
  return inner?.code === POSTGRES_QUERY_CANCELED;
}
