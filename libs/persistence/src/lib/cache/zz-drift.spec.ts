import { DataSource } from 'typeorm';
import { dataSourceOptions, CACHE_STORE } from '../../index';
import { Client } from 'pg';
async function main() {
  const file = `/tmp/c14/drift-${Date.now()}.db`;
  const sqlite = new DataSource(dataSourceOptions({ backend: 'sqlite', path: file }, CACHE_STORE));
  await sqlite.initialize(); await sqlite.runMigrations();
  const log = await sqlite.driver.createSchemaBuilder().log(); require('fs').writeFileSync('/tmp/c14/sqlite-log.json', JSON.stringify({up: log.upQueries, down: log.downQueries}, null, 1)); console.log('SQLITE', log.upQueries.length); await sqlite.query("INSERT INTO cache_invalidations (at, actor, invalidated_count) VALUES (1,'a',1)"); await sqlite.undoLastMigration(); console.log('DOWN', await sqlite.query("SELECT sql FROM sqlite_master WHERE name='cache_invalidations'"), await sqlite.query('SELECT * FROM sqlite_sequence')); await sqlite.runMigrations(); console.log('AGAIN', (await sqlite.driver.createSchemaBuilder().log()).upQueries.length, await sqlite.query('SELECT * FROM sqlite_sequence'));
  await sqlite.destroy();
  const name = `c14drift_${Date.now()}`;
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect(); await admin.query(`CREATE DATABASE ${name}`);
  const pg = new DataSource(dataSourceOptions({ backend: 'postgresql', path: '', url: `postgres://postgres@127.0.0.1:5432/${name}` }, CACHE_STORE));
  await pg.initialize(); await pg.runMigrations();
  console.log('PG', (await pg.driver.createSchemaBuilder().log()).upQueries.map((q) => q.query));
  await pg.destroy(); await admin.query(`DROP DATABASE ${name}`); await admin.end();
}
it("drift", async () => { await main(); }, 60000);
