// Where uploaded run databases live: `<runs-root>/uploads/<simulation>/<execution_id>.db`, each
// placed atomically (received into `uploads/.incoming` on the same file system, fsynced, renamed
// over any earlier upload of the execution, the directory fsynced), so that a reader on any
// replica sees the whole old file or the whole new one. The caller names the destination first
// and places the file only once its registration has committed (run-uploads.service.ts).
import { IDENTIFIER_PATTERN } from '@simsvc/contracts';
import { randomUUID } from 'node:crypto';
import { mkdir, open, realpath, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { unsafeUploadName } from './upload.errors';

export const UPLOADS_DIRECTORY = 'uploads';
const INCOMING_DIRECTORY = '.incoming';

export interface UploadDestination {
  directory: string;
  path: string;
  /** The path as the result records it, relative to the runs root. */
  relativePath: string;
}

export class UploadStore {
  constructor(private readonly runsRoot: string) {}

  /** A new path to receive an upload at, inside the runs root (so that the reader may open it). */
  async incomingPath(): Promise<string> {
    const directory = await this.directory([INCOMING_DIRECTORY]);
    return join(directory, `${randomUUID()}.db`);
  }

  /**
   * Where the run database of this execution goes (its directory made when missing). The names
   * come from the run database itself, so they are checked as path segments here: an identifier
   * cannot hold `/` nor begin with a dot.
   */
  async destination(simulationName: string, executionId: string): Promise<UploadDestination> {
    if (!IDENTIFIER_PATTERN.test(simulationName)) throw unsafeUploadName('simulation_name', IDENTIFIER_PATTERN.source);
    if (!IDENTIFIER_PATTERN.test(executionId)) throw unsafeUploadName('execution_id', IDENTIFIER_PATTERN.source);
    const directory = await this.directory([simulationName]);
    const file = `${executionId}.db`;
    return { directory, path: join(directory, file), relativePath: join(UPLOADS_DIRECTORY, simulationName, file) };
  }

  /** Moves the received file to its destination, over any earlier upload of the execution. */
  async place(incoming: string, destination: UploadDestination): Promise<void> {
    await rename(incoming, destination.path);
    await syncToDisk(destination.directory);
  }

  async discard(incoming: string): Promise<void> {
    await rm(incoming, { force: true });
  }

  /**
   * `<root>/uploads/<segments>`, made when missing. Refused when a part of it is a link (put there
   * by someone else): uploads are only ever written inside the runs root itself.
   */
  private async directory(segments: string[]): Promise<string> {
    await mkdir(join(this.runsRoot, UPLOADS_DIRECTORY, ...segments), { recursive: true, mode: 0o750 });
    const wanted = join(await realpath(this.runsRoot), UPLOADS_DIRECTORY, ...segments);
    if ((await realpath(wanted)) !== wanted) throw new Error(`${wanted} is not a plain directory of the runs root`);
    return wanted;
  }
}

/** fsyncs a file or a directory (a directory, so that a rename into it is on disk). */
export async function syncToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
