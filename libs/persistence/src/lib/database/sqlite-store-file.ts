import { closeSync, constants, fstatSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StoreStartupError } from './store-startup-error';

/** Owner only: the auth store holds the signing secret and password hashes. */
const STORE_FILE_MODE = 0o600;
const DATA_DIRECTORY_MODE = 0o700;
const GROUP_OR_OTHER_BITS = 0o077;

/**
 * Makes sure the SQLite file of `store` can be opened before the driver tries: creates a missing
 * directory 0700 and a missing file 0600 (SQLite gives its -wal and -shm files the mode of the
 * database file), and returns a warning when an existing file is open to group or others.
 * A path that cannot be used throws StoreStartupError naming what is wrong with it.
 */
export function prepareSqliteStoreFile(store: string, path: string): { warning?: string } {
  if (path === ':memory:' || path === '') return {};
  const fail = (problem: string) => new StoreStartupError(`${store} database file ${path} cannot be opened (${problem})`);
  try {
    mkdirSync(dirname(path), { recursive: true, mode: DATA_DIRECTORY_MODE });
  } catch (error) {
    throw fail(directoryProblem(path, error as NodeJS.ErrnoException));
  }
  let descriptor: number;
  try {
    // O_CREAT without O_TRUNC: an existing database is opened as it is; a new one starts empty (valid SQLite).
    descriptor = openSync(path, constants.O_RDWR | constants.O_CREAT, STORE_FILE_MODE);
  } catch (error) {
    throw fail(fileProblem(path, error as NodeJS.ErrnoException));
  }
  try {
    const mode = fstatSync(descriptor).mode & 0o777;
    if ((mode & GROUP_OR_OTHER_BITS) === 0) return {};
    return {
      warning: `${store} database file ${path} is readable or writable by group or others (mode 0${mode.toString(8)}); run chmod 600 on it and its -wal and -shm files`,
    };
  } finally {
    closeSync(descriptor);
  }
}

function directoryProblem(path: string, error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOTDIR' || error.code === 'EEXIST') {
    const blocker = firstNonDirectoryAncestor(path);
    if (blocker) return `${blocker} is not a directory`;
  }
  if (error.code === 'EACCES' || error.code === 'EPERM') return `no permission to create directory ${error.path ?? dirname(path)}`;
  return error.message;
}

function fileProblem(path: string, error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOTDIR': {
      const blocker = firstNonDirectoryAncestor(path);
      return blocker ? `${blocker} is not a directory` : error.message;
    }
    default:
      return error.message;
  }
}

function firstNonDirectoryAncestor(path: string): string | undefined {
  const ancestors: string[] = [];
  for (let current = dirname(resolve(path)); ; current = dirname(current)) {
    ancestors.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const ancestor of ancestors) {
    try {
      if (!statSync(ancestor).isDirectory()) return ancestor;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
