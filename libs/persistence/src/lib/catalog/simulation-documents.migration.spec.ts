import { simulationDocument } from '@simsvc/contracts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DatabaseConfig } from '../database/database-config';
import { dataSourceOptions } from '../database/data-source-options';
import { openDataSource } from '../database/open-data-source';
import { CATALOG_STORE } from './catalog.store';

const PG_ADMIN_URL = process.env['SIMSVC_TEST_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

// Set by jest.config.js: false only on a machine without PostgreSQL (the config then says so).
declare const SIMSVC_PG_AVAILABLE: boolean;

async function withAdmin(work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

type Database = { config: DatabaseConfig; drop: () => Promise<void> };

const databases: [string, () => Promise<Database>][] = [
  [
    'sqlite',
    async () => {
      const directory = mkdtempSync(join(tmpdir(), 'simsvc-documents-'));
      return {
        config: { backend: 'sqlite', path: join(directory, 'catalog.db') },
        drop: async () => rmSync(directory, { recursive: true }),
      };
    },
  ],
  [
    'postgresql',
    async () => {
      const name = `simsvc_test_documents_${randomBytes(4).toString('hex')}`;
      await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      return {
        config: { backend: 'postgresql', path: '', url: url.toString() },
        drop: () => withAdmin((client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`)),
      };
    },
  ],
];

const ROWS = [
  ['heat-1d', '1.0.0', 'Heat in a rod', 'Ada', '["heat"]', '{"x":{"type":"number"}}', '{}'],
  ['wave', '2.0.0', 'Wärme "quoted" \\ text', null, '[]', '{}', '{"y":{"type":"integer","min":0}}'],
] as const;

const PROVENANCE =
  'installation_id, workflow_type, workflow_hash, workflow_bundle, dependencies, metadata, auto_approve, visibility, license';

describe.each(SIMSVC_PG_AVAILABLE ? databases : databases.slice(0, 1))('simulation documents migrations on %s', (backend, create) => {
  it('writes the current document of every simulation registered before them, and keeps executions and their figures', async () => {
    const database = await create();
    try {
      // The catalog as the first migration left it, with simulations in it.
      const first = {
        ...CATALOG_STORE,
        migrations: { sqlite: CATALOG_STORE.migrations.sqlite.slice(0, 1), postgresql: CATALOG_STORE.migrations.postgresql.slice(0, 1) },
      };
      const before = await openDataSource('catalog', dataSourceOptions(database.config, first));
      const p = (n: number) => (backend === 'sqlite' ? '?' : `$${n}`);
      for (const [index, row] of ROWS.entries()) {
        await before.query(
          `INSERT INTO catalog_simulations (name, version, version_sort_key, status, created_at, updated_at, author, description, tags, input_schema, output_schema)
           VALUES (${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(p).join(', ')})`,
          [
            row[0],
            row[1],
            'k',
            'active',
            1_767_312_000_000_000 + index,
            1_767_312_000_500_000 + index,
            row[3],
            row[2],
            row[4],
            row[5],
            row[6],
          ],
        );
      }
      await before.query(
        `INSERT INTO catalog_executions (execution_id, simulation_id, status, duration_micros, created_at, updated_at)
         VALUES (${[1, 2, 3, 4, 5, 6].map(p).join(', ')})`,
        ['run-1', 1, 'completed', 2_500_000, 1_767_312_001_000_000, 1_767_312_001_000_000],
      );
      await before.destroy();

      const after: DataSource = await openDataSource('catalog', dataSourceOptions(database.config, CATALOG_STORE));
      const stored = (await after.query(
        `SELECT id, name, version, status, created_at, updated_at, author, description, tags, input_schema, output_schema, ${PROVENANCE},
           document, document_of FROM catalog_simulations ORDER BY id`,
      )) as Record<string, unknown>[];
      const executions = (await after.query('SELECT execution_id, simulation_id, output_count FROM catalog_executions')) as unknown[];
      const figures = (await after.query(
        'SELECT simulation_id, status, executions, duration_sum FROM catalog_execution_stats',
      )) as unknown[];
      await after.query(
        `INSERT INTO catalog_executions (execution_id, simulation_id, status, created_at, updated_at) VALUES (${[1, 2, 3, 4, 5].map(p).join(', ')})`,
        ['run-unattached', null, 'running', 1, 1],
      );
      const figuresAfterUnattached = (await after.query(
        'SELECT simulation_id, status, executions FROM catalog_execution_stats',
      )) as unknown[];
      await after.destroy();

      expect(executions).toEqual([{ execution_id: 'run-1', simulation_id: 1, output_count: 0 }]);
      expect(figures).toEqual([{ simulation_id: 1, status: 'completed', executions: 1, duration_sum: 2_500_000 }]);
      expect(figuresAfterUnattached).toHaveLength(1);

      expect(stored).toHaveLength(ROWS.length);
      for (const row of stored) {
        const { document, document_of, ...columns } = row;
        expect(Number(document_of)).toBe(Number(columns['updated_at']));
        expect(document).toBe(
          simulationDocument({
            ...(columns as unknown as Parameters<typeof simulationDocument>[0]),
            created_at: Number(columns['created_at']),
            updated_at: Number(columns['updated_at']),
          }),
        );
      }
      expect(JSON.parse(String(stored[1]['document']))).toMatchObject({
        name: 'wave',
        author: null,
        description: 'Wärme "quoted" \\ text',
        installation_id: null,
        dependencies: null,
        auto_approve: false,
      });
    } finally {
      await database.drop();
    }
  });
});
