// `simsvc results register`: each run database's execution_id is read locally, then the results
// service either reads the file itself (`POST /register` with run_db_path relative to its runs
// root) or is sent the file (`POST /runs`, an upload) when it cannot read it.
// `/register` of a registered execution_id updates it in place (apps/results/README.md), so
// "skip what is registered" asks first (RegisteredRuns); --replace leaves the question out and
// registers every file again.
// Without --root the current directory stands in for the runs root; when the service cannot find
// a file by that relative path (404), the file's absolute real path is sent instead (the service
// takes it when it lies under its runs root: `npm start` from the workspace root, runs in
// ./data/runs), and so are the files after it.
// Uploads: the CLI cannot know which files a service (perhaps on another machine) can read, so it
// asks by path first, which moves no bytes, and takes the service's "cannot read" answers (404 no
// such file there, 403 outside its runs root) as the sign to upload: that file and, from then on,
// every file after it (a service that cannot read one file of a batch rarely reads the next). A
// file outside --root is uploaded at once (without --root, one outside the current directory is
// first sent by its absolute path); --upload uploads every file; --no-upload never uploads, and a
// file the service cannot read fails with the path sent and the root in force.
import { SimsvcError, uploadRunDatabase, type ResultsComponents, type SimsvcClient } from '@simsvc/client';
import { openAsBlob } from 'node:fs';
import { RegisteredRuns } from './registered-runs';
import { RealPaths, runDbPath } from './run-files';
import { readRunMetadata, RunFileError } from './run-metadata';

export type RunOutcome =
  | {
      file: string;
      outcome: 'registered';
      execution_id: string;
      /** The path the service read the file by; absent for an upload. */
      run_db_path?: string;
      /** Present when the file was uploaded (POST /runs). */
      uploaded?: true;
      result: ResultsComponents['schemas']['RegisterResultResponse'];
    }
  | { file: string; outcome: 'skipped'; execution_id: string; run_db_path?: string }
  | { file: string; outcome: 'failed'; execution_id?: string; run_db_path?: string; error: { status?: number; message: string } };

export interface RegisterRunsOptions {
  /** Real path of the directory the results service has as its runs root. */
  root: string;
  /** false: `root` is only the current directory, and a 404 falls back to absolute paths. */
  rootGiven: boolean;
  concurrency: number;
  replace: boolean;
  /** always: upload every file; when-unreadable: only files the service cannot read by path; never. */
  upload: UploadPolicy;
}

export type UploadPolicy = 'always' | 'when-unreadable' | 'never';

interface LocalRun {
  index: number;
  file: string;
  /** Its path below the root; undefined when it is outside the root (it is uploaded). */
  run_db_path: string | undefined;
  /** The file's real path, for when the root was not given. */
  absolute_path: string;
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
    const local = readLocal(file, index, options, realPaths);
    if ('outcome' in local) report((outcomes[index] = local));
    else runs.push(local);
  });
  const registered = options.replace ? undefined : await RegisteredRuns.load(client, runs);
  const paths = new PathChoice(options.rootGiven, options.upload === 'always');

  let next = 0;
  let fatal: unknown;
  const worker = async () => {
    while (fatal === undefined && next < runs.length) {
      const run = runs[next++];
      try {
        report((outcomes[run.index] = await registerOne(client, run, registered, paths, options)));
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
function readLocal(
  file: string,
  index: number,
  { root, rootGiven, upload }: RegisterRunsOptions,
  realPaths: RealPaths,
): LocalRun | RunOutcome {
  let path: string | undefined;
  let absolute: string;
  try {
    absolute = realPaths.of(file);
    // Outside the current directory (no --root), the service may still read it by its absolute path.
    path = runDbPath(absolute, root) ?? (rootGiven ? undefined : absolute);
  } catch (error) {
    return failed(file, (error as Error).message);
  }
  if (path === undefined && upload === 'never') return failed(file, `outside --root ${root} (--no-upload: not sent)`);
  try {
    return { index, file, run_db_path: path, absolute_path: absolute, ...readRunMetadata(file) };
  } catch (error) {
    if (error instanceof RunFileError) return failed(file, error.message, path === undefined ? {} : { run_db_path: path });
    throw error;
  }
}

/** Whether files go as paths relative to the root, as absolute paths once that found nothing, or as uploads. */
class PathChoice {
  private absolute = false;

  constructor(
    private readonly rootGiven: boolean,
    /** Set once the service could not read a file by any path (or by --upload): every later file is uploaded. */
    public uploading: boolean,
  ) {}

  /** The path to send, or undefined to upload. */
  of(run: LocalRun): string | undefined {
    if (this.uploading || run.run_db_path === undefined) return undefined;
    return this.absolute ? run.absolute_path : run.run_db_path;
  }

  /** After a 404 for `tried`: the path to try instead, if any. */
  fallback(run: LocalRun, tried: string): string | undefined {
    if (this.rootGiven || tried === run.absolute_path) return undefined;
    this.absolute = true;
    return run.absolute_path;
  }
}

/** The service's answers that it cannot read a file by the path sent: not there (404), outside its runs root (403). */
function cannotRead(error: unknown): boolean {
  return error instanceof SimsvcError && (error.status === 404 || (error.status === 403 && !/privilege/.test(error.message)));
}

async function registerOne(
  client: SimsvcClient,
  run: LocalRun,
  registered: RegisteredRuns | undefined,
  paths: PathChoice,
  { root, rootGiven, upload: policy }: RegisterRunsOptions,
): Promise<RunOutcome> {
  const { file, execution_id } = run;
  let run_db_path = paths.of(run);
  const upload = async (): Promise<RunOutcome> => {
    run_db_path = undefined;
    const result = await uploadRunDatabase(client.results, await openAsBlob(run.absolute_path), execution_id);
    return { file, outcome: 'registered', execution_id, uploaded: true, result };
  };
  try {
    if (registered && (await registered.isRegistered(run))) {
      return { file, outcome: 'skipped', execution_id, ...(run.run_db_path === undefined ? {} : { run_db_path: run.run_db_path }) };
    }
    if (run_db_path === undefined) return await upload();
    const register = (path: string) => client.results.POST('/register', { body: { execution_id, run_db_path: path } });
    const sent = run_db_path;
    const result = await register(sent)
      .catch((error: unknown) => {
        const instead = error instanceof SimsvcError && error.status === 404 ? paths.fallback(run, sent) : undefined;
        if (instead === undefined) throw error;
        run_db_path = instead;
        return register(instead);
      })
      .catch((error: unknown) => {
        if (policy === 'never' || !cannotRead(error)) throw error;
        paths.uploading = true;
        return undefined;
      });
    if (result === undefined) return await upload();
    return { file, outcome: 'registered', execution_id, run_db_path, result };
  } catch (error) {
    if (error instanceof SimsvcError && error.status !== 401) {
      // The service could not read the file (404, 403 outside its root): say what was sent, and against which root.
      const where =
        cannotRead(error) && run_db_path !== undefined
          ? ` (sent run_db_path ${run_db_path}; --root ${root}${rootGiven ? '' : ', the current directory: --root was not given'})`
          : run_db_path === undefined
            ? ' (uploaded)'
            : '';
      return failed(
        file,
        `${error.message}${where}`,
        { execution_id, ...(run_db_path === undefined ? {} : { run_db_path }) },
        error.status,
      );
    }
    throw error;
  }
}

function failed(file: string, message: string, known: { execution_id?: string; run_db_path?: string } = {}, status?: number): RunOutcome {
  return { file, outcome: 'failed', ...known, error: { ...(status !== undefined ? { status } : {}), message } };
}
