import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { postgresPool, sqliteHandle, StatementCache } from '@simsvc/persistence';
import { SERVICE_CONFIG, SERVICE_DATA_SOURCE, ServiceConfig } from '@simsvc/platform';
import Database from 'better-sqlite3';
import { DataSource } from 'typeorm';
import type { Statement } from './search-query';

const CACHED_STATEMENTS = 64;

/**
 * Runs the statements of one search in one consistent snapshot (so `total` and the page agree).
 *
 * Search SQL differs with the shape of the filters, so it does not go through the shared
 * SqlExecutor, whose caches belong to the repositories' fixed statements: filter shapes would
 * crowd those out. Here PostgreSQL gets unnamed statements and SQLite a small LRU of its own.
 * SQLite reads use their own connection: in WAL mode it sees only committed data, whereas the
 * main connection may be inside another request's transaction.
 */
@Injectable()
export class SearchReader implements OnModuleDestroy {
  private sqlite?: Database.Database;
  private readonly statements = new StatementCache<PreparedRead>(CACHED_STATEMENTS);

  constructor(
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig<unknown>,
  ) {}

  async read(statements: Statement[]): Promise<unknown[][]> {
    return this.dataSource.options.type === 'postgres' ? this.readPostgres(statements) : this.readSqlite(statements);
  }

  onModuleDestroy(): void {
    this.statements.clear();
    this.sqlite?.close();
    this.sqlite = undefined;
  }

  private async readPostgres(statements: Statement[]): Promise<unknown[][]> {
    const pool = postgresPool(this.dataSource);
    if (statements.length === 1) return [(await pool.query(statements[0].sql, statements[0].params)).rows];
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const results: unknown[][] = [];
      for (const statement of statements) results.push((await client.query(statement.sql, statement.params)).rows);
      await client.query('COMMIT');
      return results;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private readSqlite(statements: Statement[]): unknown[][] {
    const db = this.readConnection();
    const run = () =>
      statements.map(({ sql, params }) => {
        const { statement, order } = this.prepare(db, sql);
        return statement.all(...order.map((index) => bindable(params[index])));
      });
    return db.inTransaction ? run() : db.transaction(run).deferred();
  }

  private readConnection(): Database.Database {
    if (this.sqlite) return this.sqlite;
    const path = this.config.database.path;
    // An in-memory database cannot be opened twice; share the main connection then.
    if (path === ':memory:') return sqliteHandle(this.dataSource);
    const db = new Database(path, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    db.pragma('query_only = ON');
    this.sqlite = db;
    return db;
  }

  private prepare(db: Database.Database, sql: string): PreparedRead {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      // `$n` becomes `?`, bound in order of appearance (better-sqlite3 binds `?NNN` by name).
      const order: number[] = [];
      const text = sql.replace(/\$(\d+)/g, (_match, index: string) => {
        order.push(Number(index) - 1);
        return '?';
      });
      prepared = { statement: db.prepare(text), order };
      this.statements.set(sql, prepared);
    }
    return prepared;
  }
}

interface PreparedRead {
  statement: Database.Statement;
  /** For each `?` in order, the index of the `$n` parameter it stands for. */
  order: number[];
}

const bindable = (value: unknown) => (typeof value === 'boolean' ? Number(value) : value);
