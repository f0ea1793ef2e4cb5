// Worker thread of SqliteReadPool (sqlite-read-pool.ts). One connection that only reads; each
// request's statements run in one read transaction (one snapshot). From the sources Node runs this
// file by stripping its types, so it is erasable TypeScript and CommonJS (with `import` statements
// Node would reparse it as an ES module, with a warning); a build compiles it next to main.js.
import type Database from 'better-sqlite3';
const BetterSqlite3 = require('better-sqlite3') as typeof import('better-sqlite3');
const { LRUCache } = require('lru-cache') as typeof import('lru-cache');
const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
// With its extension: from the sources Node resolves no `.ts` by itself; the build bundles it.
const { registerSqliteGlob } = require('./sqlite-glob.ts') as typeof import('./sqlite-glob');

export interface WorkerRequest {
  id: number;
  statements: { text: string; args: unknown[] }[];
}

export type WorkerReply = { id: number; rows: unknown[][] } | { id: number; error: { message: string; code?: string } };

interface WorkerOptions {
  path: string;
  cachedStatements: number;
}

const options = workerData as WorkerOptions;

// Opened on the first request, so that a file that cannot be opened yet is reported per request
// (and retried on the next one) instead of ending the worker.
let readAll: Database.Transaction<(statements: WorkerRequest['statements']) => unknown[][]> | undefined;
const prepared = new LRUCache<string, Database.Statement>({ max: options?.cachedStatements ?? 64 });

function open(): NonNullable<typeof readAll> {
  const connection = new BetterSqlite3(options.path, { fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  connection.pragma('query_only = ON');
  registerSqliteGlob(connection);
  return connection.transaction((statements: WorkerRequest['statements']) =>
    statements.map(({ text, args }) => prepare(connection, text).all(...args)),
  );
}

function prepare(connection: Database.Database, text: string): Database.Statement {
  let statement = prepared.get(text);
  if (!statement) prepared.set(text, (statement = connection.prepare(text)));
  return statement;
}

parentPort?.on('message', ({ id, statements }: WorkerRequest) => {
  try {
    readAll ??= open();
    parentPort?.postMessage({ id, rows: readAll.deferred(statements) } satisfies WorkerReply);
  } catch (error) {
    const { message, code } = error as Error & { code?: string };
    parentPort?.postMessage({ id, error: { message, code } } satisfies WorkerReply);
  }
});
