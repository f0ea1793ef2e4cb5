import type BetterSqlite3 from 'better-sqlite3';
import { types as pgTypes } from 'pg';
import { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { DatabaseConfig } from './database-config';
import { MigrationSet } from './migration-set';
import { registerSqliteGlob } from './sqlite-glob';

// int8 (counts, microsecond timestamps) as JS numbers: every such value here stays below 2^53.
pgTypes.setTypeParser(pgTypes.builtins.INT8, (value) => Number(value));

/**
 * What a store's migrations make beside the entities' tables and indexes, declared next to the
 * entities: the drift check (schema-drift.spec.ts) compares every migrated store with it.
 */
export interface DerivedSchemaObjects {
  /** `<table>.<trigger>` */
  triggers?: readonly string[];
  /** Virtual tables (SQLite FTS5). */
  virtualTables?: readonly string[];
  /** Functions (PostgreSQL trigger functions). */
  functions?: readonly string[];
  /** `<table>.<index>`: indexes of the entities (synchronize: false) that only the other backend has. */
  absentIndexes?: readonly string[];
}

export interface StoreDefinition {
  /** Name of the TypeORM data source; also names the migrations table. */
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  migrations: MigrationSet;
  /** PostgreSQL settings of every session of the store, sent when it connects (`-c name=value`). */
  postgresSettings?: Readonly<Record<string, string>>;
  /**
   * SQLite: WAL pages written before a commit checkpoints them into the store (SQLite's default:
   * 1,000). A store written in large transactions, each past the default, otherwise checkpoints at
   * every commit and writes its index pages twice each time.
   */
  sqliteCheckpointPages?: number;
  /** SQLite: the page cache of the store's connection, in KiB (better-sqlite3's default: 16,000). */
  sqlitePageCacheKib?: number;
  /** The store holds secrets: an SQLite file open to group or others is tightened to 0600 at start-up, or refused (prepareSqliteStoreFile). */
  ownerOnlyFile?: boolean;
  /** How many worker threads read SQLite for the SnapshotReader on `cores` cores (default: one per core). */
  sqliteReadWorkers?: (cores: number) => number;
  /** Triggers, virtual tables and functions of the migrated store, per backend (default: none). */
  derived?: Readonly<Partial<Record<DatabaseConfig['backend'], DerivedSchemaObjects>>>;
}

/** Pool and timeout settings that make an unreachable PostgreSQL fail fast (503) rather than hang. */
const POSTGRES_POOL = {
  max: 10,
  connectionTimeoutMillis: 3000,
  idleTimeoutMillis: 30000,
  query_timeout: 10000,
};

export function dataSourceOptions(config: DatabaseConfig, store: StoreDefinition): DataSourceOptions {
  const common = {
    entities: store.entities,
    migrations: store.migrations[config.backend],
    migrationsTableName: `simsvc_${store.name}_migrations`,
    synchronize: false,
    migrationsRun: false,
    logging: false,
  } as const;
  if (config.backend === 'postgresql') {
    const settings = Object.entries(store.postgresSettings ?? {}).map(([name, value]) => `-c ${name}=${value}`);
    const extra = settings.length > 0 ? { ...POSTGRES_POOL, options: settings.join(' ') } : POSTGRES_POOL;
    return { ...common, type: 'postgres', url: config.url, extra };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.path,
    enableWAL: true,
    statementCacheSize: 200,
    prepareDatabase: (db: BetterSqlite3.Database) => {
      db.pragma('busy_timeout = 5000');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      if (store.sqliteCheckpointPages !== undefined) db.pragma(`wal_autocheckpoint = ${store.sqliteCheckpointPages}`);
      if (store.sqlitePageCacheKib !== undefined) db.pragma(`cache_size = -${Math.trunc(store.sqlitePageCacheKib)}`);
      registerSqliteGlob(db);
    },
  };
}
