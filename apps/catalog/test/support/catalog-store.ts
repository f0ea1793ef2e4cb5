import { chmodSync, copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG_STORE, DatabaseConfig, dataSourceOptions, openDataSource, SnapshotReader, StoreDatabase } from '@simsvc/persistence';
import { mediumTierBackend } from '@simsvc/persistence/testing';
import { createTestDatabase, TestBackend } from '@simsvc/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

/** The backend of this medium-tier jest project (`catalog:medium:<backend>`), as a list for `describe.each`. */
export const specBackends = (): TestBackend[] => [mediumTierBackend()];

/** A migrated catalog store of a repository spec, with its StoreDatabase and SnapshotReader. */
export interface CatalogStore {
  backend: TestBackend;
  dataSource: DataSource;
  db: StoreDatabase;
  reader: SnapshotReader;
  close(): Promise<void>;
}

/** The copy of a store at 1769300000000 with data, and the answers the service gave from it then. */
export const STORE_AT_1769300000000 = join(__dirname, '../fixtures/catalog-1769300000000');

/**
 * A catalog store on `backend`, migrated to the current schema: empty, or (`from`) first
 * restored from a copy of an older store (a directory with catalog.sqlite.db and
 * catalog.postgresql.sql, as pg_dump wrote it).
 */
export async function openCatalogStore(backend: TestBackend, from?: string): Promise<CatalogStore> {
  const test = await createTestDatabase('catalog', backend);
  const config: DatabaseConfig =
    backend === 'sqlite' ? { backend, path: join(test.directory, 'catalog.db') } : { backend, path: '', url: test.url };
  if (from) await restore(config, from);
  const dataSource = await openDataSource('catalog', dataSourceOptions(config, CATALOG_STORE));
  const db = new StoreDatabase(dataSource);
  const reader = new SnapshotReader(dataSource, undefined);
  return {
    backend,
    dataSource,
    db,
    reader,
    close: async () => {
      await reader.onModuleDestroy();
      await dataSource.destroy();
      await test.drop();
    },
  };
}

async function restore(config: DatabaseConfig, from: string): Promise<void> {
  if (config.backend === 'sqlite') {
    copyFileSync(join(from, 'catalog.sqlite.db'), config.path);
    chmodSync(config.path, 0o600);
    return;
  }
  // pg_dump's psql meta-commands (\restrict …) are not SQL.
  const dump = readFileSync(join(from, 'catalog.postgresql.sql'), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  const client = new Client({ connectionString: config.url });
  await client.connect();
  try {
    await client.query(dump);
  } finally {
    await client.end();
  }
}
