import { alterRunDatabase } from '@simsvc/testing';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { expectError, useResultsService } from './support/results-test-service';

// Real services on real databases, on shared CI machines: more than jest's default 5 s.
jest.setTimeout(120_000);

// The services of this file make their private directories (and runs roots) in a temporary
// directory of their own, so that the copies they leave can be counted.
const suiteTmp = mkdtempSync(join(tmpdir(), 'simsvc-run-db-suite-'));
const originalTmp = process.env['TMPDIR'];
process.env['TMPDIR'] = suiteTmp;
afterAll(() => {
  if (originalTmp === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = originalTmp;
  if (existsSync(suiteTmp)) rmSync(suiteTmp, { recursive: true, force: true });
});

// Issue 12, items 3, 4 and 10: a run database is hostile input. Reading one must not hold up
// other requests, must read exactly the file that was checked (by one descriptor), must leave
// nothing behind in the runs root, and must refuse what PostgreSQL cannot store.
describe('POST /register with a hostile run database', () => {
  const results = useResultsService();

  beforeAll(async () => {
    mkdirSync(results.outside, { recursive: true });
  });

  /** Refused with status and message, and nothing was stored for the execution. */
  async function expectRefused(executionId: string, response: Response, status: number, message: string | RegExp): Promise<void> {
    expectError(response, status, message);
    expect((await results.get(`/results/${executionId}`)).status).toBe(404);
  }

  describe('reading off the event loop (item 3)', () => {
    it('answers /health throughout the reading of a file of 30,000 views, and refuses the file with 422', async () => {
      const file = join(results.runsRoot, 'views-30k.db');
      results.writeRun({ execution_id: 'views-30k' }, 'views-30k.db');
      // Written as sqlite_schema rows: 30,000 CREATE VIEW statements one by one take a minute.
      const db = new Database(file);
      db.unsafeMode(true);
      db.pragma('writable_schema = ON');
      const view = db.prepare("INSERT INTO sqlite_schema (type, name, tbl_name, rootpage, sql) VALUES ('view', @name, @name, 0, @sql)");
      db.transaction(() => {
        for (let index = 0; index < 30_000; index += 1) {
          view.run({ name: `v${index}`, sql: `CREATE VIEW v${index} AS SELECT * FROM inputs, outputs` });
        }
      })();
      db.close();
      const token = await results.token();

      let settled = false;
      const registration = results
        .http()
        .post('/register')
        .set('X-Session-ID', token)
        .send({ execution_id: 'views-30k' })
        .then((response) => {
          settled = true;
          return response;
        });
      // Read on the event loop, the file held every request up until the read was over, so
      // at most a few health checks got in before it started.
      let answeredMeanwhile = 0;
      while (!settled) {
        const health = await results.http().get('/health');
        expect(health.status).toBe(200);
        if (!settled) answeredMeanwhile += 1;
      }

      await expectRefused('views-30k', await registration, 422, /^run database has 300\d\d schema objects; at most 1000 are accepted$/);
      expect(answeredMeanwhile).toBeGreaterThanOrEqual(20);
    });
  });

  describe('one descriptor, nothing left behind (item 4)', () => {
    it('reads a WAL-mode run database and leaves no -wal or -shm file in the runs root', async () => {
      const file = join(results.runsRoot, 'wal-mode.db');
      results.writeRun({ execution_id: 'wal-mode' }, 'wal-mode.db');
      alterRunDatabase(file, 'PRAGMA journal_mode = WAL');
      const before = readdirSync(results.runsRoot).sort();

      const response = await results.register({ execution_id: 'wal-mode' });

      expect(response.status).toBe(200);
      expect((await results.get('/results/wal-mode')).body).toMatchObject({ input_params: { length: 2.5, n_points: 100 } });
      expect(readdirSync(results.runsRoot).sort()).toEqual(before);
    });

    it('refuses a FIFO in place of the run database with 422 instead of waiting on it', async () => {
      execFileSync('mkfifo', [join(results.runsRoot, 'fifo-run.db')]);

      await expectRefused('fifo-run', await results.register({ execution_id: 'fifo-run' }), 422, 'run database is not a regular file');
    });

    it('refuses a symlink in the root to a run database outside it with 403', async () => {
      results.writeRun({ execution_id: 'linked-out' }, '../outside/linked-out.db');
      symlinkSync(join(results.outside, 'linked-out.db'), join(results.runsRoot, 'linked-out.db'));

      await expectRefused(
        'linked-out',
        await results.register({ execution_id: 'linked-out' }),
        403,
        'run_db_path is outside the runs root',
      );
    });

    it('still reads a symlink in the root to a run database inside it', async () => {
      results.writeRun({ execution_id: 'linked-in' }, 'store/linked-in.db');
      symlinkSync(join(results.runsRoot, 'store', 'linked-in.db'), join(results.runsRoot, 'linked-in.db'));

      const response = await results.register({ execution_id: 'linked-in' });

      expect(response.status).toBe(200);
      expect((await results.get('/results/linked-in')).body).toMatchObject({ run_db_path: 'store/linked-in.db' });
    });
  });

  describe('U+0000, which PostgreSQL stores in no text (item 10)', () => {
    it('keeps a value holding U+0000 exactly on both backends: values are stored as JSON text', async () => {
      results.writeRun({ execution_id: 'nul-value', outputs: { note: 'a\u0000b' } });

      expect((await results.register({ execution_id: 'nul-value' })).status).toBe(200);

      expect((await results.get('/results/nul-value')).body.output_params).toEqual({ note: 'a\u0000b' });
    });

    it('refuses U+0000 in a parameter name or in run metadata with 422 on both backends', async () => {
      results.writeRun({ execution_id: 'nul-name', inputs: { ['bad\u0000name']: 1 } });
      const metadata = results.writeRun({ execution_id: 'nul-meta' });
      alterRunDatabase(
        join(results.runsRoot, `${metadata.execution_id}.db`),
        `UPDATE run_metadata SET simulation_name = 'heat' || char(0)`,
      );

      await expectRefused(
        'nul-name',
        await results.register({ execution_id: 'nul-name' }),
        422,
        'an input name contains U+0000 or unpaired surrogates',
      );
      await expectRefused(
        'nul-meta',
        await results.register({ execution_id: 'nul-meta' }),
        422,
        'run_metadata.simulation_name must not contain U+0000 or unpaired surrogates',
      );
    });
  });

  describe('what the private copy may cost (issue 22, item 7)', () => {
    it('refuses a 32 KB sparse file of 977 MB with 422 and leaves no private copy behind', async () => {
      const file = join(results.runsRoot, 'sparse.db');
      results.writeRun({ execution_id: 'sparse' }, 'sparse.db');
      truncateSync(file, 977 * 1024 * 1024);
      expect(statSync(file).blocks * 512).toBeLessThan(1024 * 1024);

      const response = await results.register({ execution_id: 'sparse' });

      await expectRefused('sparse', response, 422, /^run database is sparse: 1024458752 bytes long, \d+ allocated$/);
      expect(await privateCopiesLeft()).toEqual([]);
    });
  });

  describe('hard links (issue 22, item 10)', () => {
    it('refuses a run database with a second hard link, even one outside the root, with 422', async () => {
      results.writeRun({ execution_id: 'hard-linked' }, '../outside/hard-linked.db');
      linkSync(join(results.outside, 'hard-linked.db'), join(results.runsRoot, 'hard-linked.db'));

      await expectRefused(
        'hard-linked',
        await results.register({ execution_id: 'hard-linked' }),
        422,
        'run database has 2 hard links; only a file with one link is read',
      );
    });
  });
});

// Issue 22, item 7: the copy is capped by --max-run-db-bytes, checked as it is made.
describe('POST /register of a run database over --max-run-db-bytes', () => {
  const results = useResultsService({ args: ['--max-run-db-bytes', '65536'] });

  it('refuses it with 413 naming the limit, stores nothing and leaves no private copy behind', async () => {
    results.writeRun({ execution_id: 'oversized', outputs: { log: 'x'.repeat(200_000) } });
    const size = statSync(join(results.runsRoot, 'oversized.db')).size;

    const response = await results.register({ execution_id: 'oversized' });

    expectError(response, 413, `run database is ${size} bytes; at most 65536 are accepted (--max-run-db-bytes)`);
    expect((await results.get('/results/oversized')).status).toBe(404);
    expect(await privateCopiesLeft()).toEqual([]);
  });

  it('still reads a run database within the limit', async () => {
    results.writeRun({ execution_id: 'small-enough' });

    expect((await results.register({ execution_id: 'small-enough' })).status).toBe(200);
  });
});

/**
 * The private copies (simsvc-run-databases-* in the temporary directory, this suite's own:
 * see TMPDIR below) still there once deleting them has had up to 2 s to happen.
 */
async function privateCopiesLeft(): Promise<string[]> {
  const copies = (): string[] =>
    readdirSync(suiteTmp)
      .filter((name) => name.startsWith('simsvc-run-databases-'))
      .flatMap((directory) => readdirSync(join(suiteTmp, directory)).map((file) => join(directory, file)));
  for (let waited = 0; copies().length > 0 && waited < 2000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return copies();
}
