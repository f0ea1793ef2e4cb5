import { ADMIN, createTestDatabase, sharedAuthStoreOf, type TestDatabase } from '@simsvc/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { closedPortUrl } from './recording-server';

const REPO_ROOT = resolve(__dirname, '../../../..');
const { staleServices } = require(join(REPO_ROOT, 'tools/start/build-freshness.ts')) as {
  staleServices: (services: readonly string[]) => { reason: string }[];
};
const SERVICES = ['cache', 'catalog', 'results'] as const;
type Service = (typeof SERVICES)[number];
const HEALTHY_WITHIN_MS = 30_000;

/** One built service (`node dist/apps/<svc>/main.js`) as a child process. */
class ServiceProcess {
  private stderr = '';
  private readonly exited: Promise<void>;

  constructor(
    readonly service: Service,
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolveExit) => child.once('exit', () => resolveExit()));
  }

  async healthy(): Promise<void> {
    const deadline = Date.now() + HEALTHY_WITHIN_MS;
    for (;;) {
      const status = await fetch(`${this.url}/health`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return;
      if (this.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`the ${this.service} service did not become healthy:\n${this.stderr}`);
      }
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }

  stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }
}

/**
 * The three built services on fresh databases of the project's backend, sharing one auth store
 * (as deployed: a session of one is valid at all three), each on a free loopback port.
 */
export class SimsvcProcesses {
  private constructor(
    private readonly processes: ServiceProcess[],
    private readonly databases: TestDatabase[],
    /** The results service's runs root. */
    readonly runsRoot: string,
    private readonly sandbox: string,
  ) {}

  static async start(): Promise<SimsvcProcesses> {
    // The client runs from its sources, the services from dist/: `npm test` builds what is stale
    // first; a run by hand on a stale dist/ fails here, saying so.
    const stale = staleServices(SERVICES);
    if (stale.length > 0) throw new Error(`dist/ is not current (${stale.map((s) => s.reason).join('; ')}): run npm run build first`);
    const sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'simsvc-client-e2e-')));
    const runsRoot = join(sandbox, 'runs');
    const databases: TestDatabase[] = [];
    const processes: ServiceProcess[] = [];
    const started = new SimsvcProcesses(processes, databases, runsRoot, sandbox);
    try {
      for (const service of SERVICES) databases.push(await createTestDatabase(service));
      const sharedAuth = sharedAuthStoreOf(databases[0]);
      for (const [index, service] of SERVICES.entries()) {
        const url = await closedPortUrl();
        const args = [
          join(REPO_ROOT, 'dist/apps', service, 'main.js'),
          ...databases[index].args,
          ...(service === 'cache' ? [] : sharedAuth),
          ...(service === 'results' ? ['--runs-root', runsRoot] : []),
          ...['--host', '127.0.0.1', '--port', new URL(url).port, '--log-level', 'warn'],
        ];
        const child = spawn(process.execPath, args, {
          cwd: sandbox,
          env: { PATH: process.env['PATH'] ?? '', SIMSVC_ADMIN_USERNAME: ADMIN.username, SIMSVC_ADMIN_PASSWORD: ADMIN.password },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        processes.push(new ServiceProcess(service, child, url));
        // One at a time: the first start creates the shared auth store and its admin.
        await processes[index].healthy();
      }
      return started;
    } catch (error) {
      await started.stop();
      throw error;
    }
  }

  url(service: Service): string {
    const found = this.processes.find((process) => process.service === service);
    if (!found) throw new Error(`${service} is not running`);
    return found.url;
  }

  /** The options of createSimsvcClient for these services. */
  get urls(): { cacheUrl: string; catalogUrl: string; resultsUrl: string } {
    return { cacheUrl: this.url('cache'), catalogUrl: this.url('catalog'), resultsUrl: this.url('results') };
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((process) => process.stop()));
    try {
      await Promise.all(this.databases.map((database) => database.drop()));
    } finally {
      rmSync(this.sandbox, { recursive: true, force: true });
    }
  }
}
