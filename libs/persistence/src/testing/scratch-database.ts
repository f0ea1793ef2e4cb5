import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Backend, DatabaseConfig } from '../lib/database/database-config';

/** The PostgreSQL server tests create their databases on (trust authentication). */
export const postgresAdminUrl = (): string => process.env['SIMSVC_TEST_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/**
 * An empty database for one test file, and a temp directory for it: on SQLite the database is
 * `<directory>/<purpose>.db`, on PostgreSQL a new database on postgresAdminUrl(). `drop` removes
 * both. The one scratch-database helper: this library's specs use it directly, the services'
 * tests through createTestDatabase (libs/testing).
 */
export interface ScratchDatabase {
  backend: Backend;
  config: DatabaseConfig;
  directory: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(backend: Backend, purpose = 'persistence'): Promise<ScratchDatabase> {
  const directory = mkdtempSync(join(tmpdir(), `simsvc-${purpose}-`));
  const removeDirectory = () => rmSync(directory, { recursive: true, force: true });
  if (backend === 'sqlite') {
    return { backend, directory, config: { backend, path: join(directory, `${purpose}.db`) }, drop: async () => removeDirectory() };
  }
  const name = `simsvc_test_${purpose}_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return {
    backend,
    directory,
    config: { backend, path: '', url: url.toString() },
    drop: async () => {
      removeDirectory();
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
