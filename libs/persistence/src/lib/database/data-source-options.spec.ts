import { DataSource } from 'typeorm';
import { dataSourceOptions, StoreDefinition } from './data-source-options';

const PG_ADMIN_URL = process.env['SIMSVC_TEST_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

// Set by jest.config.js: false only on a machine without PostgreSQL (the config then says so).
declare const SIMSVC_PG_AVAILABLE: boolean;

const store = (postgresSettings?: Record<string, string>): StoreDefinition => ({
  name: 'settings_test',
  entities: [],
  migrations: { sqlite: [], postgresql: [] },
  postgresSettings,
});

async function showPlanCacheMode(definition: StoreDefinition): Promise<string> {
  const dataSource = await new DataSource(
    dataSourceOptions({ backend: 'postgresql', path: '', url: PG_ADMIN_URL }, definition),
  ).initialize();
  try {
    const [row] = (await dataSource.query('SHOW plan_cache_mode')) as { plan_cache_mode: string }[];
    return row.plan_cache_mode;
  } finally {
    await dataSource.destroy();
  }
}

describe('PostgreSQL session settings of a store', () => {
  it('are passed to the pool as connection options', () => {
    const options = dataSourceOptions(
      { backend: 'postgresql', path: '', url: PG_ADMIN_URL },
      store({ plan_cache_mode: 'force_generic_plan', jit: 'off' }),
    );
    expect((options as { extra: { options: string } }).extra.options).toBe('-c plan_cache_mode=force_generic_plan -c jit=off');
  });

  // Registered only where PostgreSQL runs (required in CI; jest.config.js says when it is not).
  if (SIMSVC_PG_AVAILABLE) {
    it('are in force in the sessions of its pool', async () => {
      expect(await showPlanCacheMode(store({ plan_cache_mode: 'force_generic_plan' }))).toBe('force_generic_plan');
    });

    it('leave the server default without any', async () => {
      expect(await showPlanCacheMode(store())).toBe('auto');
    });
  }
});

describe('SQLite settings of a store', () => {
  async function pragmas(definition: StoreDefinition): Promise<{ cache_size: number; wal_autocheckpoint: number }> {
    const dataSource = await new DataSource(dataSourceOptions({ backend: 'sqlite', path: ':memory:', url: '' }, definition)).initialize();
    try {
      const [{ cache_size }] = (await dataSource.query('PRAGMA cache_size')) as { cache_size: number }[];
      const [{ wal_autocheckpoint }] = (await dataSource.query('PRAGMA wal_autocheckpoint')) as { wal_autocheckpoint: number }[];
      return { cache_size, wal_autocheckpoint };
    } finally {
      await dataSource.destroy();
    }
  }

  it('set the page cache and the checkpoint interval a store asks for', async () => {
    expect(await pragmas({ ...store(), sqlitePageCacheKib: 2048, sqliteCheckpointPages: 10_000 })).toEqual({
      cache_size: -2048,
      wal_autocheckpoint: 10_000,
    });
  });

  it("leave better-sqlite3's defaults without any", async () => {
    expect(await pragmas(store())).toEqual({ cache_size: -16_000, wal_autocheckpoint: 1000 });
  });
});
