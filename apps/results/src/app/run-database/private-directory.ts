// The directory that private copies of run databases are written to: made by mkdtemp (mode
// 0700, so only the service's user can list or open the copies) when first needed, and made
// again if it disappears (a tmp cleaner, say).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class PrivateDirectory {
  private current?: Promise<string>;

  constructor(private readonly prefix = join(tmpdir(), 'simsvc-run-databases-')) {}

  path(): Promise<string> {
    this.current ??= mkdtemp(this.prefix);
    const current = this.current;
    current.catch(() => {
      if (this.current === current) this.current = undefined;
    });
    return current;
  }

  /** A file could not be created in it for error; true when that is because it is gone (the next path() makes a new one). */
  lost(error: unknown): boolean {
    if ((error as NodeJS.ErrnoException | null)?.code !== 'ENOENT') return false;
    this.current = undefined;
    return true;
  }

  async remove(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    if (current) await rm(await current, { recursive: true, force: true });
  }
}
