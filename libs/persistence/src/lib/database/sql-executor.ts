import type BetterSqlite3 from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { Backend } from './database-config';
import { positionalArgs, toPositional } from './named-statement';
import { postgresPool, sqliteHandle } from './raw-handles';

/**
 * Plain SQL with `$1, $2, …` placeholders on either backend, as prepared statements in one round
 * trip. Repositories of hot paths use it where TypeORM would add round trips or cannot express
 * the statement (RETURNING on better-sqlite3, upserts with arithmetic, CTEs).
 */
export interface SqlExecutor {
  readonly backend: Backend;
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a statement and returns the number of rows it changed. */
  execute(sql: string, params?: readonly unknown[]): Promise<number>;
  transaction<T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T>;
}

const executors = new WeakMap<DataSource, SqlExecutor>();

/**
 * Prepared statements one executor keeps. Repositories have a few dozen fixed statements; the
 * bound is for SQL that varies with its input (an `IN` list of N placeholders), whose every
 * variant would otherwise stay prepared for good.
 */
const MAX_PREPARED_STATEMENTS = 500;

/**
 * The executor of a data source; one per data source, because on SQLite every repository shares
 * one connection and so must share the one queue that keeps transactions from interleaving.
 */
export function createSqlExecutor(dataSource: DataSource): SqlExecutor {
  let executor = executors.get(dataSource);
  if (!executor) {
    executor =
      dataSource.options.type === 'postgres'
        ? new PostgresExecutor(postgresPool(dataSource))
        : new SqliteExecutor(sqliteHandle(dataSource));
    executors.set(dataSource, executor);
  }
  return executor;
}

/**
 * A least-recently-used cache: a Map iterates in insertion order, so a hit is moved to the end
 * by re-inserting it and the first key is the one to drop.
 */
export class StatementCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(readonly capacity = MAX_PREPARED_STATEMENTS) {}

  get(sql: string): T | undefined {
    const value = this.entries.get(sql);
    if (value !== undefined) {
      this.entries.delete(sql);
      this.entries.set(sql, value);
    }
    return value;
  }

  set(sql: string, value: T): void {
    this.entries.delete(sql);
    this.entries.set(sql, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}

interface PreparedSqlite {
  statement: BetterSqlite3.Statement;
  /** For each `?` in order, the index of the `$n` parameter it stands for. */
  order: number[];
}

class SqliteExecutor implements SqlExecutor {
  readonly backend = 'sqlite' as const;

  // One connection serves every request, so a transaction must not interleave with other work:
  // while one is open or queued, everything else queues behind it. With nothing queued a
  // statement runs at once (better-sqlite3 is synchronous, so nothing can slip in between).
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(
    private readonly db: BetterSqlite3.Database,
    // Shared with the executors of its transactions. An evicted statement is finalized when
    // garbage-collected; statements run synchronously, so none is evicted while in use.
    private readonly prepared = new StatementCache<PreparedSqlite>(),
    private readonly insideTransaction = false,
  ) {}

  async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.whenFree(() => {
      const { statement, args } = this.bind(sql, params);
      if (statement.reader) return statement.all(...args) as T[];
      statement.run(...args);
      return [];
    });
  }

  async execute(sql: string, params: readonly unknown[] = []): Promise<number> {
    return this.whenFree(() => {
      const { statement, args } = this.bind(sql, params);
      return statement.reader ? statement.all(...args).length : statement.run(...args).changes;
    });
  }

  transaction<T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T> {
    const inner = new SqliteExecutor(this.db, this.prepared, true);
    return this.enqueue(async () => {
      this.bind('BEGIN IMMEDIATE', []).statement.run();
      try {
        const result = await work(inner);
        this.bind('COMMIT', []).statement.run();
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.bind('ROLLBACK', []).statement.run();
        throw error;
      }
    });
  }

  private whenFree<T>(operation: () => T): T | Promise<T> {
    if (this.insideTransaction || this.queued === 0) return operation();
    return this.enqueue(async () => operation());
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

  private bind(sql: string, params: readonly unknown[]): { statement: BetterSqlite3.Statement; args: unknown[] } {
    let prepared = this.prepared.get(sql);
    if (!prepared) {
      const { text, order } = toPositional(sql);
      prepared = { statement: this.db.prepare(text), order };
      this.prepared.set(sql, prepared);
    }
    return { statement: prepared.statement, args: positionalArgs(prepared.order, params) };
  }
}

/**
 * Names of the statements PostgreSQL keeps prepared. A named statement stays prepared in every
 * pooled session that ran it, until the session ends; pg has no way to drop it from all of them.
 * So the bound is on what gets a name: the first MAX_PREPARED_STATEMENTS distinct texts (the
 * repositories' fixed statements come first, on the first requests); later ones run unnamed,
 * parsed each time and left nowhere. Names are memoized, which also saves hashing each query.
 */
class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(readonly capacity = MAX_PREPARED_STATEMENTS) {}

  /** The name of `sql`, or undefined when it is to run unnamed. */
  nameOf(sql: string): string | undefined {
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < this.capacity) {
      name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
      this.names.set(sql, name);
    }
    return name;
  }
}

class PostgresExecutor implements SqlExecutor {
  readonly backend = 'postgresql' as const;

  constructor(
    private readonly client: Pool | PoolClient,
    private readonly names = new StatementNames(),
  ) {}

  async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const result = await this.client.query({ name: this.names.nameOf(sql), text: sql, values: params as unknown[] });
    return result.rows as T[];
  }

  async execute(sql: string, params: readonly unknown[] = []): Promise<number> {
    const result = await this.client.query({ name: this.names.nameOf(sql), text: sql, values: params as unknown[] });
    return result.rowCount ?? 0;
  }

  async transaction<T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await (this.client as Pool).connect();
    try {
      await client.query('BEGIN');
      const result = await work(new PostgresExecutor(client, this.names));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
