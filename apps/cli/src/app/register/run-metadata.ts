// The execution_id of a run database, read locally from its run_metadata row (contract §6) so
// that the CLI knows which result a file is before asking the service.
import Database from 'better-sqlite3';

export class RunFileError extends Error {}

/** Opens the file read-only (never creating it or a journal) and reads its one run_metadata row. */
export function readExecutionId(file: string): string {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RunFileError(`cannot open as SQLite: ${(error as Error).message}`);
  }
  try {
    const rows = db.prepare('SELECT execution_id FROM run_metadata LIMIT 2').all() as { execution_id: unknown }[];
    if (rows.length !== 1) throw new RunFileError(`run_metadata has ${rows.length === 0 ? 'no row' : 'more than one row'}`);
    const executionId = rows[0].execution_id;
    if (typeof executionId !== 'string' || executionId === '') throw new RunFileError('run_metadata.execution_id is not a text');
    return executionId;
  } catch (error) {
    if (error instanceof RunFileError) throw error;
    throw new RunFileError(`not a run database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}
