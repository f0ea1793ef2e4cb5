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

/** The objects of a store the entities and StoreDefinition.derived do not leave to TypeORM's generator. */
interface SchemaObjects {
  /** `<table>.<index>`: every index but primary keys (and SQLite's automatic ones, which back a UNIQUE constraint). */
  indexes: string[];
  /** `<table>.<trigger>` */
  triggers: string[];
  virtualTables: string[];
  functions: string[];
}

/** The live schema of a migrated store. */
async function liveObjects(dataSource: DataSource, backend: Backend): Promise<SchemaObjects> {
  const names = async (sql: string) => ((await dataSource.query(sql)) as { name: string }[]).map((row) => row.name).sort();
  if (backend === 'sqlite') {
    return {
      indexes: await names(
        `SELECT tbl_name || '.' || name AS name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex_%'`,
      ),
      triggers: await names(`SELECT tbl_name || '.' || name AS name FROM sqlite_master WHERE type = 'trigger'`),
      virtualTables: await names(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`),
      functions: [],
    };
  }
  return {
    indexes: await names(`SELECT t.relname || '.' || i.relname AS name FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relnamespace = current_schema()::regnamespace AND NOT x.indisprimary`),
    triggers: await names(`SELECT t.relname || '.' || g.tgname AS name FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid
      WHERE t.relnamespace = current_schema()::regnamespace AND NOT g.tgisinternal`),
    virtualTables: [],
    // Functions of extensions (pg_trgm's) are the extension's, not the store's.
    functions: await names(`SELECT p.proname AS name FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`),
  };
}

/**
 * The declared schema: the entities' indexes (synchronize: false ones included, but for those of
 * the other backend) and, on PostgreSQL, the indexes of their UNIQUE constraints; the store's
 * derived objects.
 */
function declaredObjects(dataSource: DataSource, store: StoreDefinition, backend: Backend): SchemaObjects {
  const derived = store.derived?.[backend];
  const indexes = dataSource.entityMetadatas.flatMap((entity) => [
    ...entity.indices.map((index) => `${entity.tableName}.${index.name}`),
    ...(backend === 'postgresql' ? entity.uniques.map((unique) => `${entity.tableName}.${unique.name}`) : []),
  ]);
  return {
    indexes: indexes.filter((index) => !derived?.absentIndexes?.includes(index)).sort(),
    triggers: [...(derived?.triggers ?? [])].sort(),
    virtualTables: [...(derived?.virtualTables ?? [])].sort(),
    functions: [...(derived?.functions ?? [])].sort(),
  };
}

async function withMigratedStore(
  backend: Backend,
  store: StoreDefinition,
  check: (dataSource: DataSource) => Promise<void>,
): Promise<void> {
  const scratch: ScratchDatabase = await createScratchDatabase(backend);
  const dataSource = new DataSource(dataSourceOptions(scratch.config, store));
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    await check(dataSource);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await scratch.drop();
  }
}

/**
 * The entities are the schema: after the released migrations, TypeORM's schema builder (what
 * `migration:generate` runs) finds nothing to change, and what it cannot see (indexes it does
 * not synchronize, triggers, virtual tables, functions) is exactly what the entities and the
 * store declare. A failure lists the statements a new migration would need, or the difference.
 */
describe.each(backends)('entities against the migrated schema on %s', (backend) => {
  it.each(stores.map((store) => [store.name, store] as const))('%s: a generated migration would be empty', (_name, store) =>
    withMigratedStore(backend, store, async (dataSource) => {
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
    }),
  );

  it.each(stores.map((store) => [store.name, store] as const))(
    '%s: every index, trigger, virtual table and function is declared, and every declared one is there',
    (_name, store) =>
      withMigratedStore(backend, store, async (dataSource) => {
        expect(await liveObjects(dataSource, backend)).toEqual(declaredObjects(dataSource, store, backend));
      }),
  );
});
