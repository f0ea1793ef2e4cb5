// Takes hold of a run database by one descriptor and copies it somewhere private, so that what
// SQLite reads is the very file that was checked. Opening by name twice (once to check, once to
// read) let a swapped directory or file point the read elsewhere; SQLite opening the runs root's
// file itself left -wal/-shm files there and could hang on a FIFO.
import { closeSync, constants, fstatSync, openSync, read, readlinkSync, readSync } from 'node:fs';
import { type FileHandle, open, realpath, unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { isAbsolute, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import type { PrivateDirectory } from './private-directory';
import { InvalidRunDatabaseError, RunDatabaseNotFoundError, RunDatabaseOutsideRootError } from './run-database.errors';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
// Header bytes 18 and 19: file format write and read versions, 2 for WAL and 1 for legacy.
const FORMAT_VERSIONS_OFFSET = 18;
const LEGACY_FORMAT_VERSIONS = Buffer.from([1, 1]);
const COPY_CHUNK_BYTES = 1024 * 1024;

const readAt = promisify(read);

/** A private copy of a run database; remove() deletes it. */
export interface RunDatabaseCopy {
  path: string;
  remove(): Promise<void>;
}

/**
 * Opens path once (never following a final symlink, never blocking on a FIFO), checks through
 * that descriptor that it is a regular SQLite file of at most maxFileBytes whose real location
 * is inside runsRoot, and copies it through the same descriptor into directory, as a file of
 * mode 0600.
 */
export async function copyRunDatabase(
  runsRoot: string,
  path: string,
  directory: PrivateDirectory,
  maxFileBytes: number,
): Promise<RunDatabaseCopy> {
  const root = await realpath(runsRoot);
  const fd = attempt(() => openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK));
  try {
    if (
      !isWithin(
        root,
        attempt(() => readlinkSync(`/proc/self/fd/${fd}`)),
      )
    )
      throw new RunDatabaseOutsideRootError();
    const stats = attempt(() => fstatSync(fd));
    if (!stats.isFile()) throw new InvalidRunDatabaseError('run database is not a regular file');
    if (stats.size > maxFileBytes) {
      throw new InvalidRunDatabaseError(`run database is ${stats.size} bytes; at most ${maxFileBytes} are accepted`);
    }
    assertSqliteHeader(fd);
    return await copyDescriptor(fd, directory, maxFileBytes);
  } finally {
    closeSync(fd);
  }
}

function assertSqliteHeader(fd: number): void {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const bytesRead = attempt(() => readSync(fd, header, 0, header.length, 0));
  if (bytesRead < header.length || !header.equals(SQLITE_HEADER)) {
    throw new InvalidRunDatabaseError('run database is not a SQLite database');
  }
}

async function copyDescriptor(fd: number, directory: PrivateDirectory, maxFileBytes: number): Promise<RunDatabaseCopy> {
  const { target, output } = await createPrivateFile(directory);
  const copy: RunDatabaseCopy = { path: target, remove: () => unlink(target).catch(() => undefined) };
  try {
    await copyInto(fd, output, maxFileBytes);
    await output.close();
    return copy;
  } catch (error) {
    await output.close().catch(() => undefined);
    await copy.remove();
    throw error;
  }
}

async function createPrivateFile(directory: PrivateDirectory): Promise<{ target: string; output: FileHandle }> {
  for (let attempt = 1; ; attempt += 1) {
    const target = join(await directory.path(), `${randomUUID()}.db`);
    try {
      return { target, output: await open(target, 'wx', 0o600) };
    } catch (error) {
      if (attempt > 1 || !directory.lost(error)) throw error;
    }
  }
}

/** Copies through the descriptor until its end; a file that grew past the limit meanwhile is refused. */
async function copyInto(fd: number, output: FileHandle, maxFileBytes: number): Promise<void> {
  const buffer = Buffer.alloc(COPY_CHUNK_BYTES);
  for (let position = 0; ;) {
    const { bytesRead } = await readAt(fd, buffer, 0, buffer.length, position).catch((error: unknown) => {
      throw new InvalidRunDatabaseError('run database is not readable', error);
    });
    if (bytesRead === 0) return;
    if (position + bytesRead > maxFileBytes) {
      throw new InvalidRunDatabaseError(`run database is more than ${maxFileBytes} bytes; at most ${maxFileBytes} are accepted`);
    }
    // The copy is read alone and read-only: as a WAL database SQLite would want -wal and -shm
    // files beside it, as a legacy one it needs nothing. The main file holds every committed
    // page once sim2l has closed the run (its last connection checkpoints the WAL).
    if (position === 0 && bytesRead >= FORMAT_VERSIONS_OFFSET + 2) LEGACY_FORMAT_VERSIONS.copy(buffer, FORMAT_VERSIONS_OFFSET);
    await output.write(buffer, 0, bytesRead);
    position += bytesRead;
  }
}

function isWithin(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function attempt<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    // Duck-typed: fs errors may come from another realm than this module's Error.
    const code = typeof error === 'object' && error !== null ? (error as NodeJS.ErrnoException).code : undefined;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new RunDatabaseNotFoundError();
    // O_NOFOLLOW: the checked path became a symlink after it was resolved.
    if (code === 'ELOOP') throw new InvalidRunDatabaseError('run database is not a regular file');
    if (typeof code === 'string') throw new InvalidRunDatabaseError('run database is not readable', error);
    throw error;
  }
}
