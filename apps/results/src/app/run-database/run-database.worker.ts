// Worker process of RunDatabaseWorkers (run-database-workers.ts). From the sources Node runs this
// file by stripping its types, so it is erasable TypeScript and CommonJS (with `import` statements
// Node would reparse it as an ES module, with a warning); a build compiles it next to main.js.
// Taking hold of the run database and SQLite work on it (parsing a schema of 100,000 views, say)
// happen here, where the service can end them with SIGKILL, instead of on the event loop.
// A request: `open` takes the file at source by one descriptor and copies it to target (see
// copy below), then opens the copy read-only (closing and deleting any earlier one);
// `statements` run in order; `close` closes the copy and deletes it. A failure is answered with
// name RunDatabaseRefusal (and a kind) for a file refused, PrivateCopyError for a copy not made.
import type Database from 'better-sqlite3';
const BetterSqlite3 = require('better-sqlite3') as typeof import('better-sqlite3');
const fs = require('node:fs') as typeof import('node:fs');
// By its path, not @simsvc/platform: from the sources Node resolves no path aliases, and the
// library's index would load NestJS into every worker.
// eslint-disable-next-line @nx/enforce-module-boundaries
const { isWithin } = require('../../../../../libs/platform/src/lib/files/is-within.ts') as typeof import('@simsvc/platform');

/** The run database a lease reads: the file at source (already confined to root by name), copied to target. */
export interface RunDatabaseSource {
  source: string;
  root: string;
  target: string;
  maxFileBytes: number;
}

export type StatementParams = readonly unknown[] | Readonly<Record<string, unknown>>;

export interface Statement {
  sql: string;
  params?: StatementParams;
}

/** Rows of one statement, with its result columns (so that specs can tell what was fetched). */
export interface StatementResult<Row> {
  rows: Row[];
  columns: string[];
}

/**
 * What a worker reports of one failed request: SQLite failures carry name SqliteError and a code,
 * a refused file name RunDatabaseRefusal and a kind, a copy not made name PrivateCopyError and a code.
 */
export interface WorkerFailure {
  name?: string;
  message: string;
  code?: string;
  kind?: RefusalKind;
}

export interface WorkerRequest {
  id: number;
  open?: RunDatabaseSource;
  statements?: readonly Statement[];
  close?: boolean;
}

export type WorkerReply = { id: number; results?: StatementResult<unknown>[]; error?: WorkerFailure };

type RefusalKind = 'not-found' | 'outside-root' | 'invalid' | 'too-large';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
// Header bytes 18 and 19: file format write and read versions, 2 for WAL and 1 for legacy.
const FORMAT_VERSIONS_OFFSET = 18;
const LEGACY_FORMAT_VERSIONS = Buffer.from([1, 1]);
const COPY_CHUNK_BYTES = 1024 * 1024;
// A file longer than this must have at least 1/SPARSE_RATIO of its length on disk: a sparse file
// of 32 KB on disk and 977 MB long once made a private copy of 977 MB.
const SPARSE_MIN_BYTES = 1024 * 1024;
const SPARSE_RATIO = 8;

let db: Database.Database | undefined;
let copyPath: string | undefined;

class Refusal extends Error {
  readonly kind: RefusalKind;

  constructor(kind: RefusalKind, message: string) {
    super(message);
    this.name = 'RunDatabaseRefusal';
    this.kind = kind;
  }
}

function close(): void {
  db?.close();
  db = undefined;
  if (copyPath) fs.rmSync(copyPath, { force: true });
  copyPath = undefined;
}

/**
 * Opens source once (never following a final symlink, never blocking on a FIFO), checks through
 * that descriptor that it is a regular SQLite file with one link, not sparse, of at most
 * maxFileBytes, whose real location is inside root, and copies it through the same descriptor
 * to target (created new, mode 0600, in the service's private directory). Opening by name twice (once to check, once to read) let a
 * swapped directory or file point the read elsewhere; SQLite opening the runs root's file itself
 * left -wal/-shm files there and could hang on a FIFO.
 */
function copy({ source, root, target, maxFileBytes }: RunDatabaseSource): void {
  const realRoot = attempt(() => fs.realpathSync(root));
  const fd = attempt(() => fs.openSync(source, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK));
  try {
    const realPath = attempt(() => fs.readlinkSync(`/proc/self/fd/${fd}`));
    if (!isWithin(realRoot, realPath)) throw new Refusal('outside-root', 'run_db_path is outside the runs root');
    const stats = attempt(() => fs.fstatSync(fd));
    if (!stats.isFile()) throw new Refusal('invalid', 'run database is not a regular file');
    // Another name of the file may lie anywhere on the file system (a hard link into the root
    // of a file outside it), and the descriptor's path cannot tell.
    if (stats.nlink > 1) throw new Refusal('invalid', `run database has ${stats.nlink} hard links; only a file with one link is read`);
    const allocated = stats.blocks * 512;
    if (stats.size > SPARSE_MIN_BYTES && allocated * SPARSE_RATIO < stats.size) {
      throw new Refusal('invalid', `run database is sparse: ${stats.size} bytes long, ${allocated} allocated`);
    }
    if (stats.size > maxFileBytes) {
      throw new Refusal('too-large', `run database is ${stats.size} bytes; at most ${maxFileBytes} are accepted`);
    }
    copyDescriptor(fd, target, maxFileBytes);
  } finally {
    fs.closeSync(fd);
  }
}

function copyDescriptor(fd: number, target: string, maxFileBytes: number): void {
  let output: number;
  try {
    output = fs.openSync(target, 'wx', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw Object.assign(new Error('private copy could not be created'), { name: 'PrivateCopyError', code });
  }
  copyPath = target;
  try {
    copyInto(fd, output, maxFileBytes);
  } finally {
    fs.closeSync(output);
  }
}

/** Copies through the descriptor until its end; a file that grew past the limit meanwhile is refused. */
function copyInto(fd: number, output: number, maxFileBytes: number): void {
  const buffer = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
  for (let position = 0; ;) {
    const bytesRead = attempt(() => fs.readSync(fd, buffer, 0, buffer.length, position));
    if (position === 0 && (bytesRead < SQLITE_HEADER.length || !buffer.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER))) {
      throw new Refusal('invalid', 'run database is not a SQLite database');
    }
    if (bytesRead === 0) return;
    if (position + bytesRead > maxFileBytes) {
      throw new Refusal('too-large', `run database is more than ${maxFileBytes} bytes; at most ${maxFileBytes} are accepted`);
    }
    // The copy is read alone and read-only: as a WAL database SQLite would want -wal and -shm
    // files beside it, as a legacy one it needs nothing. The main file holds every committed
    // page once sim2l has closed the run (its last connection checkpoints the WAL).
    if (position === 0 && bytesRead >= FORMAT_VERSIONS_OFFSET + 2) LEGACY_FORMAT_VERSIONS.copy(buffer, FORMAT_VERSIONS_OFFSET);
    fs.writeSync(output, buffer, 0, bytesRead);
    position += bytesRead;
  }
}

function attempt<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new Refusal('not-found', 'run database not found');
    // O_NOFOLLOW: the checked path became a symlink after it was resolved.
    if (code === 'ELOOP') throw new Refusal('invalid', 'run database is not a regular file');
    if (typeof code === 'string') throw new Refusal('invalid', 'run database is not readable');
    throw error;
  }
}

function run({ sql, params }: Statement): StatementResult<unknown> {
  if (!db) throw new Error('no run database is open');
  const statement = db.prepare(sql);
  return { rows: statement.all(params ?? []), columns: statement.columns().map((column) => column.name) };
}

function handle(request: WorkerRequest): StatementResult<unknown>[] {
  if (request.open !== undefined) {
    close();
    copy(request.open);
    db = new BetterSqlite3(request.open.target, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
  }
  const results = (request.statements ?? []).map(run);
  if (request.close) close();
  return results;
}

function reply(message: WorkerReply): void {
  process.send?.(message);
}

process.on('message', (request: WorkerRequest) => {
  try {
    reply({ id: request.id, results: handle(request) });
  } catch (error) {
    if (request.open !== undefined) close();
    const { name, message, code, kind } = error as WorkerFailure;
    reply({ id: request.id, error: { name, message, code, kind } });
  }
});
// The service went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
