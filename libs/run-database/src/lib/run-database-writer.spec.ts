import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRunDatabase } from './run-database-writer';

describe('writeRunDatabase', () => {
  const directory = mkdtempSync(join(tmpdir(), 'simsvc-run-database-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('writes the three sim2l tables with JSON-encoded values and metadata', () => {
    const file = writeRunDatabase(join(directory, 'nested', 'run-1.db'), {
      execution_id: 'run-1',
      simulation_name: 'heat-1d',
      simulation_version: '1.0.0',
      inputs: { length: { value: 2.5, units: 'm', metadata: { min: 0, max: 10, description: 'rod length' } }, label: 'copper' },
      outputs: { peak: 41.5, field: { blob: Buffer.alloc(16) } },
    });
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT execution_id, simulation_name, status FROM run_metadata').all()).toEqual([
        { execution_id: 'run-1', simulation_name: 'heat-1d', status: 'completed' },
      ]);
      const length = db.prepare("SELECT type, value, units, metadata FROM inputs WHERE name = 'length'").get() as Record<string, string>;
      expect(length.units).toBe('m');
      expect(JSON.parse(length.value)).toBe(2.5);
      expect(JSON.parse(length.metadata)).toEqual({ min: 0, max: 10, description: 'rod length' });
      const label = db.prepare("SELECT type, value FROM inputs WHERE name = 'label'").get() as Record<string, string>;
      expect(label).toEqual({ type: 'string', value: '"copper"' });
      const field = db.prepare("SELECT value, length(value_blob) AS bytes FROM outputs WHERE name = 'field'").get();
      expect(field).toEqual({ value: null, bytes: 16 });
    } finally {
      db.close();
    }
  });
});
