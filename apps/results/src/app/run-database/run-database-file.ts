// What the service makes of a worker's failure to take hold of a run database (the descriptor,
// its checks and the private copy are made in run-database.worker.ts): the domain error the
// client sees, without a server path.
import type { WorkerFailure } from './run-database-workers';
import { invalidRunDatabase, runDatabaseNotFound, runDatabaseOutsideRoot, runDatabaseTooLarge } from './run-database.errors';

/** The domain error of a refused file, or undefined when failure is not a refusal. */
export function refusalOf(failure: unknown): Error | undefined {
  if (typeof failure !== 'object' || failure === null) return undefined;
  const { name, kind, message } = failure as WorkerFailure;
  if (name !== 'RunDatabaseRefusal') return undefined;
  if (kind === 'not-found') return runDatabaseNotFound();
  if (kind === 'outside-root') return runDatabaseOutsideRoot();
  // The worker's size limit is maxFileBytes, which the service takes from --max-run-db-bytes.
  if (kind === 'too-large') return runDatabaseTooLarge(`${message} (--max-run-db-bytes)`);
  return invalidRunDatabase(message, failure);
}

/** True when failure is the worker finding no directory to put the copy in. */
export function isCopyDirectoryMissing(failure: unknown): failure is NodeJS.ErrnoException {
  if (typeof failure !== 'object' || failure === null) return false;
  const { name, code } = failure as WorkerFailure;
  return name === 'PrivateCopyError' && code === 'ENOENT';
}
