import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, DataSourceOptions } from 'typeorm';

const STARTUP_DEADLINE_MS = 30_000;
const logger = new Logger('Database');

/**
 * Connects (retrying with back-off for up to 30 s, as a database may still be starting) and runs
 * pending migrations. On PostgreSQL the migrations run under an advisory lock, so replicas
 * starting together do not race to create the same tables.
 */
export async function openDataSource(name: string, options: DataSourceOptions, deadlineMs = STARTUP_DEADLINE_MS): Promise<DataSource> {
  const dataSource = await connectWithRetry(name, options, deadlineMs);
  try {
    await runMigrations(dataSource);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}

async function connectWithRetry(name: string, options: DataSourceOptions, deadlineMs: number): Promise<DataSource> {
  const deadline = Date.now() + deadlineMs;
  for (let delay = 250; ; delay = Math.min(delay * 2, 4000)) {
    const dataSource = new DataSource(options);
    try {
      return await dataSource.initialize();
    } catch (error) {
      if (Date.now() + delay > deadline) throw error;
      logger.warn(`database ${name} not reachable (${(error as Error).message}); retrying in ${delay} ms`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function runMigrations(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'postgres') {
    await dataSource.runMigrations({ transaction: 'each' });
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

function advisoryLockKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}
