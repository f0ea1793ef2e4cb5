// The real thing for the browser tests and screenshots: the three built services on SQLite in a
// temporary directory (their own ports, one shared auth store and secret, a first admin), and
// the console server (tools/start/serve-console.ts) in front of them.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const ADMIN = { username: 'ada', password: 'admin-password-1' };
const SERVICES = ['cache', 'catalog', 'results'] as const;
type Service = (typeof SERVICES)[number];

export interface Stack {
  consoleUrl: string;
  urls: Record<Service, string>;
  dir: string;
  runsRoot: string;
  watchDir: string;
  /** A second console server whose upstreams do not answer (the 503 state). */
  startConsole(upstreams: Record<Service, string>): Promise<{ url: string; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function requireBuilt(): void {
  const missing = [...SERVICES.map((s) => `dist/apps/${s}/main.js`), 'dist/apps/console/index.html'].filter(
    (file) => !existsSync(path.join(REPO_ROOT, file)),
  );
  if (missing.length > 0) throw new Error(`not built: ${missing.join(', ')} (run npm run build first)`);
}

/** Starts a process and resolves once `ready` answers; rejects with its output if it exits first. */
async function startProcess(name: string, args: string[], env: NodeJS.ProcessEnv, ready: () => Promise<boolean>): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    if (await ready().catch(() => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become ready within 60 s:\n${output}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** `watchDir: false` starts the catalog without a watch directory (the Sync page then says so). */
export async function startStack(
  prepare?: (dirs: { watchDir: string; runsRoot: string }) => void,
  options: { watchDir?: boolean } = {},
): Promise<Stack> {
  requireBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), 'simsvc-console-'));
  const runsRoot = path.join(dir, 'runs');
  const watchDir = path.join(dir, 'watch');
  mkdirSync(runsRoot, { recursive: true });
  mkdirSync(watchDir, { recursive: true });
  prepare?.({ watchDir, runsRoot });

  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    TZ: 'UTC',
    SIMSVC_AUTH_SECRET: randomBytes(48).toString('base64'),
    SIMSVC_AUTH_DB_PATH: path.join(dir, 'auth.db'),
    SIMSVC_ADMIN_USERNAME: ADMIN.username,
    SIMSVC_ADMIN_PASSWORD: ADMIN.password,
  };
  const children: ChildProcess[] = [];
  const urls = {} as Record<Service, string>;
  const extra: Record<Service, string[]> = {
    cache: [],
    catalog: options.watchDir === false ? [] : ['--watch-dir', watchDir, '--rescan-seconds', '2'],
    results: ['--runs-root', runsRoot],
  };
  try {
    // One at a time: the first creates the shared auth store and the admin.
    for (const service of SERVICES) {
      const port = await freePort();
      urls[service] = `http://127.0.0.1:${port}`;
      const args = [
        path.join(REPO_ROOT, 'dist/apps', service, 'main.js'),
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--db-path',
        path.join(dir, `${service}.db`),
        '--log-level',
        'warn',
        ...extra[service],
      ];
      children.push(await startProcess(service, args, env, async () => (await fetch(`${urls[service]}/health`)).ok));
    }
  } catch (error) {
    await Promise.all(children.map(stopProcess));
    throw error;
  }

  const consoles: ChildProcess[] = [];
  const startConsole = async (upstreams: Record<Service, string>) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const args = [
      path.join(REPO_ROOT, 'tools/start/serve-console.ts'),
      '--port',
      String(port),
      ...SERVICES.flatMap((s) => [`--${s}`, upstreams[s]]),
    ];
    const child = await startProcess('console server', args, { ...env, NODE_NO_WARNINGS: '1' }, async () => (await fetch(url)).ok);
    consoles.push(child);
    return { url, stop: () => stopProcess(child) };
  };
  const main = await startConsole(urls);

  return {
    consoleUrl: main.url,
    urls,
    dir,
    runsRoot,
    watchDir,
    startConsole,
    async stop() {
      await Promise.all([...consoles, ...children].map(stopProcess));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
