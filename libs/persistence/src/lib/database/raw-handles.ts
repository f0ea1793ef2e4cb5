import type BetterSqlite3 from 'better-sqlite3';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';

/**
 * The driver handles under a TypeORM data source, for hot paths that want prepared statements
 * in one round trip (TypeORM adds a query-runner round trip per call and refuses RETURNING on
 * better-sqlite3). Everything else goes through TypeORM.
 */
export function sqliteHandle(dataSource: DataSource): BetterSqlite3.Database {
  if (dataSource.options.type !== 'better-sqlite3') throw new Error('not a better-sqlite3 data source');
  return (dataSource.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection;
}

export function postgresPool(dataSource: DataSource): Pool {
  if (dataSource.options.type !== 'postgres') throw new Error('not a postgres data source');
  return (dataSource.driver as unknown as { master: Pool }).master;
}
