import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadPool } from './sqlite-read-pool';

describe('SqliteReadPool (worker threads on a real SQLite file)', () => {
  let directory: string;
  let path: string;
  let writer: Database.Database;
  let pool: SqliteReadPool;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'simsvc-read-pool-'));
    path = join(directory, 'test.db');
    writer = new Database(path);
    writer.pragma('journal_mode = WAL');
    writer.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, active INTEGER NOT NULL)');
    writer.prepare('INSERT INTO items (name, active) VALUES (?, ?)').run('first', 1);
    pool = new SqliteReadPool(path, 2);
  });

  afterEach(async () => {
    await pool.close();
    writer.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('runs `$n` statements, a placeholder used twice and booleans bound as 0/1, in order', async () => {
    const [byName, counted] = await pool.read([
      { sql: 'SELECT id, name FROM items WHERE name = $1 OR name = $1 || $2', params: ['first', '-suffix'] },
      { sql: 'SELECT COUNT(*) AS n FROM items WHERE active = $1', params: [true] },
    ]);
    expect(byName).toEqual([{ id: 1, name: 'first' }]);
    expect(counted).toEqual([{ n: 1 }]);
  });

  it('sees what the main connection committed', async () => {
    writer.prepare('INSERT INTO items (name, active) VALUES (?, ?)').run('second', 0);
    const [rows] = await pool.read([{ sql: 'SELECT name FROM items ORDER BY id', params: [] }]);
    expect(rows).toEqual([{ name: 'first' }, { name: 'second' }]);
  });

  it('never writes: a write statement is refused and the pool keeps reading', async () => {
    await expect(pool.read([{ sql: "INSERT INTO items (name, active) VALUES ('x', 1)", params: [] }])).rejects.toThrow();
    await expect(pool.read([{ sql: 'SELECT nonsense FROM', params: [] }])).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    const [rows] = await pool.read([{ sql: 'SELECT COUNT(*) AS n FROM items', params: [] }]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('serves many reads in flight across its workers', async () => {
    const reads = Array.from({ length: 50 }, (_, index) => pool.read([{ sql: 'SELECT $1 AS value', params: [index] }]));
    expect((await Promise.all(reads)).map(([rows]) => (rows as { value: number }[])[0].value)).toEqual(
      Array.from({ length: 50 }, (_, index) => index),
    );
  });

  it('fails reads while its file cannot be opened, and reads once it can', async () => {
    const missing = join(directory, 'later.db');
    const lazy = new SqliteReadPool(missing, 1);
    try {
      await expect(lazy.read([{ sql: 'SELECT 1 AS one', params: [] }])).rejects.toMatchObject({ code: 'SQLITE_CANTOPEN' });
      new Database(missing).close();
      await expect(lazy.read([{ sql: 'SELECT 1 AS one', params: [] }])).resolves.toEqual([[{ one: 1 }]]);
    } finally {
      await lazy.close();
    }
  });
});
