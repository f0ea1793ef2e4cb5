import { StoreDefinition } from '../database/data-source-options';
import { CACHE_DERIVED_OBJECTS, CacheCounterEntity, CacheEntryEntity, CacheInvalidationEntity } from './cache.entities';
import {
  CreateCacheTablesPostgres1732200000000,
  CreateCacheTablesSqlite1732200000000,
} from './migrations/1732200000000-create-cache-tables';
import {
  EntriesWithoutSimulationPostgres1767600000000,
  EntriesWithoutSimulationSqlite1767600000000,
} from './migrations/1767600000000-entries-without-simulation';
import { BigintColumnsSqlite1795559494000 } from './migrations/1795559494000-bigint-columns';
import { KeyPatternIndexPostgres1769100000000 } from './migrations/1769100000000-key-pattern-index';

export const CACHE_STORE: StoreDefinition = {
  name: 'cache',
  entities: [CacheEntryEntity, CacheCounterEntity, CacheInvalidationEntity],
  derived: CACHE_DERIVED_OBJECTS,
  migrations: {
    sqlite: [CreateCacheTablesSqlite1732200000000, EntriesWithoutSimulationSqlite1767600000000, BigintColumnsSqlite1795559494000],
    postgresql: [
      CreateCacheTablesPostgres1732200000000,
      EntriesWithoutSimulationPostgres1767600000000,
      KeyPatternIndexPostgres1769100000000,
    ],
  },
  // Entry listings (key patterns) read in workers; one core stays with the main thread, which
  // answers GET /cache/{key} and /health however many listings are queued
  // (docs/benchmarks/2026-11-26-cache-pattern.md).
  sqliteReadWorkers: (cores) => Math.max(1, cores - 1),
  // A GET hit reads an entry once and then answers from the repository's copies (entry-copies.ts):
  // a page cache past 2 MiB held pages never read again, ~17 MB of the service's RSS after
  // `npm run bench -- cache` at no CPU saved (docs/benchmarks/2026-11-28-request-path-6.md).
  sqlitePageCacheKib: 2048,
};
