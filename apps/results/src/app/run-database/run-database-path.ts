// Where a run database may be read from: only below the runs root, after following symlinks,
// so that neither `..` nor a link can point the service at any other file on the server.
import { readlink, realpath, stat } from 'node:fs/promises';
import { isWithin } from '@simsvc/platform';
import { basename, dirname, join, resolve } from 'node:path';
import { invalidRunDatabase, runDatabaseNotFound, runDatabaseOutsideRoot } from './run-database.errors';

// Linux's own limit on links followed while resolving one path.
const MAX_SYMLINK_HOPS = 40;

/**
 * The canonical path of the run database of executionId: `requested` when given (relative to
 * the root), else `<runsRoot>/<executionId>.db`. Containment is checked before existence, so
 * a client cannot probe for files outside the root.
 */
export async function resolveRunDatabasePath(runsRoot: string, executionId: string, requested?: string | null): Promise<string> {
  const configuredRoot = resolve(runsRoot);
  const wanted = requested ?? `${executionId}.db`;
  if (wanted.includes('\0')) throw invalidRunDatabase('run_db_path is not a valid path');

  const root = await canonicalPath(configuredRoot);
  const target = await canonicalPath(resolve(configuredRoot, wanted));
  if (!isWithin(root, target)) throw runDatabaseOutsideRoot();

  await assertRegularFile(target);
  return target;
}

async function assertRegularFile(path: string): Promise<void> {
  const stats = await stat(path).catch((error: unknown) => {
    if (!isErrno(error)) throw error;
    if (isMissing(error)) throw runDatabaseNotFound();
    throw invalidRunDatabase('run database is not readable', error);
  });
  if (!stats.isFile()) throw invalidRunDatabase('run database is not a regular file');
}

/**
 * realpath for paths that may not exist: the deepest resolvable ancestor is resolved and the
 * rest appended. Dangling links are followed by hand, since realpath cannot say where they
 * point and their target decides whether the path is inside the root. A part that cannot be
 * resolved at all (no permission) is kept as written: the OS cannot follow it for us either.
 */
async function canonicalPath(path: string, hops = 0): Promise<string> {
  if (hops > MAX_SYMLINK_HOPS) throw invalidRunDatabase('run_db_path has too many levels of symbolic links');
  try {
    return await realpath(path);
  } catch (error) {
    if (!isErrno(error)) throw error;
  }
  const link = await linkTarget(path);
  if (link !== null) return canonicalPath(resolve(dirname(path), link), hops + 1);
  const parent = dirname(path);
  if (parent === path) return path;
  return join(await canonicalPath(parent, hops), basename(path));
}

async function linkTarget(path: string): Promise<string | null> {
  try {
    return await readlink(path);
  } catch (error) {
    if (!isErrno(error)) throw error;
    return null;
  }
}

function isMissing(error: unknown): boolean {
  return hasCode(error, 'ENOENT') || hasCode(error, 'ENOTDIR');
}

// Duck-typed rather than `instanceof Error`: errors from Node's fs come from another realm under
// test runners that sandbox modules.
function isErrno(error: unknown): error is NodeJS.ErrnoException {
  return typeof error === 'object' && error !== null && typeof (error as NodeJS.ErrnoException).code === 'string';
}

function hasCode(error: unknown, code: string): boolean {
  return isErrno(error) && error.code === code;
}
