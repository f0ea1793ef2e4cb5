import { ADMIN, TestDatabase } from '@simsvc/testing';
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');
const MAIN = join(ROOT, 'dist/apps/cache/main.js');
const SOURCE_DIRS = ['apps/cache/src', 'libs'];
const HEALTHY_WITHIN_MS = 20_000;

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when the exit was seen. */
  at: number;
}

function newestSource(dir: string): { path: string; mtimeMs: number } {
  let newest = { path: dir, mtimeMs: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules') continue;
      const inner = newestSource(path);
      if (inner.mtimeMs > newest.mtimeMs) newest = inner;
    } else if (/\.[jt]s$/.test(entry.name) && !/\.(e2e-)?spec\.ts$/.test(entry.name)) {
      const { mtimeMs } = statSync(path);
      if (mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
    }
  }
  return newest;
}

/** These tests run the built service: a missing or stale build would test other code. */
function requireFreshBuild(): void {
  const rebuild = 'run `NX_DAEMON=false npx nx build cache` first';
  if (!existsSync(MAIN)) throw new Error(`${MAIN} does not exist: ${rebuild}`);
  const built = statSync(MAIN).mtimeMs;
  for (const dir of SOURCE_DIRS) {
    const newest = newestSource(join(ROOT, dir));
    if (newest.mtimeMs > built) throw new Error(`${MAIN} is older than ${newest.path}: ${rebuild}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
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
    requireFreshBuild();
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
