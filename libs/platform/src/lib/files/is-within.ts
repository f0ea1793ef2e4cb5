import { isAbsolute, relative, sep } from 'node:path';

/**
 * Whether target is root or lies below it. Both paths must be canonical (realpath, or a
 * descriptor's /proc/self/fd link): `..` and symlinks are not looked at here.
 * Erasable TypeScript without imports of the project: the run-database worker of the results
 * service requires this file by its path when it runs from the sources.
 */
export function isWithin(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
