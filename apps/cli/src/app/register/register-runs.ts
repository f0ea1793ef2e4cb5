// `simsvc results register`: each run database's execution_id is read locally, then the results
// service reads the file itself (`POST /register` with run_db_path relative to its runs root).
// `/register` of a registered execution_id updates it in place (apps/results/README.md), so
// "skip what is registered" asks first (RegisteredRuns); --replace leaves the question out and
// registers every file again.
import { SimsvcError, type ResultsComponents, type SimsvcClient } from '@simsvc/client';
import { RegisteredRuns } from './registered-runs';
import { RealPaths, runDbPath } from './run-files';
import { readRunMetadata, RunFileError } from './run-metadata';

export type RunOutcome =
  | {
      file: string;
      outcome: 'registered';
      execution_id: string;
      run_db_path: string;
      result: ResultsComponents['schemas']['RegisterResultResponse'];
    }
  | { file: string; outcome: 'skipped'; execution_id: string; run_db_path: string }
  | { file: string; outcome: 'failed'; execution_id?: string; run_db_path?: string; error: { status?: number; message: string } };

export interface RegisterRunsOptions {
  /** Real path of the directory the results service has as its runs root. */
  root: string;
  concurrency: number;
  replace: boolean;
}

interface LocalRun {
  index: number;
  file: string;
  run_db_path: string;
  execution_id: string;
  simulation_name: string;
}

/**
 * Registers the files, `concurrency` at a time, reporting each outcome as it comes. A service that
 * cannot be reached or refuses the session (401) ends it all: every other file would fail alike.
 */
export async function registerRuns(
  client: SimsvcClient,
  files: string[],
  options: RegisterRunsOptions,
  report: (outcome: RunOutcome) => void,
): Promise<RunOutcome[]> {
  const outcomes: RunOutcome[] = new Array(files.length);
  const runs: LocalRun[] = [];
  const realPaths = new RealPaths();
  files.forEach((file, index) => {
    const local = readLocal(file, index, options.root, realPaths);
    if ('outcome' in local) report((outcomes[index] = local));
    else runs.push(local);
  });
  const registered = options.replace ? undefined : await RegisteredRuns.load(client, runs);

  let next = 0;
  let fatal: unknown;
  const worker = async () => {
    while (fatal === undefined && next < runs.length) {
      const run = runs[next++];
      try {
        report((outcomes[run.index] = await registerOne(client, run, registered)));
      } catch (error) {
        fatal ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, runs.length)) }, worker));
  if (fatal !== undefined) throw fatal;
  return outcomes;
}

/** The file's path below the root and its run_metadata, or why it cannot be registered. */
function readLocal(file: string, index: number, root: string, realPaths: RealPaths): LocalRun | RunOutcome {
  let path: string | undefined;
  try {
    path = runDbPath(realPaths.of(file), root);
  } catch (error) {
    return failed(file, (error as Error).message);
  }
  if (path === undefined) return failed(file, `outside --root ${root}`);
  try {
    return { index, file, run_db_path: path, ...readRunMetadata(file) };
  } catch (error) {
    if (error instanceof RunFileError) return failed(file, error.message, { run_db_path: path });
    throw error;
  }
}

async function registerOne(client: SimsvcClient, run: LocalRun, registered: RegisteredRuns | undefined): Promise<RunOutcome> {
  const { file, execution_id, run_db_path } = run;
  try {
    if (registered && (await registered.isRegistered(run))) return { file, outcome: 'skipped', execution_id, run_db_path };
    const result = await client.results.POST('/register', { body: { execution_id, run_db_path } });
    return { file, outcome: 'registered', execution_id, run_db_path, result };
  } catch (error) {
    if (error instanceof SimsvcError && error.status !== 401)
      return failed(file, error.message, { execution_id, run_db_path }, error.status);
    throw error;
  }
}

function failed(file: string, message: string, known: { execution_id?: string; run_db_path?: string } = {}, status?: number): RunOutcome {
  return { file, outcome: 'failed', ...known, error: { ...(status !== undefined ? { status } : {}), message } };
}
