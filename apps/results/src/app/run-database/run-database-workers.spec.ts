import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunDatabaseErrorCode } from './run-database.errors';
import { type RunDatabaseSource, RunDatabaseWorkers } from './run-database-workers';

// A statement SQLite never finishes: counting the rows of an endless recursive CTE.
const ENDLESS = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) AS rows FROM n';

describe('RunDatabaseWorkers', () => {
  let dir: string;
  let file: string;
  let workers: RunDatabaseWorkers;

  /** The lease of one file of dir, copied into dir/copies. */
  const source = (path: string): RunDatabaseSource => ({
    source: path,
    root: dir,
    target: join(dir, 'copies', `${randomUUID()}.db`),
    maxFileBytes: 1024 * 1024,
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'run-db-workers-'));
    mkdirSync(join(dir, 'copies'));
    file = join(dir, 'run.db');
    const db = new Database(file);
    db.exec("CREATE TABLE t (x); INSERT INTO t VALUES ('a'), ('b')");
    db.close();
    workers = new RunDatabaseWorkers(1);
  });

  afterEach(async () => {
    await workers.onModuleDestroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs statements on the file in a worker, with their columns', async () => {
    const result = await workers.withDatabase(source(file), 10_000, (db) => db.all<{ x: string }>('SELECT x FROM t ORDER BY x'));

    expect(result).toEqual({ rows: [{ x: 'a' }, { x: 'b' }], columns: ['x'] });
  });

  it('terminates a worker that overruns the deadline, deletes its copy, and the next lease gets a new one', async () => {
    const overrun = source(file);
    await expect(workers.withDatabase(overrun, 200, (db) => db.all(ENDLESS))).rejects.toMatchObject({ code: RunDatabaseErrorCode.Timeout });
    expect(existsSync(overrun.target)).toBe(false);

    const after = await workers.withDatabase(source(file), 10_000, (db) => db.all<{ n: number }>('SELECT count(*) AS n FROM t'));
    expect(after.rows).toEqual([{ n: 2 }]);
  });

  it('lets a lease wait while every worker is busy, without one lease seeing another file', async () => {
    const other = join(dir, 'other.db');
    const db = new Database(other);
    db.exec("CREATE TABLE t (x); INSERT INTO t VALUES ('z')");
    db.close();

    const [first, second] = await Promise.all([
      workers.withDatabase(source(file), 10_000, (session) => session.all<{ x: string }>('SELECT x FROM t ORDER BY x')),
      workers.withDatabase(source(other), 10_000, (session) => session.all<{ x: string }>('SELECT x FROM t')),
    ]);

    expect(first.rows).toEqual([{ x: 'a' }, { x: 'b' }]);
    expect(second.rows).toEqual([{ x: 'z' }]);
  });

  it('reports an SQLite failure by its name and code, and keeps the worker', async () => {
    await expect(workers.withDatabase(source(file), 10_000, (db) => db.all('SELECT * FROM missing'))).rejects.toMatchObject({
      name: 'SqliteError',
      code: 'SQLITE_ERROR',
    });

    const after = await workers.withDatabase(source(file), 10_000, (session) => session.all('SELECT x FROM t'));
    expect(after.rows).toHaveLength(2);
  });
});
