import { DataSource } from 'typeorm';
import { createScratchDatabase, ScratchDatabase } from '../../testing/scratch-database';
import { AUTH_STORE } from '../auth/auth.store';
import { CACHE_STORE } from '../cache/cache.store';
import { CATALOG_STORE } from '../catalog/catalog.store';
import { RESULTS_STORE } from '../results/results.store';
import { Backend } from './database-config';
import { dataSourceOptions, StoreDefinition } from './data-source-options';

// Set by jest.config.js: false only on a machine without PostgreSQL (the config then says so).
declare const SIMSVC_PG_AVAILABLE: boolean;

const backends: Backend[] = SIMSVC_PG_AVAILABLE ? ['sqlite', 'postgresql'] : ['sqlite'];
const stores: StoreDefinition[] = [AUTH_STORE, CACHE_STORE, CATALOG_STORE, RESULTS_STORE];

/**
 * The entities are the schema: after the released migrations, TypeORM's schema builder (what
 * `migration:generate` runs) finds nothing to change. A failure lists the statements a new
 * migration would need.
 */
describe.each(backends)('entities against the migrated schema on %s', (backend) => {
  it.each(stores.map((store) => [store.name, store] as const))('%s: a generated migration would be empty', async (_name, store) => {
    const scratch: ScratchDatabase = await createScratchDatabase(backend);
    const dataSource = new DataSource(dataSourceOptions(scratch.config, store));
    try {
      await dataSource.initialize();
      await dataSource.runMigrations({ transaction: 'each' });
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
      await scratch.drop();
    }
  });
});
