import { HttpStatus } from '@nestjs/common';
import { DomainError } from '@simsvc/contracts';
import { statusOfCode } from '@simsvc/platform';
import { makeRunFixture, type RunDatabaseFixture, writeRunDatabase, alterRunDatabase } from '@simsvc/testing';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunDatabaseLimits } from './run-database-limits';
import { RunDatabaseReader } from './run-database.reader';
import { RunDatabaseWorkers, type StatementResult } from './run-database-workers';

/** A schema entry with no metadata: only its type and units. */
const undescribed = (type: string, units: string | null) => ({ type, units, description: null, min: null, max: null, default: null });

describe('RunDatabaseReader', () => {
  const workers = new RunDatabaseWorkers();
  const reader = new RunDatabaseReader({}, workers);
  let dir: string;

  afterAll(() => reader.onModuleDestroy());

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'run-db-reader-'));
  });

  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  const writeRun = (overrides: Partial<RunDatabaseFixture> = {}, name = 'run.db'): string =>
    writeRunDatabase(join(dir, name), makeRunFixture(overrides));

  /** Changes a written run database the way a foreign or broken writer might. */

  /** Reads a run database in dir, the runs root of these specs. */
  const readRunDatabase = (path: string, limits: Partial<RunDatabaseLimits> = {}) => reader.read(dir, path, limits);

  async function expectRefusal(read: () => Promise<unknown>, status: HttpStatus, message: string | RegExp): Promise<void> {
    let error: unknown;
    try {
      await read();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    const domainError = error as DomainError;
    expect(statusOfCode(domainError.code)).toBe(status);
    expect(domainError.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(domainError.message).not.toContain(dir);
  }

  describe('a well-formed run database', () => {
    it('yields the run metadata', async () => {
      const path = writeRun({ execution_id: 'exec-42', squid_id: 'heat-1d/1.0.0/exec-42', simulation_id: 7 });

      expect((await readRunDatabase(path)).run).toEqual({
        execution_id: 'exec-42',
        squid_id: 'heat-1d/1.0.0/exec-42',
        simulation_name: 'heat-1d',
        simulation_version: '1.0.0',
        simulation_id: 7,
        started_at: '2026-01-15T10:00:00.000000',
        completed_at: '2026-01-15T10:00:02.500000',
        duration_seconds: 2.5,
        status: 'completed',
        executor_type: 'local',
      });
    });

    it('yields null for optional run metadata that is absent', async () => {
      const path = writeRun({
        squid_id: null,
        simulation_id: null,
        completed_at: null,
        duration_seconds: null,
        status: 'running',
      });

      expect((await readRunDatabase(path)).run).toMatchObject({
        squid_id: null,
        simulation_id: null,
        completed_at: null,
        duration_seconds: null,
        status: 'running',
      });
    });

    it('decodes values and builds each schema from type, units and metadata', async () => {
      const introspected = await readRunDatabase(writeRun());

      expect(introspected.inputs).toEqual({ length: 2.5, n_points: 100 });
      expect(introspected.outputs).toEqual({ max_temperature: 373.15, mean_temperature: 310.5 });
      expect(introspected.schema.inputs).toEqual({
        length: { type: 'number', units: 'm', description: 'rod length', min: 0.1, max: 10, default: 1 },
        n_points: { type: 'integer', units: null, description: 'grid points', min: 2, max: 10000, default: 50 },
      });
      expect(introspected.schema.outputs).toEqual({
        max_temperature: {
          type: 'number',
          units: 'K',
          description: 'peak temperature',
          min: null,
          max: null,
          default: null,
        },
        mean_temperature: { type: 'number', units: 'K', description: null, min: null, max: null, default: null },
      });
    });

    it('decodes every JSON kind of value, keeping JSON null apart from a missing value', async () => {
      const path = writeRun({
        inputs: {
          label: 'rod A',
          enabled: true,
          grid: [
            [1, 2],
            [3, 4],
          ],
          options: { value: { solver: 'implicit', tolerance: 1e-6 } },
          nothing: null,
          unset: { type: 'number', units: 'm' },
        },
      });

      const introspected = await readRunDatabase(path);

      expect(introspected.inputs).toEqual({
        label: 'rod A',
        enabled: true,
        grid: [
          [1, 2],
          [3, 4],
        ],
        options: { solver: 'implicit', tolerance: 1e-6 },
        nothing: null,
        unset: null,
      });
      expect(introspected.schema.inputs['grid']?.type).toBe('array');
      expect(introspected.schema.inputs['options']?.type).toBe('object');
      expect(introspected.schema.inputs['unset']).toEqual(undescribed('number', 'm'));
    });

    it('records a value_blob alone by its size, without its content', async () => {
      const path = writeRun({
        outputs: {
          field: { type: 'array', units: 'K', blob: Buffer.alloc(1234, 7) },
          // Blobs are never loaded, so even one past the value limit is fine.
          raw: { type: 'bytes', blob: Buffer.alloc(2 * 1024 * 1024) },
        },
      });

      const introspected = await readRunDatabase(path);

      expect(introspected.outputs).toEqual({ field: { blob_bytes: 1234 }, raw: { blob_bytes: 2 * 1024 * 1024 } });
      expect(introspected.schema.outputs['field']).toMatchObject({ type: 'array', units: 'K' });
    });

    it('keeps a value that is not valid JSON as its raw text', async () => {
      const path = writeRun();
      alterRunDatabase(path, `UPDATE inputs SET value = 'not {json' WHERE name = 'length'`);

      expect((await readRunDatabase(path)).inputs['length']).toBe('not {json');
    });

    it('treats malformed or non-object metadata as no metadata', async () => {
      const path = writeRun();
      alterRunDatabase(
        path,
        `UPDATE inputs SET metadata = '{"description": ' WHERE name = 'length';
         UPDATE inputs SET metadata = '[1, 2]' WHERE name = 'n_points';`,
      );

      const { schema } = await readRunDatabase(path);

      expect(schema.inputs['length']).toEqual(undescribed('number', 'm'));
      expect(schema.inputs['n_points']).toEqual(undescribed('integer', null));
    });

    it('keeps a parameter named __proto__ as an ordinary parameter', async () => {
      const introspected = await readRunDatabase(writeRun({ inputs: { ['__proto__']: 3 } }));

      expect(Object.keys(introspected.inputs)).toEqual(['__proto__']);
      expect(Object.getPrototypeOf(introspected.inputs)).toBe(Object.prototype);
    });

    it('ignores other tables and extra columns', async () => {
      const path = writeRun();
      alterRunDatabase(path, `CREATE TABLE logs (line TEXT); ALTER TABLE inputs ADD COLUMN note TEXT;`);

      expect((await readRunDatabase(path)).inputs).toEqual({ length: 2.5, n_points: 100 });
    });

    it('leaves the file untouched and creates no journal beside it', async () => {
      const path = writeRun();
      const before = readFileSync(path);

      await readRunDatabase(path);

      expect(readFileSync(path).equals(before)).toBe(true);
      expect(readdirSync(dir)).toEqual(['run.db']);
    });
  });

  describe('a file that is not a run database', () => {
    it('does not create a file that does not exist', async () => {
      const path = join(dir, 'missing.db');

      await expectRefusal(() => readRunDatabase(path), HttpStatus.NOT_FOUND, 'run database not found');
      expect(existsSync(path)).toBe(false);
    });

    it('refuses a text file as not a SQLite database', async () => {
      const path = join(dir, 'notes.db');
      writeFileSync(path, 'just some text, long enough to fill a header\n');

      await expectRefusal(() => readRunDatabase(path), HttpStatus.UNPROCESSABLE_ENTITY, 'run database is not a SQLite database');
    });

    it('refuses an empty file, which SQLite itself would take for an empty database', async () => {
      const path = join(dir, 'empty.db');
      writeFileSync(path, '');

      await expectRefusal(() => readRunDatabase(path), HttpStatus.UNPROCESSABLE_ENTITY, 'run database is not a SQLite database');
    });

    it('refuses a directory', async () => {
      await expectRefusal(() => readRunDatabase(dir), HttpStatus.UNPROCESSABLE_ENTITY, 'run database is not a regular file');
    });

    it('refuses a truncated database with 422', async () => {
      const path = writeRun({ inputs: manyNumbers(3000) });
      truncateSync(path, 3 * 4096);

      await expectRefusal(() => readRunDatabase(path), HttpStatus.UNPROCESSABLE_ENTITY, 'run database is corrupt');
    });

    it('refuses a database with garbage in its pages with 422', async () => {
      const path = writeRun({ inputs: manyNumbers(3000) });
      const bytes = readFileSync(path);
      bytes.fill(0xa5, 100, bytes.length);
      writeFileSync(path, bytes);

      await expectRefusal(() => readRunDatabase(path), HttpStatus.UNPROCESSABLE_ENTITY, 'run database is corrupt');
    });

    // Each: an alteration of a well-formed run database, and the 422 message that names it.
    it.each([
      ['names a missing table', 'DROP TABLE outputs', 'run database has no table outputs'],
      ['names a missing column', 'ALTER TABLE inputs RENAME COLUMN name TO label', 'table inputs lacks column name'],
      [
        'refuses a view standing in for a table',
        'DROP TABLE outputs; CREATE VIEW outputs AS SELECT *, NULL AS file_reference, NULL AS created_at FROM inputs',
        'run database object outputs is a view, not a table',
      ],
      ['refuses a database without a run_metadata row', 'DELETE FROM run_metadata', 'run database has no run_metadata row'],
      [
        'refuses a database with two run_metadata rows',
        `INSERT INTO run_metadata SELECT 'other', squid_id, simulation_name, simulation_version, simulation_id,
        started_at, completed_at, duration_seconds, status, executor_type, hostname, error_message FROM run_metadata`,
        'run database has 2 run_metadata rows; exactly one is expected',
      ],
    ])('%s', async (_title, alteration, message) => {
      const path = writeRun();
      alterRunDatabase(path, alteration);

      await expectRefusal(() => readRunDatabase(path), HttpStatus.UNPROCESSABLE_ENTITY, message);
    });
  });

  describe('bounds', () => {
    it('refuses more parameters than the limit with 413', async () => {
      const path = writeRun({ outputs: manyNumbers(4) });

      await expectRefusal(
        () => readRunDatabase(path, { maxParameters: 3 }),
        HttpStatus.PAYLOAD_TOO_LARGE,
        'table outputs has 4 rows; at most 3 parameters are accepted',
      );
    });

    it('refuses more than 10,000 parameters by default', async () => {
      const path = writeRun({ inputs: manyNumbers(10_001) });

      await expectRefusal(() => readRunDatabase(path), HttpStatus.PAYLOAD_TOO_LARGE, /^table inputs has 10001 rows/);
    });

    it('refuses a 2 MB value, naming it, before loading it', async () => {
      const path = writeRun({ inputs: { huge: 'x'.repeat(2 * 1024 * 1024), small: 1 } });
      const fetchedColumns = spyOnFetchedColumns(workers);

      await expectRefusal(() => readRunDatabase(path), HttpStatus.PAYLOAD_TOO_LARGE, 'the value of input huge exceeds 1048576 bytes');
      expect(fetchedColumns()).toContain('largest');
      expect(fetchedColumns()).not.toContain('value');
    });

    it('refuses oversized metadata', async () => {
      const path = writeRun({
        outputs: { temp: { value: 1, metadata: { description: 'd'.repeat(2048) } } },
      });

      await expectRefusal(
        () => readRunDatabase(path, { maxValueBytes: 1024 }),
        HttpStatus.PAYLOAD_TOO_LARGE,
        'the metadata of output temp exceeds 1024 bytes',
      );
    });

    it('counts bytes, not characters', async () => {
      const path = writeRun({ inputs: { greek: 'λ'.repeat(600) } });

      await expectRefusal(() => readRunDatabase(path, { maxValueBytes: 1000 }), HttpStatus.PAYLOAD_TOO_LARGE, /exceeds 1000 bytes$/);
    });

    it('refuses oversized run metadata', async () => {
      const path = writeRun({ squid_id: 's'.repeat(5000) });

      await expectRefusal(
        () => readRunDatabase(path, { maxValueBytes: 4096 }),
        HttpStatus.PAYLOAD_TOO_LARGE,
        'run_metadata.squid_id exceeds 4096 bytes',
      );
    });

    it('refuses values that add up past the total limit', async () => {
      const path = writeRun({ inputs: { a: 'a'.repeat(600), b: 'b'.repeat(600) } });

      await expectRefusal(
        () => readRunDatabase(path, { maxValueBytes: 1000, maxTotalBytes: 1000 }),
        HttpStatus.PAYLOAD_TOO_LARGE,
        /^run database holds \d+ bytes of parameter data; at most 1000 are accepted$/,
      );
    });

    it('refuses a value nested too deeply to serialise', async () => {
      const path = writeRun();
      alterRunDatabase(path, `UPDATE outputs SET value = '${'['.repeat(100)}${']'.repeat(100)}' WHERE name = 'max_temperature'`);

      await expectRefusal(
        () => readRunDatabase(path),
        HttpStatus.UNPROCESSABLE_ENTITY,
        'value of output max_temperature is nested more than 64 levels deep',
      );
    });
  });
});

function manyNumbers(count: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, i]));
}

/**
 * Records the result columns of every statement the reader runs, so that a spec can tell
 * whether a column's content was ever fetched (as opposed to measured in SQL).
 */
function spyOnFetchedColumns(workers: RunDatabaseWorkers): () => string[] {
  const columns: string[] = [];
  const withDatabase = workers.withDatabase.bind(workers);
  jest.spyOn(workers, 'withDatabase').mockImplementation((path, deadlineMs, work) =>
    withDatabase(path, deadlineMs, (db) =>
      work({
        batch: async (statements) => {
          const results = await db.batch(statements);
          for (const result of results as StatementResult<unknown>[]) columns.push(...result.columns);
          return results;
        },
        all: async (sql, params) => {
          const result = await db.all<never>(sql, params);
          columns.push(...result.columns);
          return result;
        },
      }),
    ),
  );
  return () => columns;
}
