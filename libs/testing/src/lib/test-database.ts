import { createScratchDatabase, postgresAdminUrl } from '@simsvc/persistence/testing';
import { join } from 'node:path';

export { postgresAdminUrl };

export type TestBackend = 'sqlite' | 'postgresql';

/** The backend this jest project runs against (set per project by tools/testing/backend-*.ts). */
export function testBackend(): TestBackend {
  return process.env['SIMSVC_TEST_BACKEND'] === 'postgresql' ? 'postgresql' : 'sqlite';
}

/** A fresh, empty database for one test file (a scratch database, see createScratchDatabase). */
export interface TestDatabase {
  backend: TestBackend;
  /** Command-line options pointing a service (and its auth store) at this database. */
  args: string[];
  url?: string;
  directory: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(service: string, backend: TestBackend = testBackend()): Promise<TestDatabase> {
  const { config, directory, drop } = await createScratchDatabase(backend, service);
  const args =
    backend === 'sqlite'
      ? ['--backend', 'sqlite', '--db-path', config.path, '--auth-db-path', sqliteAuthStore(directory)]
      : ['--backend', 'postgresql', '--db-url', config.url as string];
  return { backend, directory, url: config.url, args, drop };
}

/** Options that point another service at the auth store of the service started on `database`, as a deployment shares it. */
export function sharedAuthStoreOf(database: TestDatabase): string[] {
  return database.backend === 'postgresql'
    ? ['--auth-db-url', database.url as string]
    : ['--auth-db-path', sqliteAuthStore(database.directory)];
}

const sqliteAuthStore = (directory: string): string => join(directory, 'auth.db');
