import { ADMIN, createTestDatabase, freePort, sharedAuthStoreOf, type TestDatabase } from '@simsvc/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../../../..');
const CLI = join(REPO_ROOT, 'dist/apps/cli/main.js');
const SERVICES = ['cache', 'catalog', 'results'] as const;
type Service = (typeof SERVICES)[number];
const HEALTHY_WITHIN_MS = 30_000;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Written to the CLI's stdin (then closed); stdin is closed at once without it. */
  input?: string;
  env?: Record<string, string | undefined>;
  cwd?: string;
}

/**
 * The three built services (dist/apps/<svc>/main.js) as processes on fresh databases of the
 * project's backend, sharing the cache's auth store (as a deployment does), with the admin
 * ADMIN; results reads run databases below `runsRoot`; catalog watches `watchDir`. `cli()` runs
 * the built `simsvc` against them with its own config directory.
 */
export class CliServices {
  private constructor(
    private readonly processes: ChildProcess[],
    private readonly databases: TestDatabase[],
    readonly urls: Record<Service, string>,
    /** A scratch directory: runs/ (the runs root), watch/, config/ (XDG_CONFIG_HOME), outside/. */
    readonly sandbox: string,
  ) {}

  get runsRoot(): string {
    return join(this.sandbox, 'runs');
  }

  get configHome(): string {
    return join(this.sandbox, 'config');
  }

  /** @param prepare writes into the sandbox before the services start (manifests in watch/). */
  static async start(prepare: (sandbox: string) => void = () => undefined): Promise<CliServices> {
    requireCurrentBuild([...SERVICES, 'cli']);
    const sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'simsvc-cli-')));
    for (const dir of ['runs', 'watch', 'config', 'outside']) mkdirSync(join(sandbox, dir));
    prepare(sandbox);
    const databases: TestDatabase[] = [];
    const processes: ChildProcess[] = [];
    const urls = {} as Record<Service, string>;
    try {
      for (const service of SERVICES) databases.push(await createTestDatabase(service));
      const sharedAuth = sharedAuthStoreOf(databases[0]);
      const extra: Record<Service, string[]> = {
        cache: [],
        catalog: [...sharedAuth, '--watch-dir', join(sandbox, 'watch')],
        results: [...sharedAuth, '--runs-root', join(sandbox, 'runs')],
      };
      // The cache creates the auth store and the admin first; the other two then share it.
      const startOne = async (service: Service, index: number) => {
        const port = await freePort();
        const args = [join(REPO_ROOT, `dist/apps/${service}/main.js`), ...databases[index].args, ...extra[service]];
        const child = spawn(process.execPath, [...args, '--host', '127.0.0.1', '--port', String(port), '--log-level', 'warn'], {
          cwd: databases[index].directory,
          env: serviceEnvironment(service === 'cache'),
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        processes.push(child);
        let stderr = '';
        child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        urls[service] = `http://127.0.0.1:${port}`;
        await waitHealthy(urls[service], child, () => stderr);
      };
      await startOne('cache', 0);
      await Promise.all([startOne('catalog', 1), startOne('results', 2)]);
      return new CliServices(processes, databases, urls, sandbox);
    } catch (error) {
      await stopAll(processes);
      await Promise.all(databases.map((db) => db.drop()));
      rmSync(sandbox, { recursive: true, force: true });
      throw error;
    }
  }

  /** Runs `node dist/apps/cli/main.js ...args` against these services. */
  cli(args: string[], options: CliOptions = {}): Promise<CliRun> {
    return runCli(args, {
      ...options,
      env: {
        XDG_CONFIG_HOME: this.configHome,
        SIMSVC_CACHE_URL: this.urls.cache,
        SIMSVC_CATALOG_URL: this.urls.catalog,
        SIMSVC_RESULTS_URL: this.urls.results,
        ...options.env,
      },
      cwd: options.cwd ?? this.sandbox,
    });
  }

  /** Logs the admin in through the CLI (password on stdin); the session is stored in configHome. */
  async loginAdmin(): Promise<void> {
    const run = await this.cli(['login', '--username', ADMIN.username, '--password-stdin'], { input: `${ADMIN.password}\n` });
    if (run.code !== 0) throw new Error(`admin login failed: ${run.stderr}`);
  }

  async close(): Promise<void> {
    await stopAll(this.processes);
    await Promise.all(this.databases.map((db) => db.drop()));
    rmSync(this.sandbox, { recursive: true, force: true });
  }
}

/** The built CLI as a child process with only the given environment (plus PATH and HOME). */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolveRun, reject) => {
    const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' };
    for (const [key, value] of Object.entries(options.env ?? {})) if (value !== undefined) env[key] = value;
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolveRun({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

function serviceEnvironment(withAdmin: boolean): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('SIMSVC_')));
  return withAdmin ? { ...env, SIMSVC_ADMIN_USERNAME: ADMIN.username, SIMSVC_ADMIN_PASSWORD: ADMIN.password } : env;
}

async function waitHealthy(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  for (;;) {
    const status = await fetch(`${url}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${url} did not become healthy:\n${stderr()}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

async function stopAll(processes: ChildProcess[]): Promise<void> {
  await Promise.all(
    processes.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
    ),
  );
}

/**
 * Tests that run the built services and CLI must not test other code than the sources: `npm test`
 * builds what is stale first; a test run by hand on a stale dist/ fails here, saying so.
 */
function requireCurrentBuild(projects: string[]): void {
  const script = ['ts', 'js'].map((ext) => join(REPO_ROOT, `tools/start/build-freshness.${ext}`)).find((file) => existsSync(file));
  if (!script) throw new Error('tools/start/build-freshness is missing');
  const { staleServices } = require(script) as { staleServices: (services: string[]) => { reason: string }[] };
  const stale = staleServices(projects);
  if (stale.length > 0) throw new Error(`dist/ is not current (${stale.map((s) => s.reason).join('; ')}): run npm run build first`);
}
