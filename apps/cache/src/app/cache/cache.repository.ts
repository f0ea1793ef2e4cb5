import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_DATA_SOURCE } from '@simsvc/platform';
import { createSqlExecutor, SqlExecutor } from '@simsvc/persistence';
import { DataSource } from 'typeorm';
import { CacheEntryRecord } from './cache-entry.record';
import { globToPostgresLike, globToSqliteGlob } from './glob-pattern';

export interface EntrySelectors {
  simulationId?: number;
  simulationName?: string;
  simulationVersion?: string;
  pattern?: string;
}

export interface InvalidationAudit {
  at: number;
  actor: string;
  cacheKey?: string;
  selectors?: EntrySelectors;
  reason: string | null;
}

export interface InvalidationRecord {
  at: number;
  actor: string;
  cache_key: string | null;
  simulation_id: number | null;
  simulation_name: string | null;
  simulation_version: string | null;
  pattern: string | null;
  reason: string | null;
  invalidated_count: number;
}

export interface CacheFigures {
  entries: number;
  size_bytes: number;
  hits: number;
  misses: number;
  invalidations: number;
}

/**
 * The counters of entries stored with simulation_id 0 or null (sim2l sends `sim_id or 0`), and of
 * misses attributed to no simulation; as a selector, it picks those entries.
 */
export const NO_SIMULATION = 0;

/** The counter an entry's hits and invalidations go to. */
const counterOf = (simulationId: number | null): number => simulationId ?? NO_SIMULATION;

const COUNT = `INSERT INTO cache_counters (simulation_id, hits, misses, invalidations) VALUES ($1, $2, $3, $4)
  ON CONFLICT (simulation_id) DO UPDATE SET hits = cache_counters.hits + excluded.hits,
    misses = cache_counters.misses + excluded.misses, invalidations = cache_counters.invalidations + excluded.invalidations`;

// One statement on PostgreSQL: the hit and its count commit together, so concurrent hits through
// any number of replicas are counted exactly (row locks serialise them, nothing is read first).
const POSTGRES_HIT = `WITH hit AS (
    UPDATE cache_entries SET hit_count = hit_count + 1, last_accessed_at = $2
    WHERE cache_key = $1 AND expires_at > $2 RETURNING *
  ), counted AS (
    INSERT INTO cache_counters (simulation_id, hits) SELECT COALESCE(simulation_id, ${NO_SIMULATION}), 1 FROM hit
    ON CONFLICT (simulation_id) DO UPDATE SET hits = cache_counters.hits + 1
  )
  SELECT * FROM hit`;
const SQLITE_HIT = `UPDATE cache_entries SET hit_count = hit_count + 1, last_accessed_at = $2
  WHERE cache_key = $1 AND expires_at > $2 RETURNING *`;

const UPSERT = `INSERT INTO cache_entries (cache_key, simulation_id, simulation_name, simulation_version, execution_id,
    squid_id, input_hash, run_db_path, metadata, created_at, expires_at, last_accessed_at, hit_count, size_bytes)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL, 0, $12)
  ON CONFLICT (cache_key) DO UPDATE SET simulation_id = excluded.simulation_id, simulation_name = excluded.simulation_name,
    simulation_version = excluded.simulation_version, execution_id = excluded.execution_id, squid_id = excluded.squid_id,
    input_hash = excluded.input_hash, run_db_path = excluded.run_db_path, metadata = excluded.metadata,
    created_at = excluded.created_at, expires_at = excluded.expires_at, last_accessed_at = NULL, hit_count = 0,
    size_bytes = excluded.size_bytes`;

const INSERT_AUDIT = `INSERT INTO cache_invalidations (at, actor, cache_key, simulation_id, simulation_name, simulation_version,
    pattern, reason, invalidated_count) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

/** Every statement of the cache, in SQL that runs on both backends except where marked. */
@Injectable()
export class CacheRepository {
  private readonly sql: SqlExecutor;

  constructor(@Inject(SERVICE_DATA_SOURCE) dataSource: DataSource) {
    this.sql = createSqlExecutor(dataSource);
  }

  async store(record: Omit<CacheEntryRecord, 'last_accessed_at' | 'hit_count'>): Promise<void> {
    await this.sql.execute(UPSERT, [
      record.cache_key,
      record.simulation_id,
      record.simulation_name,
      record.simulation_version,
      record.execution_id,
      record.squid_id,
      record.input_hash,
      record.run_db_path,
      record.metadata,
      record.created_at,
      record.expires_at,
      record.size_bytes,
    ]);
  }

  /** Returns the live entry with its hit already counted, or undefined (nothing counted). */
  async hit(cacheKey: string, now: number): Promise<CacheEntryRecord | undefined> {
    if (this.sql.backend === 'postgresql') {
      const [record] = await this.sql.query<CacheEntryRecord>(POSTGRES_HIT, [cacheKey, now]);
      return record;
    }
    return this.sql.transaction(async (tx) => {
      const [record] = await tx.query<CacheEntryRecord>(SQLITE_HIT, [cacheKey, now]);
      if (record) await tx.execute(COUNT, [counterOf(record.simulation_id), 1, 0, 0]);
      return record;
    });
  }

  async countMiss(simulationId: number): Promise<void> {
    await this.sql.execute(COUNT, [simulationId, 0, 1, 0]);
  }

  async isLive(cacheKey: string, now: number): Promise<boolean> {
    const rows = await this.sql.query('SELECT 1 FROM cache_entries WHERE cache_key = $1 AND expires_at > $2', [cacheKey, now]);
    return rows.length > 0;
  }

  /** Removes one live entry, counts it as an invalidation and audits it; false when absent. */
  async removeOne(audit: InvalidationAudit & { cacheKey: string }): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const removed = await tx.query<{ simulation_id: number | null }>(
        'DELETE FROM cache_entries WHERE cache_key = $1 AND expires_at > $2 RETURNING simulation_id',
        [audit.cacheKey, audit.at],
      );
      if (removed.length === 0) return false;
      await tx.execute(COUNT, [counterOf(removed[0].simulation_id), 0, 0, 1]);
      await this.audit(tx, audit, 1);
      return true;
    });
  }

  /** Removes the live entries matching every given selector; counts and audits them. */
  async invalidate(audit: InvalidationAudit & { selectors: EntrySelectors }): Promise<number> {
    return this.sql.transaction(async (tx) => {
      const { where, params } = this.selectorClause(audit.selectors, [audit.at]);
      const removed = await tx.query<{ simulation_id: number | null }>(
        `DELETE FROM cache_entries WHERE expires_at > $1${where} RETURNING simulation_id`,
        params,
      );
      const perSimulation = new Map<number, number>();
      for (const { simulation_id } of removed) {
        const counter = counterOf(simulation_id);
        perSimulation.set(counter, (perSimulation.get(counter) ?? 0) + 1);
      }
      for (const [simulationId, count] of perSimulation) await tx.execute(COUNT, [simulationId, 0, 0, count]);
      await this.audit(tx, audit, removed.length);
      return removed.length;
    });
  }

  async figures(now: number, simulationId?: number): Promise<CacheFigures> {
    const forSimulation = simulationId === undefined ? '' : ` AND ${entryOf('$2', simulationId)}`;
    const counters = simulationId === undefined ? '' : ' WHERE simulation_id = $2';
    const [row] = await this.sql.query<CacheFigures>(
      `SELECT
        (SELECT COUNT(*) FROM cache_entries WHERE expires_at > $1${forSimulation}) AS entries,
        (SELECT CAST(COALESCE(SUM(size_bytes + LENGTH(CAST(hit_count AS TEXT)) - 1), 0) AS BIGINT)
           FROM cache_entries WHERE expires_at > $1${forSimulation}) AS size_bytes,
        (SELECT CAST(COALESCE(SUM(hits), 0) AS BIGINT) FROM cache_counters${counters}) AS hits,
        (SELECT CAST(COALESCE(SUM(misses), 0) AS BIGINT) FROM cache_counters${counters}) AS misses,
        (SELECT CAST(COALESCE(SUM(invalidations), 0) AS BIGINT) FROM cache_counters${counters}) AS invalidations`,
      simulationId === undefined ? [now] : [now, simulationId],
    );
    return row;
  }

  async liveEntries(now: number): Promise<number> {
    const [row] = await this.sql.query<{ count: number }>('SELECT COUNT(*) AS count FROM cache_entries WHERE expires_at > $1', [now]);
    return row.count;
  }

  async list(
    now: number,
    selectors: EntrySelectors,
    limit: number,
    offset: number,
  ): Promise<{ records: CacheEntryRecord[]; total: number }> {
    const { where, params } = this.selectorClause(selectors, [now]);
    const [{ total }] = await this.sql.query<{ total: number }>(
      `SELECT COUNT(*) AS total FROM cache_entries WHERE expires_at > $1${where}`,
      params,
    );
    const page = params.length;
    const records = await this.sql.query<CacheEntryRecord>(
      `SELECT * FROM cache_entries WHERE expires_at > $1${where} ORDER BY created_at DESC, cache_key LIMIT $${page + 1} OFFSET $${page + 2}`,
      [...params, limit, offset],
    );
    return { records, total };
  }

  async listInvalidations(limit: number, offset: number): Promise<{ records: InvalidationRecord[]; total: number }> {
    const [{ total }] = await this.sql.query<{ total: number }>('SELECT COUNT(*) AS total FROM cache_invalidations');
    const records = await this.sql.query<InvalidationRecord>(
      `SELECT at, actor, cache_key, simulation_id, simulation_name, simulation_version, pattern, reason, invalidated_count
       FROM cache_invalidations ORDER BY id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return { records, total };
  }

  /** Deletes expired rows (they are already invisible); returns how many. */
  async purgeExpired(now: number): Promise<number> {
    return this.sql.execute('DELETE FROM cache_entries WHERE expires_at <= $1', [now]);
  }

  private async audit(tx: SqlExecutor, audit: InvalidationAudit, count: number): Promise<void> {
    const selectors = audit.selectors ?? {};
    await tx.execute(INSERT_AUDIT, [
      audit.at,
      audit.actor,
      audit.cacheKey ?? null,
      selectors.simulationId ?? null,
      selectors.simulationName ?? null,
      selectors.simulationVersion ?? null,
      selectors.pattern ?? null,
      audit.reason,
      count,
    ]);
  }

  /** ` AND …` conditions for the given selectors, numbered after the parameters already used. */
  private selectorClause(selectors: EntrySelectors, params: unknown[]): { where: string; params: unknown[] } {
    const all = [...params];
    const conditions: string[] = [];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      all.push(value);
      conditions.push(condition(`$${all.length}`));
    };
    const { simulationId } = selectors;
    if (simulationId !== undefined) add((p) => entryOf(p, simulationId), simulationId);
    if (selectors.simulationName !== undefined) add((p) => `simulation_name = ${p}`, selectors.simulationName);
    if (selectors.simulationVersion !== undefined) add((p) => `simulation_version = ${p}`, selectors.simulationVersion);
    if (selectors.pattern !== undefined) {
      if (this.sql.backend === 'postgresql') add((p) => `cache_key LIKE ${p} ESCAPE '\\'`, globToPostgresLike(selectors.pattern));
      else add((p) => `cache_key GLOB ${p}`, globToSqliteGlob(selectors.pattern));
    }
    return { where: conditions.map((condition) => ` AND ${condition}`).join(''), params: all };
  }
}

/** The condition for entries of the simulation bound at placeholder; no simulation covers 0 and NULL. */
function entryOf(placeholder: string, simulationId: number): string {
  return simulationId === NO_SIMULATION ? `(simulation_id = ${placeholder} OR simulation_id IS NULL)` : `simulation_id = ${placeholder}`;
}
