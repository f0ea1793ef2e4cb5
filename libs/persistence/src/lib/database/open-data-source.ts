import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, DataSourceOptions } from 'typeorm';
import { prepareSqliteStoreFile } from './sqlite-store-file';
import { classifyConnectFailure, describeFailure, StoreStartupError } from './store-startup-error';

export const DEFAULT_STARTUP_TIMEOUT_SECONDS = 30;
const FIRST_RETRY_DELAY_MS = 250;
const LONGEST_RETRY_DELAY_MS = 4000;
const SQLITE_MIGRATION_ATTEMPTS = 5;
const SQLITE_MIGRATION_RETRY_MS = 100;
const logger = new Logger('Database');

/**
 * Opens store `name` and runs its pending migrations. A PostgreSQL server that does not answer is
 * retried with back-off (one log line per retry) until `timeoutSeconds` have passed, as it may
 * still be starting; one that refuses the login or the database, and an SQLite file that cannot
 * be opened, fail at once. Failures are StoreStartupErrors naming the store and the reason.
 * On PostgreSQL the migrations run under an advisory lock, so replicas starting together do not
 * race to create the same tables.
 */
export async function openDataSource(
  name: string,
  options: DataSourceOptions,
  timeoutSeconds = DEFAULT_STARTUP_TIMEOUT_SECONDS,
  ownerOnlyFile = false,
): Promise<DataSource> {
  if (options.type === 'better-sqlite3') {
    const { warning } = prepareSqliteStoreFile(name, options.database, ownerOnlyFile);
    if (warning) logger.warn(warning);
  }
  const dataSource = await connectWithRetry(name, options, timeoutSeconds * 1000);
  try {
    await runMigrations(dataSource);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    // e.g. an SQLite file that is not a database, or a PostgreSQL role without CREATE rights.
    throw new StoreStartupError(`${name} database cannot be migrated (${describeFailure(error, secretOf(options))})`);
  }
  return dataSource;
}

async function connectWithRetry(name: string, options: DataSourceOptions, timeoutMs: number): Promise<DataSource> {
  const secret = secretOf(options);
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1, delay = FIRST_RETRY_DELAY_MS; ; attempt += 1, delay = Math.min(delay * 2, LONGEST_RETRY_DELAY_MS)) {
    try {
      return await new DataSource(options).initialize();
    } catch (error) {
      const reason = describeFailure(error, secret);
      const failure = classifyConnectFailure(error);
      if (options.type === 'better-sqlite3')
        throw new StoreStartupError(`${name} database file ${options.database} cannot be opened (${reason})`);
      if (failure === 'rejected') throw new StoreStartupError(`${name} database refused the connection (${reason})`);
      if (failure === 'broken') throw new StoreStartupError(`${name} database cannot be opened (${reason})`);
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new StoreStartupError(`${name} database unreachable (${reason})`);
      const wait = Math.min(delay, remaining);
      logger.warn(`${name} database unreachable at ${describeTarget(options)} (${reason}); attempt ${attempt}, retrying in ${wait} ms`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** The password in a PostgreSQL URL, masked wherever a driver message might repeat it. */
function secretOf(options: DataSourceOptions): string | undefined {
  if (options.type !== 'postgres' || !options.url) return undefined;
  try {
    return decodeURIComponent(new URL(options.url).password) || undefined;
  } catch {
    return undefined;
  }
}

/** The server and database of a PostgreSQL URL, without its password. */
function describeTarget(options: DataSourceOptions): string {
  if (options.type !== 'postgres' || !options.url) return 'its server';
  try {
    const url = new URL(options.url);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'its server';
  }
}

async function runMigrations(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'postgres') {
    await runSqliteMigrations(dataSource);
    return;
  }
  const lockKey = advisoryLockKey(String(dataSource.options.migrationsTableName));
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [lockKey]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * SQLite has no advisory lock, and services sharing a new file (npm start's auth.db) migrate it at
 * the same moment: one creates the migrations table or applies a migration while another does the
 * same and fails ("table … already exists"). Each migration is one transaction, so the loser
 * changed nothing; it tries again and finds the work done. A migration that is really broken
 * fails every attempt.
 */
async function runSqliteMigrations(dataSource: DataSource): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dataSource.runMigrations({ transaction: 'each' });
      return;
    } catch (error) {
      if (attempt >= SQLITE_MIGRATION_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, SQLITE_MIGRATION_RETRY_MS * attempt));
    }
  }
}

function advisoryLockKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}
