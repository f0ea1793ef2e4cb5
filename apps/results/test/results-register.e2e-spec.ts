import { makeRunFixture, writeRunDatabase, alterRunDatabase } from '@simsvc/testing';
import Database from 'better-sqlite3';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectError, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(60_000);

// POST /register (contract §6): a finished run is introspected from its run database, read-only
// and only below the runs root; what the database holds wins over the body.
describe('POST /register', () => {
  const results = useResultsService();

  beforeAll(async () => {
    mkdirSync(results.outside, { recursive: true });
  });

  /** Refused with status and message, and the store is exactly as before. */
  async function expectRefused(body: Record<string, unknown>, status: number, message: string | RegExp): Promise<Record<string, unknown>> {
    const before = await results.snapshot(['heat-1d', 'other-sim']);
    const error = expectError(await results.register(body), status, message);
    expect(await results.snapshot(['heat-1d', 'other-sim'])).toEqual(before);
    if (typeof body['execution_id'] === 'string') {
      expect((await results.get(`/results/${body['execution_id']}`)).status).not.toBe(200);
    }
    return error;
  }

  describe('a valid run database', () => {
    it('stores what the database holds: run metadata, values and schemas, with the body metadata', async () => {
      const run = results.writeRun({ execution_id: 'reg-full', simulation_id: 7 });

      const response = await results.register({ execution_id: 'reg-full', metadata: { user: 'alice', tags: ['a'] } });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        result_id: expect.any(Number),
        execution_id: 'reg-full',
        input_count: 2,
        output_count: 2,
        schema_id: expect.any(Number),
      });
      const stored = await results.get('/results/reg-full');
      expect(stored.status).toBe(200);
      expect(stored.body).toEqual({
        id: response.body.result_id,
        execution_id: 'reg-full',
        simulation_name: 'heat-1d',
        simulation_version: '1.0.0',
        squid_id: run.squid_id,
        status: 'completed',
        duration_seconds: 2.5,
        input_params: { length: 2.5, n_points: 100 },
        output_params: { max_temperature: 373.15, mean_temperature: 310.5 },
        schema: {
          inputs: {
            length: { type: 'number', units: 'm', description: 'rod length', min: 0.1, max: 10, default: 1 },
            n_points: { type: 'integer', units: null, description: 'grid points', min: 2, max: 10000, default: 50 },
          },
          outputs: {
            max_temperature: { type: 'number', units: 'K', description: 'peak temperature', min: null, max: null, default: null },
            mean_temperature: { type: 'number', units: 'K', description: null, min: null, max: null, default: null },
          },
        },
        run_db_path: 'reg-full.db',
        metadata: { user: 'alice', tags: ['a'] },
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/),
        completed_at: '2026-01-15T10:00:02.500000',
        schema_id: response.body.schema_id,
      });
    });

    it('lets the database win over the body, and uses the body squid_id only when the database has none', async () => {
      results.writeRun({ execution_id: 'reg-squid-db', squid_id: 'from/database' });
      results.writeRun({ execution_id: 'reg-squid-body', squid_id: null });

      await results.register({ execution_id: 'reg-squid-db', squid_id: 'from/body' }).then((r) => expect(r.status).toBe(200));
      await results.register({ execution_id: 'reg-squid-body', squid_id: 'from/body' }).then((r) => expect(r.status).toBe(200));

      expect((await results.get('/results/reg-squid-db')).body.squid_id).toBe('from/database');
      expect((await results.get('/results/reg-squid-body')).body.squid_id).toBe('from/body');
    });

    it('stores null metadata when the body has none, and reads an unfinished run', async () => {
      results.writeRun({ execution_id: 'reg-running', status: 'running', completed_at: null, duration_seconds: null });

      await results.register({ execution_id: 'reg-running', metadata: null }).then((r) => expect(r.status).toBe(200));

      expect((await results.get('/results/reg-running')).body).toMatchObject({
        status: 'running',
        completed_at: null,
        duration_seconds: null,
        metadata: null,
      });
    });

    it('reads run_db_path relative to the runs root, through symlinks that stay inside it', async () => {
      results.writeRun({ execution_id: 'reg-nested' }, 'project/2026/nested.db');
      symlinkSync(join(results.runsRoot, 'project/2026/nested.db'), join(results.runsRoot, 'link-to-nested.db'));
      results.writeRun({ execution_id: 'reg-absolute' }, 'absolute.db');

      await results.register({ execution_id: 'reg-nested', run_db_path: 'project/2026/nested.db' }).then((r) => expect(r.status).toBe(200));
      await results
        .register({ execution_id: 'reg-absolute', run_db_path: join(results.runsRoot, 'absolute.db') })
        .then((r) => expect(r.status).toBe(200));

      expect((await results.get('/results/reg-nested')).body.run_db_path).toBe('project/2026/nested.db');
      expect((await results.get('/results/reg-absolute')).body.run_db_path).toBe('absolute.db');
      await results.delete('/results/reg-nested');
      await results.register({ execution_id: 'reg-nested', run_db_path: 'link-to-nested.db' }).then((r) => expect(r.status).toBe(200));
      expect((await results.get('/results/reg-nested')).body.run_db_path).toBe('project/2026/nested.db');
    });

    it('records every JSON type of value, a blob by its size, and makes it searchable', async () => {
      results.writeRun({
        execution_id: 'reg-types',
        simulation_name: 'other-sim',
        inputs: { flag: true, label: 'x', grid: { value: [1, 2, 3] }, nothing: null, options: { value: { b: 2, a: 1 } } },
        outputs: { field: { type: 'array', blob: Buffer.alloc(1234) }, peak: 3 },
      });

      await results.register({ execution_id: 'reg-types' }).then((r) => expect(r.status).toBe(200));

      expect((await results.get('/results/reg-types')).body).toMatchObject({
        input_params: { flag: true, label: 'x', grid: [1, 2, 3], nothing: null, options: { b: 2, a: 1 } },
        output_params: { field: { blob_bytes: 1234 }, peak: 3 },
      });
      expect(await results.matches('other-sim', { input_filters: { options: { a: 1, b: 2 }, flag: true, nothing: null } })).toEqual([
        'reg-types',
      ]);
    });
  });

  describe('a path outside the runs root: 403, checked before existence', () => {
    beforeAll(() => {
      writeRunDatabase(join(results.outside, 'secret.db'), makeRunFixture({ execution_id: 'reg-outside' }));
      symlinkSync(join(results.outside, 'secret.db'), join(results.runsRoot, 'escape.db'));
      symlinkSync(results.outside, join(results.runsRoot, 'escape-dir'));
      symlinkSync(join(results.outside, 'missing.db'), join(results.runsRoot, 'dangling.db'));
    });

    it.each([
      ['../ out of the root', '../outside/secret.db'],
      ['../ to a file that does not exist', '../outside/missing.db'],
      ['an absolute path elsewhere', '/etc/passwd'],
      ['an absolute path that does not exist', '/nonexistent/run.db'],
      ['a symlink out of the root', 'escape.db'],
      ['a path through a symlinked directory', 'escape-dir/secret.db'],
      ['a dangling symlink pointing out', 'dangling.db'],
      ['.. after a real directory', 'project/../../outside/secret.db'],
    ])('refuses %s', async (_name, runDbPath) => {
      await expectRefused({ execution_id: 'reg-outside', run_db_path: runDbPath }, 403, 'run_db_path is outside the runs root');
    });

    it('refuses the default path when <execution_id>.db is a symlink out of the root', async () => {
      symlinkSync(join(results.outside, 'secret.db'), join(results.runsRoot, 'reg-outside.db'));
      await expectRefused({ execution_id: 'reg-outside' }, 403, 'run_db_path is outside the runs root');
    });
  });

  describe('a file that is missing or not a run database', () => {
    it('answers 404 when the file does not exist', async () => {
      await expectRefused({ execution_id: 'reg-missing' }, 404, 'run database not found');
      await expectRefused({ execution_id: 'reg-missing', run_db_path: 'no/such/dir/run.db' }, 404, 'run database not found');
    });

    it('answers 422 for a file that is not a SQLite database', async () => {
      writeFileSync(join(results.runsRoot, 'reg-text.db'), 'just some text, long enough to fill a header\n');
      await expectRefused({ execution_id: 'reg-text' }, 422, 'run database is not a SQLite database');
    });

    it('answers 422 for a directory', async () => {
      mkdirSync(join(results.runsRoot, 'reg-dir.db'));
      await expectRefused({ execution_id: 'reg-dir' }, 422, 'run database is not a regular file');
    });

    it('answers 422 naming a missing table or column', async () => {
      const noOutputs = results.writeRun({ execution_id: 'reg-no-outputs' });
      alterRunDatabase(join(results.runsRoot, `${noOutputs.execution_id}.db`), 'DROP TABLE outputs');
      await expectRefused({ execution_id: 'reg-no-outputs' }, 422, 'run database has no table outputs');

      results.writeRun({ execution_id: 'reg-no-column' });
      alterRunDatabase(join(results.runsRoot, 'reg-no-column.db'), 'ALTER TABLE inputs RENAME COLUMN name TO label');
      await expectRefused({ execution_id: 'reg-no-column' }, 422, 'table inputs lacks column name');
    });

    it('answers 422 for an SQLite database of something else', async () => {
      const db = new Database(join(results.runsRoot, 'reg-foreign.db'));
      db.exec('CREATE TABLE notes (line TEXT)');
      db.close();
      await expectRefused({ execution_id: 'reg-foreign' }, 422, 'run database has no table run_metadata');
    });

    it('answers 422 when the database belongs to another execution', async () => {
      results.writeRun({ execution_id: 'someone-else' }, 'reg-mismatch.db');
      await expectRefused(
        { execution_id: 'reg-mismatch' },
        422,
        'execution_id in the run database (someone-else) differs from the request (reg-mismatch)',
      );
      await expectRefused(
        { execution_id: 'reg-mismatch-2', run_db_path: 'reg-mismatch.db' },
        422,
        /differs from the request \(reg-mismatch-2\)$/,
      );
    });

    it('answers 422 for a database without run metadata', async () => {
      results.writeRun({ execution_id: 'reg-no-metadata' });
      alterRunDatabase(join(results.runsRoot, 'reg-no-metadata.db'), 'DELETE FROM run_metadata');
      await expectRefused({ execution_id: 'reg-no-metadata' }, 422, 'run database has no run_metadata row');
    });

    it('answers 422 for names the store cannot keep', async () => {
      results.writeRun({ execution_id: 'reg-long-name', simulation_name: 's'.repeat(257) });
      await expectRefused({ execution_id: 'reg-long-name' }, 422, 'run_metadata.simulation_name must be 1 to 256 characters');
      results.writeRun({ execution_id: 'reg-long-param', inputs: { ['p'.repeat(300)]: 1 } });
      await expectRefused({ execution_id: 'reg-long-param' }, 422, /^input name p{64}… is longer than 256 characters$/);
    });

    it('answers 413 for a run database holding more than the service loads', async () => {
      const inputs = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`p${i}`, i]));
      results.writeRun({ execution_id: 'reg-huge', inputs });
      await expectRefused({ execution_id: 'reg-huge' }, 413, 'table inputs has 10001 rows; at most 10000 parameters are accepted');
    });
  });

  describe('a malformed body: 400, nothing stored', () => {
    it.each([
      ['no execution_id', {}, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$'],
      ['a numeric execution_id', { execution_id: 42 }, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$'],
      ['an execution_id with a slash', { execution_id: '../etc' }, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$'],
      ['an execution_id starting with a dot', { execution_id: '.hidden' }, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$'],
      ['a 129-character execution_id', { execution_id: 'e'.repeat(129) }, 'execution_id must match ^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$'],
      ['a numeric run_db_path', { execution_id: 'reg-bad', run_db_path: 5 }, 'run_db_path must be a string of 1 to 4096 characters'],
      [
        'a run_db_path with NUL',
        { execution_id: 'reg-bad', run_db_path: 'a\u0000b' },
        'run_db_path must not contain U+0000 or unpaired surrogates',
      ],
      ['a numeric squid_id', { execution_id: 'reg-bad', squid_id: 1 }, 'squid_id must be a string of 1 to 1024 characters'],
      ['array metadata', { execution_id: 'reg-bad', metadata: [1] }, 'metadata must be a JSON object of at most 65536 bytes'],
      [
        'oversized metadata',
        { execution_id: 'reg-bad', metadata: { blob: 'x'.repeat(65536) } },
        'metadata must be a JSON object of at most 65536 bytes',
      ],
      ['a string replace', { execution_id: 'reg-bad', replace: 'yes' }, 'replace must be a boolean'],
      ['an unknown field', { execution_id: 'reg-bad', simulation_name: 'x' }, 'property simulation_name should not exist'],
    ])('refuses %s', async (_name, body, message) => {
      results.writeRun({ execution_id: 'reg-bad' });
      const error = await expectRefused(body, 400, message);
      expect(error['details']).toEqual(expect.arrayContaining([message]));
    });
  });
});
