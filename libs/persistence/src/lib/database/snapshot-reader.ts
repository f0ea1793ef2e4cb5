import { DataSource } from 'typeorm';
import { positionalArgs, toPositional } from './named-statement';
import { postgresPool, sqliteHandle } from './raw-handles';
import { ReadStatement, SqliteReadPool } from './sqlite-read-pool';

/**
 * Runs the statements of one expensive read (a search: a page and its total) in one consistent
 * snapshot, so that they agree, off the request path where it can:
 * - PostgreSQL: one REPEATABLE READ READ ONLY transaction, unnamed statements (search SQL varies
 *   with its filters and would crowd the SqlExecutor's prepared statements out);
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
    if (!this.sqlitePath || this.sqlitePath === ':memory:') return Promise.resolve(this.readOnMainConnection(statements));
    this.pool ??= new SqliteReadPool(this.sqlitePath, this.sqliteWorkers);
    return this.pool.read(statements);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.close();
    this.pool = undefined;
  }

  private async readPostgres(statements: readonly ReadStatement[]): Promise<unknown[][]> {
    const pool = postgresPool(this.dataSource);
    if (statements.length === 1) return [(await pool.query(statements[0].sql, [...statements[0].params])).rows];
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const results: unknown[][] = [];
      for (const statement of statements) results.push((await client.query(statement.sql, [...statement.params])).rows);
      await client.query('COMMIT');
      return results;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private readOnMainConnection(statements: readonly ReadStatement[]): unknown[][] {
    const db = sqliteHandle(this.dataSource);
    const run = () =>
      statements.map(({ sql, params }) => {
        const { text, order } = toPositional(sql);
        return db.prepare(text).all(...positionalArgs(order, params));
      });
    return db.inTransaction ? run() : db.transaction(run).deferred();
  }
}
