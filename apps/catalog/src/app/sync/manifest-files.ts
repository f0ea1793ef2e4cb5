import { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The file name automatic registration looks for, at any depth of the watch directory. */
export const MANIFEST_NAME = 'simulation.json';
/** Same limit as request bodies. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;

export type ManifestRead = { kind: 'body'; body: unknown } | { kind: 'unreadable'; problem: string } | { kind: 'missing' };

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

/** Reads and parses one manifest; never throws. */
export async function readManifest(path: string): Promise<ManifestRead> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return { kind: 'unreadable', problem: 'manifest is not a regular file' };
    if (info.size > MAX_MANIFEST_BYTES) return { kind: 'unreadable', problem: `manifest is larger than ${MAX_MANIFEST_BYTES} bytes` };
    const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
    try {
      return { kind: 'body', body: JSON.parse(text) as unknown };
    } catch (error) {
      return { kind: 'unreadable', problem: `malformed JSON: ${(error as Error).message}` };
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'unreadable', problem: `cannot read manifest (${code ?? 'error'})` };
  }
}
