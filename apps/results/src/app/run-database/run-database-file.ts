// Cheap check that a file is an SQLite database at all, made before SQLite itself sees it.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { InvalidRunDatabaseError, RunDatabaseNotFoundError } from './run-database.errors';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export function assertSqliteFile(path: string): void {
  // O_NONBLOCK so that a FIFO planted in place of the file cannot hang the request on open.
  const fd = attempt(() => openSync(path, constants.O_RDONLY | constants.O_NONBLOCK));
  try {
    if (!attempt(() => fstatSync(fd)).isFile()) throw new InvalidRunDatabaseError('run database is not a regular file');
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const bytesRead = attempt(() => readSync(fd, header, 0, header.length, 0));
    if (bytesRead < header.length || !header.equals(SQLITE_HEADER)) {
      throw new InvalidRunDatabaseError('run database is not a SQLite database');
    }
  } finally {
    closeSync(fd);
  }
}

function attempt<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    // Duck-typed: fs errors may come from another realm than this module's Error.
    const code = typeof error === 'object' && error !== null ? (error as NodeJS.ErrnoException).code : undefined;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new RunDatabaseNotFoundError();
    if (typeof code === 'string') throw new InvalidRunDatabaseError('run database is not readable', error);
    throw error;
  }
}
