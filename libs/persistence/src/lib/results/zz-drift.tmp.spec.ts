import { DataSource } from 'typeorm';
import { createTestDatabase } from '@simsvc/testing';
import { dataSourceOptions } from '../database/data-source-options';
import { RESULTS_STORE } from './results.store';

for (const backend of ['sqlite', 'postgresql'] as const) {
  it(`drift ${backend}`, async () => {
    const db = await createTestDatabase('drift', backend);
    const ds = new DataSource(dataSourceOptions({ backend, path: `${db.directory}/r.db`, url: db.url }, RESULTS_STORE));
    await ds.initialize();
    await ds.runMigrations();
    const T: Record<string, string> = { bigint: 'integer', 'double precision': 'real', smallint: 'integer' };
    if (backend === 'sqlite') for (const e of ds.entityMetadatas) for (const c of e.columns) c.type = (T[c.type as string] ?? c.type) as never;
    const log = await ds.driver.createSchemaBuilder().log();
    console.log(backend, JSON.stringify(log.upQueries.map((q) => q.query), null, 1));
    await ds.destroy();
    await db.drop();
  }, 30000);
}
