import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

export type TestBackend = 'sqlite' | 'postgresql';

/** The backend this jest project runs against (set per project by tools/testing/backend-*.ts). */
export function testBackend(): TestBackend {
  return process.env['SIMSVC_TEST_BACKEND'] === 'postgresql' ? 'postgresql' : 'sqlite';
}

export const postgresAdminUrl = (): string => process.env['SIMSVC_TEST_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty database for one test file: a temp directory, or a new PostgreSQL database. */
export interface TestDatabase {
  backend: TestBackend;
  /** Command-line options pointing a service (and its auth store) at this database. */
  args: string[];
  url?: string;
  directory: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(service: string, backend: TestBackend = testBackend()): Promise<TestDatabase> {
  const directory = mkdtempSync(join(tmpdir(), `simsvc-${service}-`));
  const removeDirectory = () => rmSync(directory, { recursive: true, force: true });
  if (backend === 'sqlite') {
    return {
      backend,
      directory,
      args: ['--backend', 'sqlite', '--db-path', join(directory, `${service}.db`), '--auth-db-path', join(directory, 'auth.db')],
      drop: async () => removeDirectory(),
    };
  }
  const name = `simsvc_test_${service}_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return {
    backend,
    directory,
    url: url.toString(),
    args: ['--backend', 'postgresql', '--db-url', url.toString()],
    drop: async () => {
      removeDirectory();
      await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdminClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
