import { constants, Dirent } from 'node:fs';
import { open, readdir, readlink, realpath } from 'node:fs/promises';
import { isWithin } from '@simsvc/platform';
import { join, relative } from 'node:path';
import { malformedJsonProblem } from './malformed-json';

/** The file name automatic registration looks for, at any depth of the watch directory. */
export const MANIFEST_NAME = 'simulation.json';
/** Same limit as request bodies. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;

export type ManifestRead =
  | { kind: 'body'; body: unknown }
  | { kind: 'unreadable'; problem: string }
  | { kind: 'missing' }
  /** A link (of the file or a directory above it) that leads out of the watch directory. */
  | { kind: 'outside' };

/**
 * Every simulation.json below `root`, sorted. Symbolic links to directories are not followed
 * (no cycles, no escaping the directory); unreadable directories are skipped.
 */
export async function findManifests(root: string): Promise<string[]> {
  const found: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const directory = pending.pop() as string;
    let entries: Dirent[];
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.name === MANIFEST_NAME && (entry.isFile() || entry.isSymbolicLink())) found.push(path);
    }
  }
  return found.sort();
}

/**
 * Reads and parses one manifest below root; never throws. The file is opened once (without
 * blocking on a FIFO) and everything else goes through that descriptor: where it really is (a
 * symlinked file or directory may lead anywhere), that it is a regular file with one link, its
 * size, its text.
 */
export async function readManifest(root: string, path: string): Promise<ManifestRead> {
  try {
    const realRoot = await realpath(root);
    const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      if (!isWithin(realRoot, await readlink(`/proc/self/fd/${file.fd}`))) return { kind: 'outside' };
      const info = await file.stat();
      if (!info.isFile()) return { kind: 'unreadable', problem: 'manifest is not a regular file' };
      // A second name of the file may be anywhere on the file system (a hard link into the
      // watch directory of a file outside it), and the descriptor's path cannot tell.
      if (info.nlink > 1)
        return { kind: 'unreadable', problem: `manifest has ${info.nlink} hard links; only a file with one link is read` };
      if (info.size > MAX_MANIFEST_BYTES) return { kind: 'unreadable', problem: `manifest is larger than ${MAX_MANIFEST_BYTES} bytes` };
      const text = (await file.readFile('utf8')).replace(/^\uFEFF/, '');
      try {
        return { kind: 'body', body: JSON.parse(text) as unknown };
      } catch (error) {
        return { kind: 'unreadable', problem: malformedJsonProblem(text, error) };
      }
    } finally {
      await file.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'unreadable', problem: `cannot read manifest (${code ?? 'error'})` };
  }
}

/** path as shown to clients: relative to the watch directory, which they need not know. */
export function shownManifestPath(root: string, path: string): string {
  return relative(root, path);
}
