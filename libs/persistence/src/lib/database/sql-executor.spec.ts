import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from './database-errors';
import { sqliteHandle } from './raw-handles';
import { createSqlExecutor, MAX_PREPARED_STATEMENTS, SqlExecutor } from './sql-executor';

const PG_ADMIN_URL = process.env['SIMSVC_TEST_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Fixture = { sql: SqlExecutor; dataSource: DataSource; close: () => Promise<void> };

// Set by jest.config.js: false only on a machine without PostgreSQL (the config then says so).
declare const SIMSVC_PG_AVAILABLE: boolean;

const backends: [string, () => Promise<Fixture>][] = [
  [
    'sqlite',
    async () => {
      const directory = mkdtempSync(join(tmpdir(), 'simsvc-sql-'));
      const dataSource = await new DataSource({ type: 'better-sqlite3', database: join(directory, 'test.db') }).initialize();
      return {
        sql: createSqlExecutor(dataSource),
        dataSource,
        close: async () => (await dataSource.destroy(), rmSync(directory, { recursive: true, force: true })),
      };
    },
  ],
  [
    'postgresql',
    async () => {
      const name = `simsvc_test_sql_${randomBytes(4).toString('hex')}`;
      await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      const dataSource = await new DataSource({ type: 'postgres', url: url.toString() }).initialize();
      return {
        sql: createSqlExecutor(dataSource),
        dataSource,
        close: async () => {
          await dataSource.destroy();
          await withAdmin((client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
        },
      };
    },
  ],
];

describe.each(SIMSVC_PG_AVAILABLE ? backends : backends.slice(0, 1))('SqlExecutor on %s', (backend, open) => {
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await open();
    await fixture.sql.execute('CREATE TABLE items (name TEXT PRIMARY KEY, amount INTEGER NOT NULL)');
  }, 30_000);
  afterAll(() => fixture?.close());

  it('is one executor per data source, so every repository shares the transaction queue', () => {
    expect(createSqlExecutor(fixture.dataSource)).toBe(fixture.sql);
  });

  it('binds $n placeholders, reused and out of order', async () => {
    await fixture.sql.execute('INSERT INTO items (amount, name) VALUES ($2, $1)', ['a', 1]);
    const rows = await fixture.sql.query<{ name: string }>('SELECT name FROM items WHERE name = $1 OR name = $1 || $2', ['a', 'x']);
    expect(rows).toEqual([{ name: 'a' }]);
  });

  it('returns affected row counts and RETURNING rows', async () => {
    await fixture.sql.execute('INSERT INTO items (name, amount) VALUES ($1, $2), ($3, $4)', ['b', 2, 'c', 3]);
    expect(await fixture.sql.execute('UPDATE items SET amount = amount + 1 WHERE name IN ($1, $2)', ['b', 'c'])).toBe(2);
    const returned = await fixture.sql.query<{ amount: number }>('UPDATE items SET amount = amount * 10 WHERE name = $1 RETURNING amount', [
      'b',
    ]);
    expect(returned).toEqual([{ amount: 30 }]);
  });

  it('rolls a failed transaction back entirely and reports unique violations', async () => {
    const attempt = fixture.sql.transaction(async (tx) => {
      await tx.execute('UPDATE items SET amount = 0 WHERE name = $1', ['a']);
      await tx.execute('INSERT INTO items (name, amount) VALUES ($1, $2)', ['a', 9]);
    });
    await expect(attempt.catch((error: unknown) => isUniqueViolation(error))).resolves.toBe(true);
    expect(await fixture.sql.query('SELECT amount FROM items WHERE name = $1', ['a'])).toEqual([{ amount: 1 }]);
  });

  it('keeps concurrent read-modify-write transactions isolated', async () => {
    await fixture.sql.execute('INSERT INTO items (name, amount) VALUES ($1, 0)', ['counter']);
    const increment = () =>
      fixture.sql.transaction(async (tx) => {
        const [row] = await tx.query<{ amount: number }>(
          fixture.sql.backend === 'postgresql'
            ? 'SELECT amount FROM items WHERE name = $1 FOR UPDATE'
            : 'SELECT amount FROM items WHERE name = $1',
          ['counter'],
        );
        await new Promise((resolve) => setImmediate(resolve));
        await tx.execute('UPDATE items SET amount = $1 WHERE name = $2', [row.amount + 1, 'counter']);
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    expect(await fixture.sql.query('SELECT amount FROM items WHERE name = $1', ['counter'])).toEqual([{ amount: 20 }]);
  });

  describe('prepared statements', () => {
    // A fresh database, so that no other test's statements are in the executor's caches.
    let fresh: Fixture;
    beforeAll(async () => {
      fresh = await open();
    }, 30_000);
    afterAll(() => fresh?.close());

    const select = (n: number) => `SELECT ${n} AS n`;
    const run = async (sql: SqlExecutor, n: number) => expect(await sql.query<{ n: number }>(select(n))).toEqual([{ n }]);
    // A backend's own cases exist only in its block: CI counts a skipped test as a failure.
    const onlyOn = (wanted: string) => (name: string, test: () => Promise<void>) => {
      if (backend === wanted) it(name, test);
    };
    const onSqlite = onlyOn('sqlite');
    const onPostgres = onlyOn('postgresql');

    onSqlite('keeps the most recently used on SQLite, evicting the least recently used', async () => {
      const prepare = jest.spyOn(sqliteHandle(fresh.dataSource), 'prepare');
      try {
        for (let n = 0; n < MAX_PREPARED_STATEMENTS; n += 1) await run(fresh.sql, n);
        expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS);
        await run(fresh.sql, 0); // a hit: prepared once, and now the most recently used
        expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS);

        await run(fresh.sql, MAX_PREPARED_STATEMENTS); // one too many: statement 1 goes, not 0
        expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS + 1);
        await run(fresh.sql, 0);
        await run(fresh.sql, 2);
        expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS + 1);
        await run(fresh.sql, 1); // evicted: prepared again, and still right
        expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS + 2);
        expect(prepare).toHaveBeenLastCalledWith(select(1));
      } finally {
        prepare.mockRestore();
      }
    });

    onSqlite('shares the cache with its transactions on SQLite', async () => {
      const prepare = jest.spyOn(sqliteHandle(fresh.dataSource), 'prepare');
      try {
        const n = MAX_PREPARED_STATEMENTS * 10;
        await run(fresh.sql, n);
        await fresh.sql.transaction((tx) => run(tx, n));
        expect(prepare.mock.calls.filter(([text]) => text === select(n))).toHaveLength(1);
      } finally {
        prepare.mockRestore();
      }
    });

    onPostgres('names at most MAX_PREPARED_STATEMENTS statements on PostgreSQL; the others run unnamed', async () => {
      const prepared = await fresh.sql.transaction(async (tx) => {
        for (let n = 0; n < MAX_PREPARED_STATEMENTS + 20; n += 1) await run(tx, n);
        return tx.query<{ count: string }>('SELECT count(*) AS count FROM pg_prepared_statements');
      });
      expect(Number(prepared[0].count)).toBe(MAX_PREPARED_STATEMENTS);
      await run(fresh.sql, MAX_PREPARED_STATEMENTS + 5); // unnamed, on any pooled session
    });
  });
});
