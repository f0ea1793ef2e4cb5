import { chmodSync, closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StoreStartupError } from './store-startup-error';

/** Owner only: the auth store holds the signing secret and password hashes. */
const STORE_FILE_MODE = 0o600;
const DATA_DIRECTORY_MODE = 0o700;
const GROUP_OR_OTHER_BITS = 0o077;

/**
 * Makes sure the SQLite file of `store` can be opened before the driver tries: creates a missing
 * directory 0700 and a missing file 0600 (SQLite gives its -wal and -shm files the mode of the
 * database file). An existing file open to group or others gets a warning; with `ownerOnly` (a
 * store holding secrets: the auth store's signing secret and password hashes) it is tightened to
 * 0600, with its -wal and -shm files, when the service's user owns it, and otherwise refused with
 * the command that fixes it. A path that cannot be used throws StoreStartupError naming what is
 * wrong with it.
 */
export function prepareSqliteStoreFile(store: string, path: string, ownerOnly = false): { warning?: string } {
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
    const stat = fstatSync(descriptor);
    const mode = stat.mode & 0o777;
    if ((mode & GROUP_OR_OTHER_BITS) === 0) return {};
    if (ownerOnly) return tightenOwnerOnly(store, path, descriptor, mode, stat.uid);
    return {
      warning: `${store} database file ${path} is readable or writable by group or others (mode 0${mode.toString(8)}); run chmod 600 on it and its -wal and -shm files`,
    };
  } finally {
    closeSync(descriptor);
  }
}

/** 0600 for a file (and its -wal and -shm files) the service's user owns; StoreStartupError with the fix otherwise. */
function tightenOwnerOnly(store: string, path: string, descriptor: number, mode: number, owner: number): { warning: string } {
  const serviceUser = process.getuid?.() ?? owner;
  const companions = [`${path}-wal`, `${path}-shm`].filter((companion) => exists(companion));
  const files = [path, ...companions];
  const open = `${store} database file ${path} is readable or writable by group or others (mode 0${mode.toString(8)})`;
  const notOwned = files.filter((file) => (file === path ? owner : lstatSync(file).uid) !== serviceUser);
  if (notOwned.length > 0) {
    const quoted = files.map(shellQuote).join(' ');
    throw new StoreStartupError(
      `${open} and not owned by the service's user (uid ${serviceUser}); as root run: chown ${serviceUser} ${quoted} && chmod 600 ${quoted}`,
    );
  }
  fchmodSync(descriptor, STORE_FILE_MODE);
  for (const companion of companions) chmodSync(companion, STORE_FILE_MODE);
  return { warning: `${open}; its mode is now 0600` };
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

const shellQuote = (value: string): string => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

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
