import type BetterSqlite3 from 'better-sqlite3';
import { DataSource, EntityManager } from 'typeorm';
import { createScratchDatabase } from '../../testing/scratch-database';
import { Backend } from './database-config';
import { isUniqueViolation } from './database-errors';
import { BulkStatement, NamedStatement } from './named-statement';
import { MAX_PREPARED_STATEMENTS, POSTGRES_BULK_ROWS, StoreDatabase } from './store-database';

type Fixture = { db: StoreDatabase; dataSource: DataSource; close: () => Promise<void> };

// Set by jest.config.js: false only on a machine without PostgreSQL (the config then says so).
declare const SIMSVC_PG_AVAILABLE: boolean;

async function open(backend: Backend): Promise<Fixture> {
  const scratch = await createScratchDatabase(backend);
  const dataSource = await new DataSource(
    backend === 'sqlite' ? { type: 'better-sqlite3', database: scratch.config.path } : { type: 'postgres', url: scratch.config.url },
  ).initialize();
  return { db: new StoreDatabase(dataSource), dataSource, close: async () => (await dataSource.destroy(), await scratch.drop()) };
}

const backends: Backend[] = SIMSVC_PG_AVAILABLE ? ['sqlite', 'postgresql'] : ['sqlite'];

const statement = (sql: string): NamedStatement => ({ name: 'test', sql });

describe.each(backends)('StoreDatabase on %s', (backend) => {
  let fixture: Fixture;
  const query = <T>(sql: string, params: unknown[] = [], manager?: EntityManager) => fixture.db.query<T>(statement(sql), params, manager);
  const execute = (sql: string, params: unknown[] = [], manager?: EntityManager) => fixture.db.execute(statement(sql), params, manager);

  beforeAll(async () => {
    fixture = await open(backend);
    await fixture.db.run((manager) => manager.query('CREATE TABLE items (name TEXT PRIMARY KEY, amount INTEGER NOT NULL)'));
  }, 30_000);
  afterAll(() => fixture?.close());

  it('binds $n placeholders, reused and out of order', async () => {
    await execute('INSERT INTO items (amount, name) VALUES ($2, $1)', ['a', 1]);
    const rows = await query<{ name: string }>('SELECT name FROM items WHERE name = $1 OR name = $1 || $2', ['a', 'x']);
    expect(rows).toEqual([{ name: 'a' }]);
  });

  it('runs the text of its backend when a statement has one per backend', async () => {
    const sql = { sqlite: "SELECT 'sqlite' AS backend", postgresql: "SELECT 'postgresql' AS backend" };
    expect(await fixture.db.query({ name: 'per_backend', sql })).toEqual([{ backend }]);
  });

  it('returns affected row counts and RETURNING rows', async () => {
    await execute('INSERT INTO items (name, amount) VALUES ($1, $2), ($3, $4)', ['b', 2, 'c', 3]);
    expect(await execute('UPDATE items SET amount = amount + 1 WHERE name IN ($1, $2)', ['b', 'c'])).toBe(2);
    const returned = await query<{ amount: number }>('UPDATE items SET amount = amount * 10 WHERE name = $1 RETURNING amount', ['b']);
    expect(returned).toEqual([{ amount: 30 }]);
  });

  it('rolls a failed transaction back entirely and reports unique violations', async () => {
    const attempt = fixture.db.transaction(async (manager) => {
      await execute('UPDATE items SET amount = 0 WHERE name = $1', ['a'], manager);
      await manager.query(
        backend === 'postgresql' ? 'INSERT INTO items (name, amount) VALUES ($1, $2)' : 'INSERT INTO items (name, amount) VALUES (?, ?)',
        ['a', 9],
      );
    });
    await expect(attempt.catch((error: unknown) => isUniqueViolation(error))).resolves.toBe(true);
    expect(await query('SELECT amount FROM items WHERE name = $1', ['a'])).toEqual([{ amount: 1 }]);
  });

  it('runs a bulk statement for every row, one at a time on SQLite and over column arrays (in chunks) on PostgreSQL', async () => {
    const insert: BulkStatement = {
      name: 'bulk_insert',
      sql: {
        sqlite: 'INSERT INTO items (name, amount) VALUES ($1, $2) RETURNING name, amount',
        postgresql: 'INSERT INTO items (name, amount) SELECT * FROM unnest($1::text[], $2::integer[]) RETURNING name, amount',
      },
    };
    function* rows() {
      // More than one PostgreSQL statement's worth, ending in a part of one.
      for (let n = 1; n <= 2 * POSTGRES_BULK_ROWS + 1; n += 1) yield [`bulk-${n}`, n * 100];
    }
    const returned = await fixture.db.transaction((manager) =>
      fixture.db.queryEach<{ name: string; amount: number }>(insert, rows(), manager),
    );
    const expected = [...rows()].map(([name, amount]) => ({ name, amount }));
    expect(returned).toEqual(expected);
    const stored = await query<{ name: string; amount: number }>('SELECT name, amount FROM items WHERE name LIKE $1', ['bulk-%']);
    expect(stored.sort((a, b) => a.amount - b.amount)).toEqual(expected);
    expect(await fixture.db.queryEach(insert, [])).toEqual([]);
  });

  it('keeps concurrent read-modify-write transactions isolated', async () => {
    await execute('INSERT INTO items (name, amount) VALUES ($1, 0)', ['counter']);
    const increment = () =>
      fixture.db.transaction(async (manager) => {
        const [row] = await query<{ amount: number }>(
          backend === 'postgresql' ? 'SELECT amount FROM items WHERE name = $1 FOR UPDATE' : 'SELECT amount FROM items WHERE name = $1',
          ['counter'],
          manager,
        );
        await new Promise((resolve) => setImmediate(resolve));
        await execute('UPDATE items SET amount = $1 WHERE name = $2', [row.amount + 1, 'counter'], manager);
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    expect(await query('SELECT amount FROM items WHERE name = $1', ['counter'])).toEqual([{ amount: 20 }]);
  });

  it('never lets work outside a transaction see or join what the transaction has not committed', async () => {
    await execute('INSERT INTO items (name, amount) VALUES ($1, 0)', ['pending']);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = fixture.db.transaction(async (manager) => {
      await execute('UPDATE items SET amount = 1 WHERE name = $1', ['pending'], manager);
      await held;
      throw new Error('rolled back');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = query<{ amount: number }>('SELECT amount FROM items WHERE name = $1', ['pending']);
    const outsideRun = fixture.db.run((manager) => manager.query('SELECT 1 AS one'));
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await outside).toEqual([{ amount: 0 }]);
    expect(await outsideRun).toEqual([{ one: 1 }]);
  });

  describe('prepared statements', () => {
    // A fresh database, so that no other test's statements are in the caches.
    let fresh: Fixture;
    beforeAll(async () => {
      fresh = await open(backend);
    }, 30_000);
    afterAll(() => fresh?.close());

    const select = (n: number) => `SELECT ${n} AS n`;
    const run = async (n: number, manager?: EntityManager) =>
      expect(await fresh.db.query<{ n: number }>(statement(select(n)), [], manager)).toEqual([{ n }]);
    const sqliteConnection = async (): Promise<BetterSqlite3.Database> => fresh.dataSource.createQueryRunner().connect();
    // A backend's own cases exist only in its block: CI counts a skipped test as a failure.
    const onlyOn = (wanted: string) => (name: string, test: () => Promise<void>) => {
      if (backend === wanted) it(name, test);
    };
    const onSqlite = onlyOn('sqlite');
    const onPostgres = onlyOn('postgresql');

    onSqlite('keeps the most recently used on SQLite, evicting the least recently used', async () => {
      const prepare = jest.spyOn(await sqliteConnection(), 'prepare');
      try {
        for (let n = 0; n < MAX_PREPARED_STATEMENTS; n += 1) await run(n);
        expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS);
        await run(0); // a hit: prepared once, and now the most recently used
        expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS);

        await run(MAX_PREPARED_STATEMENTS); // one too many: statement 1 goes, not 0
        expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS + 1);
        await run(0);
        await run(2);
        expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS + 1);
        await run(1); // evicted: prepared again, and still right
        expect(prepare).toHaveBeenCalledTimes(MAX_PREPARED_STATEMENTS + 2);
        expect(prepare).toHaveBeenLastCalledWith(select(1));
      } finally {
        prepare.mockRestore();
      }
    });

    onSqlite('shares the cache with its transactions on SQLite', async () => {
      const prepare = jest.spyOn(await sqliteConnection(), 'prepare');
      try {
        const n = MAX_PREPARED_STATEMENTS * 10;
        await run(n);
        await fresh.db.transaction((manager) => run(n, manager));
        expect(prepare.mock.calls.filter(([text]) => text === select(n))).toHaveLength(1);
      } finally {
        prepare.mockRestore();
      }
    });

    onPostgres('names at most MAX_PREPARED_STATEMENTS statements on PostgreSQL; the others run unnamed', async () => {
      const prepared = await fresh.db.transaction(async (manager) => {
        for (let n = 0; n < MAX_PREPARED_STATEMENTS + 20; n += 1) await run(n, manager);
        return manager.query('SELECT count(*) AS count FROM pg_prepared_statements');
      });
      expect(Number(prepared[0].count)).toBe(MAX_PREPARED_STATEMENTS);
      await run(MAX_PREPARED_STATEMENTS + 5); // unnamed, on any pooled session
    });
  });
});
