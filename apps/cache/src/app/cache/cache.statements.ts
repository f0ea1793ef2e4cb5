import { BulkStatement, CacheEntryEntity, NamedStatement } from '@simsvc/persistence';
import { getMetadataArgsStorage } from 'typeorm';
import { NO_SIMULATION } from './entry-selectors';

// The cache's measured hot paths, prepared once: the POSTs of one event-loop turn are one statement
// (one transaction on SQLite), and so are its GETs on PostgreSQL; a SQLite GET is one read, its
// hit or miss counted in memory and written behind (cache.repository.ts). Everything else goes
// through TypeORM (cache.repository.ts). Figures: `npm run bench -- cache` (32 connections, 10,000
// entries, auth on), Node.js 24 on the 2-core machine, README "Performance".

/** Every column of cache_entries under its entity property name, so rows come back as entities. */
export const ENTRY_COLUMNS = getMetadataArgsStorage()
  .filterColumns(CacheEntryEntity)
  .map(({ propertyName, options }) => `${options.name ?? propertyName} AS "${propertyName}"`)
  .join(', ');

/**
 * SQLite GET ($1 key, $2 now): the live entry. Its hit is counted in memory and written behind with
 * ADD_ENTRY_HITS and COUNT_LOOKUP (cache.repository.ts).
 */
export const CACHE_HIT: NamedStatement = {
  name: 'cache_hit',
  sql: `SELECT ${ENTRY_COLUMNS} FROM cache_entries WHERE cache_key = $1 AND expires_at > $2`,
};

/**
 * PostgreSQL GET, for every lookup of one event-loop turn at once (lookup-batches.ts): $1 the keys
 * (one per request, repeats kept), $2 the simulation each request's miss counts against, $3 now.
 * Each live entry's hit_count grows by its requests and the counters by every hit and miss, in one
 * statement: the lookups and their counts commit together, so replicas count exactly at every
 * moment. Rows come back once per live entry with `batchHits`, its requests in this batch.
 *
 * Entries are locked in key order before they change, and the counters in simulation order:
 * every transaction that locks several of either (a batch, an invalidation) takes them in the same
 * order, entries before counters, so two of them never wait on each other in a cycle.
 */
export const CACHE_LOOKUPS: NamedStatement = {
  name: 'cache_lookups',
  sql: `WITH asked AS MATERIALIZED (
    SELECT cache_key, simulation_id FROM unnest($1::text[], $2::integer[]) AS asked (cache_key, simulation_id)
  ), wanted AS MATERIALIZED (
    SELECT cache_key, COUNT(*)::integer AS hits FROM asked GROUP BY cache_key
  ), locked AS MATERIALIZED (
    SELECT entry.cache_key FROM cache_entries entry JOIN wanted ON wanted.cache_key = entry.cache_key
    WHERE entry.expires_at > $3 ORDER BY entry.cache_key FOR UPDATE OF entry
  ), hit AS (
    UPDATE cache_entries entry SET hit_count = entry.hit_count + wanted.hits, last_accessed_at = $3
    FROM wanted JOIN locked ON locked.cache_key = wanted.cache_key
    WHERE entry.cache_key = wanted.cache_key RETURNING entry.*, wanted.hits AS batch_hits
  ), lookups AS (
    SELECT COALESCE(simulation_id, ${NO_SIMULATION}) AS simulation_id, batch_hits AS hits, 0 AS misses FROM hit
    UNION ALL
    SELECT simulation_id, 0, 1 FROM asked WHERE NOT EXISTS (SELECT 1 FROM hit WHERE hit.cache_key = asked.cache_key)
  ), counted AS (
    INSERT INTO cache_counters (simulation_id, hits, misses)
    SELECT simulation_id, SUM(hits), SUM(misses) FROM lookups GROUP BY simulation_id ORDER BY simulation_id
    ON CONFLICT (simulation_id) DO UPDATE SET hits = cache_counters.hits + excluded.hits, misses = cache_counters.misses + excluded.misses
  )
  SELECT ${ENTRY_COLUMNS}, batch_hits AS "batchHits" FROM hit`,
};

/**
 * SQLite: a batch of hits written behind in one statement ($1: JSON array of [key, hits, latest
 * access]); an entry removed since is left alone. One statement instead of one per entry: the
 * batch is thousands of entries every second under load, each a call through the store's queue.
 */
export const ADD_ENTRY_HITS: NamedStatement = {
  name: 'cache_entry_hits',
  sql: `UPDATE cache_entries SET hit_count = hit_count + batch.hits,
    last_accessed_at = MAX(COALESCE(last_accessed_at, 0), batch.accessed_at)
  FROM (SELECT value ->> 0 AS cache_key, value ->> 1 AS hits, value ->> 2 AS accessed_at FROM json_each($1)) AS batch
  WHERE cache_entries.cache_key = batch.cache_key`,
};

/**
 * Adds to a simulation's counters ($1 simulation id, $2 hits, $3 misses, $4 invalidations) in one
 * upsert: the written-behind hits and misses of SQLite; invalidations
 * count through it too, so every count is one atomic addition.
 */
export const COUNT_LOOKUP: NamedStatement = {
  name: 'cache_count',
  sql: `INSERT INTO cache_counters (simulation_id, hits, misses, invalidations) VALUES ($1, $2, $3, $4)
  ON CONFLICT (simulation_id) DO UPDATE SET hits = cache_counters.hits + excluded.hits,
    misses = cache_counters.misses + excluded.misses, invalidations = cache_counters.invalidations + excluded.invalidations`,
};

const ENTRY_UPDATE = `ON CONFLICT (cache_key) DO UPDATE SET simulation_id = excluded.simulation_id, simulation_name = excluded.simulation_name,
    simulation_version = excluded.simulation_version, execution_id = excluded.execution_id, squid_id = excluded.squid_id,
    input_hash = excluded.input_hash, run_db_path = excluded.run_db_path, metadata = excluded.metadata,
    created_at = excluded.created_at, expires_at = excluded.expires_at, last_accessed_at = NULL, hit_count = 0,
    size_bytes = excluded.size_bytes`;

/**
 * POST store: stores or replaces entries (new timestamps, hit_count 0), the POSTs of one
 * event-loop turn at once (cache.repository.ts), each row $1 key, $2–$8 simulation, execution and
 * run fields, $9 metadata, $10 created, $11 expires, $12 size. SQLite: one upsert per row, in one
 * transaction. PostgreSQL: one upsert of all rows, in key order as every batch locks entries
 * (CACHE_LOOKUPS); a batch holds each key once.
 */
export const STORE_ENTRIES: BulkStatement = {
  name: 'cache_store',
  sql: {
    sqlite: `INSERT INTO cache_entries (cache_key, simulation_id, simulation_name, simulation_version, execution_id,
    squid_id, input_hash, run_db_path, metadata, created_at, expires_at, last_accessed_at, hit_count, size_bytes)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL, 0, $12)
  ${ENTRY_UPDATE}`,
    postgresql: `INSERT INTO cache_entries (cache_key, simulation_id, simulation_name, simulation_version, execution_id,
    squid_id, input_hash, run_db_path, metadata, created_at, expires_at, last_accessed_at, hit_count, size_bytes)
  SELECT cache_key, simulation_id, simulation_name, simulation_version, execution_id, squid_id, input_hash, run_db_path,
    metadata, created_at, expires_at, NULL, 0, size_bytes
  FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
    $10::bigint[], $11::bigint[], $12::integer[]) AS stored (cache_key, simulation_id, simulation_name, simulation_version,
    execution_id, squid_id, input_hash, run_db_path, metadata, created_at, expires_at, size_bytes)
  ORDER BY cache_key
  ${ENTRY_UPDATE}`,
  },
};
