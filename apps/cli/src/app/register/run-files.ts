// The run databases `simsvc results register PATH...` names, and the path the results service is
// sent for each: relative to --root, which is the directory the service has as its runs root.
import { lstatSync, realpathSync } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../usage-error';

/**
 * `file` as the service's `run_db_path`: relative to `root`, with `/` separators. Both are real
 * paths (symlinks followed); undefined when the file is not inside the root.
 */
export function runDbPath(file: string, root: string): string | undefined {
  const path = relative(root, file);
  if (path === '' || path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path)) return undefined;
  return path.split(sep).join('/');
}

/**
 * Every file the arguments name: a file as given, a directory searched recursively for `*.db`
 * (sorted, so runs register in a stable order). A missing argument is a usage error; a directory
 * holding no `*.db` is reported through `empty`.
 */
export async function findRunFiles(paths: string[], empty: (directory: string) => void = () => undefined): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const absolute = resolve(path);
    let info;
    try {
      info = await stat(absolute);
    } catch {
      throw new UsageError(`${path}: no such file or directory`);
    }
    if (info.isDirectory()) {
      const found = await databasesUnder(absolute);
      if (found.length === 0) empty(path);
      files.push(...found);
    } else files.push(absolute);
  }
  return [...new Set(files)];
}

async function databasesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const entry of entries) {
    const full = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await databasesUnder(full)));
    else if (entry.name.endsWith('.db') && (entry.isFile() || entry.isSymbolicLink())) files.push(full);
  }
  return files;
}

/** The real path of --root; a usage error when it is not a directory. */
export async function realRoot(root: string): Promise<string> {
  try {
    const real = await realpath(root);
    if (!(await stat(real)).isDirectory()) throw new Error('not a directory');
    return real;
  } catch {
    throw new UsageError(`--root ${root}: not a directory`);
  }
}

/**
 * Real paths of many files in few directories: each directory is resolved once, a file only
 * when it is itself a symlink (a realpath per file cost ~0.7 ms of the CLI's CPU per run).
 */
export class RealPaths {
  private readonly directories = new Map<string, string>();

  of(file: string): string {
    if (lstatSync(file).isSymbolicLink()) return realpathSync(file);
    const directory = dirname(file);
    let real = this.directories.get(directory);
    if (real === undefined) {
      real = realpathSync(directory);
      this.directories.set(directory, real);
    }
    return join(real, basename(file));
  }
}
