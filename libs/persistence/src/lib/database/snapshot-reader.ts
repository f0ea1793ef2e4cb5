import type BetterSqlite3 from 'better-sqlite3';
import type { PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { positionalArgs, toPositional } from './named-statement';
import { ReadStatement, SqliteReadPool } from './sqlite-read-pool';

/**
 * Runs the statements of one expensive read (a search: a page and its total) in one consistent
 * snapshot, so that they agree, off the request path where it can:
 * - PostgreSQL: one REPEATABLE READ READ ONLY transaction, unnamed statements (search SQL varies
 *   with its filters and would crowd StoreDatabase's prepared statements out);
 * - SQLite: worker threads with their own read-only connections (SqliteReadPool), started on the
 *   first read, so that a long query never blocks the main thread; an in-memory database cannot
 *   be opened twice, so its reads stay on the main connection.
 */
export class SnapshotReader {
  private pool?: SqliteReadPool;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sqlitePath: string | undefined,
    private readonly sqliteWorkers?: number,
  ) {}

  /** Worker threads reading SQLite so far (0 until the first read, and on PostgreSQL). */
  get sqliteWorkerCount(): number {
    return this.pool?.size ?? 0;
  }

  read(statements: readonly ReadStatement[]): Promise<unknown[][]> {
    if (this.dataSource.options.type === 'postgres') return this.readPostgres(statements);
    if (!this.sqlitePath || this.sqlitePath === ':memory:') return this.readOnMainConnection(statements);
    this.pool ??= new SqliteReadPool(this.sqlitePath, this.sqliteWorkers);
    return this.pool.read(statements);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.close();
    this.pool = undefined;
  }

  private async readPostgres(statements: readonly ReadStatement[]): Promise<unknown[][]> {
    // TypeORM's query runner lends one pooled client; its connect() hands out pg's own.
    const runner = this.dataSource.createQueryRunner();
    try {
      const client: PoolClient = await runner.connect();
      if (statements.length === 1) return [(await client.query(statements[0].sql, [...statements[0].params])).rows];
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const results: unknown[][] = [];
        for (const statement of statements) results.push((await client.query(statement.sql, [...statement.params])).rows);
        await client.query('COMMIT');
        return results;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      await runner.release();
    }
  }

  private async readOnMainConnection(statements: readonly ReadStatement[]): Promise<unknown[][]> {
    const db: BetterSqlite3.Database = await this.dataSource.createQueryRunner().connect();
    const run = () =>
      statements.map(({ sql, params }) => {
        const { text, order } = toPositional(sql);
        return db.prepare(text).all(...positionalArgs(order, params));
      });
    return db.inTransaction ? run() : db.transaction(run).deferred();
  }
}
