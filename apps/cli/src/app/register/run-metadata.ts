// The execution_id and simulation of a run database, read locally from its run_metadata row
// (contract §6) so that the CLI knows which result a file is before asking the service.
import Database from 'better-sqlite3';

export class RunFileError extends Error {}

/** Opens the file read-only (never creating it or a journal) and reads its one run_metadata row. */
export function readRunMetadata(file: string): { execution_id: string; simulation_name: string } {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RunFileError(`cannot open as SQLite: ${(error as Error).message}`);
  }
  try {
    const rows = db.prepare('SELECT execution_id, simulation_name FROM run_metadata LIMIT 2').all() as {
      execution_id: unknown;
      simulation_name: unknown;
    }[];
    if (rows.length !== 1) throw new RunFileError(`run_metadata has ${rows.length === 0 ? 'no row' : 'more than one row'}`);
    const { execution_id, simulation_name } = rows[0];
    if (typeof execution_id !== 'string' || execution_id === '') throw new RunFileError('run_metadata.execution_id is not a text');
    // The service judges the name; a non-text one only means the bulk lookup cannot use it.
    return { execution_id, simulation_name: typeof simulation_name === 'string' ? simulation_name : '' };
  } catch (error) {
    if (error instanceof RunFileError) throw error;
    throw new RunFileError(`not a run database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}
