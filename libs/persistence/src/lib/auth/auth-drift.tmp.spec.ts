import { createTestDatabase } from '@simsvc/testing';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/data-source-options';
import { AUTH_STORE } from './auth.store';

jest.setTimeout(60000);
for (const backend of ['sqlite', 'postgresql'] as const) {
  it(`drift ${backend}`, async () => {
    const db = await createTestDatabase('authdrift', backend);
    const ds = new DataSource(dataSourceOptions({ backend, path: `${db.directory}/auth.db`, url: db.url }, AUTH_STORE));
    await ds.initialize();
    await ds.runMigrations();
    const log = await ds.driver.createSchemaBuilder().log();
    console.log(backend, JSON.stringify(log.upQueries.map((q) => q.query), null, 1));
    await ds.destroy();
    await db.drop();
  });
}
