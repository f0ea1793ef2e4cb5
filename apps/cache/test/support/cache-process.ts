import { ADMIN, TestDatabase } from '@simsvc/testing';
import { ChildProcess, spawn } from 'node:child_process';
import { get } from 'node:http';
import { join } from 'node:path';
import { REPO_ROOT, requireCurrentBuild } from './current-build';
import { freePort } from '@simsvc/testing';

const MAIN = join(REPO_ROOT, 'dist/apps/cache/main.js');
const HEALTHY_WITHIN_MS = 20_000;

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when the exit was seen. */
  at: number;
}

function healthStatus(url: string): Promise<number> {
  return new Promise((resolveStatus) => {
    get(`${url}/health`, { agent: false }, (response) => {
      response.resume();
      resolveStatus(response.statusCode ?? 0);
    }).once('error', () => resolveStatus(0));
  });
}

/** The caller's environment without its simsvc settings, plus the test admin. */
function serviceEnvironment(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('SIMSVC_')));
  return { ...env, SIMSVC_ADMIN_USERNAME: ADMIN.username, SIMSVC_ADMIN_PASSWORD: ADMIN.password };
}

/**
 * The built cache service (`node dist/apps/cache/main.js`) as a child process on a test
 * database, listening and healthy: for what only a process shows (signals, its exit).
 */
export class CacheProcess {
  readonly exited: Promise<ProcessExit>;
  private stderr = '';
  private readonly stderrWaiters: { text: string; found: () => void }[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    this.exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal, at: Date.now() })));
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
      for (const waiter of this.stderrWaiters.filter((w) => this.stderr.includes(w.text))) {
        this.stderrWaiters.splice(this.stderrWaiters.indexOf(waiter), 1);
        waiter.found();
      }
    });
  }

  static async start(database: TestDatabase): Promise<CacheProcess> {
    requireCurrentBuild(['cache']);
    const port = await freePort();
    const args = [MAIN, ...database.args, '--host', '127.0.0.1', '--port', String(port), '--log-level', 'warn'];
    const child = spawn(process.execPath, args, {
      cwd: database.directory,
      env: serviceEnvironment(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const service = new CacheProcess(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + HEALTHY_WITHIN_MS;
    while ((await healthStatus(service.url)) !== 200) {
      if (!service.running || Date.now() > deadline) {
        service.kill();
        throw new Error(`the cache service did not become healthy:\n${service.stderr}`);
      }
      await new Promise((wait) => setTimeout(wait, 100));
    }
    return service;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends the signal; returns Date.now() just before. */
  signal(signal: NodeJS.Signals): number {
    const at = Date.now();
    this.child.kill(signal);
    return at;
  }

  /** Resolves once the process has written `text` to stderr. */
  stderrIncludes(text: string): Promise<void> {
    if (this.stderr.includes(text)) return Promise.resolve();
    return new Promise((found) => this.stderrWaiters.push({ text, found }));
  }

  kill(): void {
    if (this.running) this.child.kill('SIGKILL');
  }
}
