import type BetterSqlite3 from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { Pool, PoolClient, QueryResult } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { Backend } from './database-config';
import { BulkStatement, NamedStatement, positionalArgs, statementText, toPositional } from './named-statement';

const BEGIN: NamedStatement = { name: 'begin', sql: 'BEGIN IMMEDIATE' };
const COMMIT: NamedStatement = { name: 'commit', sql: 'COMMIT' };
const ROLLBACK: NamedStatement = { name: 'rollback', sql: 'ROLLBACK' };

/**
 * Prepared statements kept per store. The named statements are a few dozen; the bound is for
 * statements whose text varies with their input (an `IN` list of N placeholders).
 */
export const MAX_PREPARED_STATEMENTS = 500;

/**
 * Rows of one PostgreSQL statement of `queryEach`: pg serializes each column array as text into
 * one message, and large messages stay in the process's memory. Measured over a 10,000-result
 * NDJSON load (results service, 20 parameters a result): 1,000 rows a statement, RSS max 360 MB;
 * 200 rows, 270 MB, as with a statement per result.
 */
export const POSTGRES_BULK_ROWS = 250;

interface PreparedSqlite {
  statement: BetterSqlite3.Statement;
  /** For each `?` in order, the index of the parameter it stands for. */
  order: number[];
}

/**
 * A store's database: the one way repositories reach it.
 *
 * - `run(work)` and `transaction(work)` hand `work` an EntityManager; repositories use it for
 *   everything through TypeORM (repositories, query builder). A transaction is that manager,
 *   passed on as an argument, and nothing else.
 * - `query`/`execute` run a store's named hot-path statements (`<store>.statements.ts`), given the
 *   manager of the transaction they belong to, if any.
 *
 * SQLite has one connection for the whole process (TypeORM's better-sqlite3 driver shares one
 * query runner), so a transaction must not interleave with other work: while one is open or
 * queued, `run`, `query` and other transactions queue behind it. With nothing queued, work starts
 * at once. A transaction begins IMMEDIATE, taking the write lock first: the auth store's file is
 * shared by three processes, and a deferred transaction that reads, then writes after another
 * process committed, fails with SQLITE_BUSY instead of waiting. Inside one, write with the query
 * builder or `insert`/`update`/`delete`/`upsert`; repositories never call `save`/`remove`, which
 * begin a transaction of their own on the shared connection.
 */
export class StoreDatabase {
  readonly backend: Backend;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private sqlite?: BetterSqlite3.Database;
  private readonly preparedSqlite = new LRUCache<string, PreparedSqlite>({ max: MAX_PREPARED_STATEMENTS });
  // A named statement stays prepared in every pooled session that ran it, until the session ends;
  // pg cannot drop it from all of them. So only the first MAX_PREPARED_STATEMENTS texts get a name.
  private readonly postgresNames = new Map<string, string>();

  constructor(readonly dataSource: DataSource) {
    this.backend = dataSource.options.type === 'postgres' ? 'postgresql' : 'sqlite';
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** Work outside a transaction (on SQLite, after any open or queued transaction). */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.backend === 'postgresql' || this.queued === 0) return work(this.dataSource.manager);
    return this.enqueue(() => work(this.dataSource.manager));
  }

  /** Work in one transaction, committed when `work` resolves and rolled back when it throws. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.backend === 'postgresql') return this.dataSource.transaction(work);
    return this.enqueue(async () => {
      // BEGIN and COMMIT as prepared statements on the connection itself: through TypeORM's query
      // runner each costs a round of its bookkeeping, on every SQLite cache hit.
      const db = this.sqlite ?? (await this.openSqlite());
      this.runSqlite(db, BEGIN);
      try {
        const result = await work(this.dataSource.manager);
        this.runSqlite(db, COMMIT);
        return result;
      } catch (error) {
        if (db.inTransaction) this.runSqlite(db, ROLLBACK);
        throw error;
      }
    });
  }

  /** Rows of a named statement. `manager`: the transaction it belongs to. */
  query<T>(statement: NamedStatement, params: readonly unknown[] = [], manager?: EntityManager): Promise<T[]> {
    return this.queryThen<T, T[]>(statement, params, (rows) => rows, manager);
  }

  /**
   * Rows of a named statement handed to `use` as soon as they are read: on SQLite nothing else
   * reaches the store between the statement and `use` (state kept beside the store, such as
   * counts written behind, is read or changed there consistently with the rows).
   */
  async queryThen<T, R>(statement: NamedStatement, params: readonly unknown[], use: (rows: T[]) => R, manager?: EntityManager): Promise<R> {
    if (this.backend === 'postgresql') return use((await this.postgres<T>(statement, params, manager)).rows);
    return this.onSqlite(manager, (db) => {
      const { statement: prepared, order } = this.prepareSqlite(db, statement);
      const values = positionalArgs(order, params);
      if (prepared.reader) return use(prepared.all(...values) as T[]);
      prepared.run(...values);
      return use([]);
    });
  }

  /** Runs a named statement; the number of rows it changed. */
  async execute(statement: NamedStatement, params: readonly unknown[] = [], manager?: EntityManager): Promise<number> {
    if (this.backend === 'postgresql') return (await this.postgres(statement, params, manager)).rowCount ?? 0;
    return this.onSqlite(manager, (db) => {
      const { statement: prepared, order } = this.prepareSqlite(db, statement);
      const values = positionalArgs(order, params);
      return prepared.reader ? prepared.all(...values).length : prepared.run(...values).changes;
    });
  }

  /**
   * Runs a bulk statement for `rows`, each the values of its `$1 … $n`: on SQLite once per row
   * (synchronously, one prepared statement; each row is taken from `rows` as it runs, so a
   * generator's rows are garbage at once), on PostgreSQL once with a column array per `$k`. The
   * rows RETURNING gives (on SQLite in the order of `rows`; on PostgreSQL return a key to match
   * them by). `manager`: the transaction it belongs to.
   */
  async queryEach<T>(statement: BulkStatement, rows: Iterable<readonly unknown[]>, manager?: EntityManager): Promise<T[]> {
    if (this.backend === 'postgresql') {
      const returned: T[] = [];
      for (const columns of columnChunks(rows, POSTGRES_BULK_ROWS))
        returned.push(...(await this.postgres<T>(statement, columns, manager)).rows);
      return returned;
    }
    return this.onSqlite(manager, (db) => {
      const { statement: prepared, order } = this.prepareSqlite(db, statement);
      const returned: T[] = [];
      for (const row of rows) {
        const values = positionalArgs(order, row);
        if (prepared.reader) for (const answer of prepared.all(...values)) returned.push(answer as T);
        else prepared.run(...values);
      }
      return returned;
    });
  }

  private async postgres<T>(
    statement: NamedStatement | BulkStatement,
    params: readonly unknown[],
    manager: EntityManager | undefined,
  ): Promise<QueryResult<T & object>> {
    const text = statementText(statement, 'postgresql');
    const query = { name: this.postgresName(statement.name, text), text, values: params as unknown[] };
    if (manager?.queryRunner) {
      const client: PoolClient = await manager.queryRunner.connect();
      return client.query<T & object>(query);
    }
    // Outside a transaction: straight through the driver's pool (TypeORM's `master`), which takes
    // a connection, watches it for errors while it is out and gives it back; a query runner per
    // statement did the same with a round of its own bookkeeping on every PostgreSQL hit
    // (docs/benchmarks/2026-11-27-request-path-3.md).
    return ((this.dataSource.driver as PostgresDriver).master as Pool).query<T & object>(query);
  }

  private postgresName(name: string, text: string): string | undefined {
    let prepared = this.postgresNames.get(text);
    if (prepared === undefined && this.postgresNames.size < MAX_PREPARED_STATEMENTS) {
      prepared = `${name}_${this.postgresNames.size}`;
      this.postgresNames.set(text, prepared);
    }
    return prepared;
  }

  private async onSqlite<T>(manager: EntityManager | undefined, operation: (db: BetterSqlite3.Database) => T): Promise<T> {
    const db = this.sqlite ?? (await this.openSqlite());
    // Inside a transaction the caller already holds the queue.
    if (manager || this.queued === 0) return operation(db);
    return this.enqueue(async () => operation(db));
  }

  private prepareSqlite(db: BetterSqlite3.Database, statement: NamedStatement): PreparedSqlite {
    const text = statementText(statement, 'sqlite');
    let prepared = this.preparedSqlite.get(text);
    if (!prepared) {
      const positional = toPositional(text);
      prepared = { statement: db.prepare(positional.text), order: positional.order };
      this.preparedSqlite.set(text, prepared);
    }
    return prepared;
  }

  /** better-sqlite3's connection, as TypeORM's query runner hands it out. */
  private async openSqlite(): Promise<BetterSqlite3.Database> {
    this.sqlite ??= (await this.dataSource.createQueryRunner().connect()) as BetterSqlite3.Database;
    return this.sqlite;
  }

  private runSqlite(db: BetterSqlite3.Database, statement: NamedStatement): void {
    this.prepareSqlite(db, statement).statement.run();
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    this.queued += 1;
    const result = this.queue.then(task);
    this.queue = result.then(
      () => void (this.queued -= 1),
      () => void (this.queued -= 1),
    );
    return result;
  }
}

/**
 * The rows' values by column, `size` rows at a time: the k-th array of a chunk holds its rows'
 * k-th values. A chunk is one statement, its arrays serialized as text into one message by pg.
 */
function* columnChunks(rows: Iterable<readonly unknown[]>, size: number): Generator<unknown[][]> {
  let columns: unknown[][] = [];
  let count = 0;
  for (const row of rows) {
    row.forEach((value, column) => (columns[column] ??= []).push(value));
    count += 1;
    if (count === size) {
      yield columns;
      [columns, count] = [[], 0];
    }
  }
  if (count > 0) yield columns;
}
