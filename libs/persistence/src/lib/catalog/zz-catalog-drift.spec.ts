import { DataSource } from 'typeorm';
import { dataSourceOptions, CATALOG_STORE } from '../../index';
import { Client } from 'pg';
async function main() {
  const file = `/tmp/k14/drift-${Date.now()}.db`;
  const sqlite = new DataSource(dataSourceOptions({ backend: 'sqlite', path: file } as never, CATALOG_STORE));
  await sqlite.initialize(); await sqlite.runMigrations();
  console.log('SQLITE\n' + (await sqlite.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query).join('\n'));
  await sqlite.destroy();
  const name = `k14drift_${Date.now()}`;
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect(); await admin.query(`CREATE DATABASE ${name}`);
  const pg = new DataSource(dataSourceOptions({ backend: 'postgresql', path: '', url: `postgres://postgres@127.0.0.1:5432/${name}` } as never, CATALOG_STORE));
  await pg.initialize(); await pg.runMigrations();
  console.log('PG\n' + (await pg.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query).join('\n'));
  await pg.destroy(); await admin.query(`DROP DATABASE ${name}`); await admin.end();
}
it("drift", async () => { await main(); }, 60000);
