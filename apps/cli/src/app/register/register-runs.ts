// `simsvc results register`: each run database's execution_id is read locally, then the results
// service reads the file itself (`POST /register` with run_db_path relative to its runs root).
// `/register` of a registered execution_id updates it in place (apps/results/README.md), so
// "skip what is registered" asks first: `GET /results/{execution_id}`, 200 → skipped. --replace
// leaves the question out and registers every file again.
import { SimsvcError, type ResultsComponents, type SimsvcClient } from '@simsvc/client';
import { RealPaths, runDbPath } from './run-files';
import { readExecutionId, RunFileError } from './run-metadata';

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
  const realPaths = new RealPaths();
  let next = 0;
  let fatal: unknown;
  const worker = async () => {
    while (fatal === undefined && next < files.length) {
      const index = next++;
      try {
        outcomes[index] = await registerOne(client, files[index], options, realPaths);
        report(outcomes[index]);
      } catch (error) {
        fatal ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, files.length)) }, worker));
  if (fatal !== undefined) throw fatal;
  return outcomes;
}

async function registerOne(client: SimsvcClient, file: string, options: RegisterRunsOptions, realPaths: RealPaths): Promise<RunOutcome> {
  let path: string | undefined;
  try {
    path = runDbPath(realPaths.of(file), options.root);
  } catch (error) {
    return failed(file, (error as Error).message);
  }
  if (path === undefined) return failed(file, `outside --root ${options.root}`);
  let executionId: string;
  try {
    executionId = readExecutionId(file);
  } catch (error) {
    if (error instanceof RunFileError) return failed(file, error.message, { run_db_path: path });
    throw error;
  }
  const known = { execution_id: executionId, run_db_path: path };
  try {
    if (!options.replace && (await isRegistered(client, executionId))) return { file, outcome: 'skipped', ...known };
    const result = await client.results.POST('/register', { body: { execution_id: executionId, run_db_path: path } });
    return { file, outcome: 'registered', ...known, result };
  } catch (error) {
    if (error instanceof SimsvcError && error.status !== 401) return failed(file, error.message, known, error.status);
    throw error;
  }
}

/** 200: registered; 404: not; any other answer is thrown as the client would (a 404 is no error here). */
async function isRegistered(client: SimsvcClient, executionId: string): Promise<boolean> {
  const { response, error } = await client.results.raw.GET('/results/{execution_id}', { params: { path: { execution_id: executionId } } });
  if (response.ok) return true;
  if (response.status === 404) return false;
  throw SimsvcError.fromResponse({ method: 'GET', url: response.url }, response, error);
}

function failed(file: string, message: string, known: { execution_id?: string; run_db_path?: string } = {}, status?: number): RunOutcome {
  return { file, outcome: 'failed', ...known, error: { ...(status !== undefined ? { status } : {}), message } };
}
