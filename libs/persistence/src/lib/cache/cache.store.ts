import { StoreDefinition } from '../database/data-source-options';
import { CacheCounterEntity, CacheEntryEntity, CacheInvalidationEntity } from './cache.entities';
import {
  CreateCacheTablesPostgres1732200000000,
  CreateCacheTablesSqlite1732200000000,
} from './migrations/1732200000000-create-cache-tables';

export const CACHE_STORE: StoreDefinition = {
  name: 'cache',
  entities: [CacheEntryEntity, CacheCounterEntity, CacheInvalidationEntity],
  migrations: {
    sqlite: [CreateCacheTablesSqlite1732200000000],
    postgresql: [CreateCacheTablesPostgres1732200000000],
  },
};
