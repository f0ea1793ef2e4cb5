import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Backend, DatabaseConfig } from '../lib/database/database-config';

const PG_ADMIN_URL = process.env['SIMSVC_TEST_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** An empty database for one spec of this library: a file in a temp directory, or a new PostgreSQL database. */
export interface ScratchDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

export async function createScratchDatabase(backend: Backend): Promise<ScratchDatabase> {
  if (backend === 'sqlite') {
    const directory = mkdtempSync(join(tmpdir(), 'simsvc-persistence-'));
    return {
      config: { backend, path: join(directory, 'store.db') },
      drop: async () => rmSync(directory, { recursive: true, force: true }),
    };
  }
  const name = `simsvc_test_persistence_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    config: { backend, path: '', url: url.toString() },
    drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
