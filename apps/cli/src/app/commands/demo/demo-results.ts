// The demo's runs in the results service: each run database registered by its path (`POST
// /register`; the service reads the file, so it must lie below the service's runs root). A run
// registered already is updated in place from the same file, so running the demo again changes
// nothing.
import { SimsvcError, type SimsvcClient } from '@simsvc/client';
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { forEachConcurrently } from './concurrently';
import type { DemoRun } from './demo-sweep';

export class RunsNotReadableError extends Error {}

export async function registerDemoRuns(client: SimsvcClient, runs: DemoRun[], concurrency: number): Promise<void> {
  if (runs.length === 0) return;
  // The service takes an absolute path below its runs root (symlinks followed: send the real one).
  const directory = realpathSync(dirname(runs[0].file));
  await forEachConcurrently(runs, concurrency, async (run) => {
    const path = run.file.replace(dirname(run.file), directory);
    try {
      await client.results.POST('/register', { body: { execution_id: run.execution_id, run_db_path: path } });
    } catch (error) {
      if (error instanceof SimsvcError && (error.status === 403 || error.status === 404)) {
        throw new RunsNotReadableError(
          `the results service cannot read the run databases in ${directory} (${error.status} ${error.message}): ` +
            'run `simsvc demo` on the machine and from the directory the services run in (`npm start`: the workspace root, runs root ./data/runs), ' +
            "or give --runs-dir a directory below the results service's --runs-root",
        );
      }
      throw error;
    }
  });
}
