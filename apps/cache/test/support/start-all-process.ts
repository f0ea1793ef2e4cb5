import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestDatabase } from '@simsvc/testing';
import { REPO_ROOT, requireCurrentBuild } from './current-build';

/** The node options of package.json's `start` script (`node --disable-warning=… tools/start/start-all.ts`): run as npm runs it. */
function startScriptNodeOptions(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * `npm start` (tools/start/start-all.ts) as a child process. It builds what is stale, which a
 * test must not do behind others' backs: a stale dist/ fails the test instead.
 */
export class StartAllProcess {
  output = '';
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;

  /** `args`: what follows `npm start --`. */
  constructor(env: Record<string, string>, args: string[] = []) {
    requireCurrentBuild(['cache', 'catalog', 'results']);
    this.child = spawn(process.execPath, [...startScriptNodeOptions(), join(REPO_ROOT, 'tools/start/start-all.ts'), ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.setEncoding('utf8').on('data', (chunk: string) => (this.output += chunk));
    }
    this.exited = new Promise((resolveExit) => this.child.once('close', (code) => resolveExit(code)));
  }

  /** The supervisor's own lines (`[start] …`), without the prefix. */
  notes(): string[] {
    return this.output
      .split('\n')
      .filter((line) => line.startsWith('[start] '))
      .map((line) => line.slice('[start] '.length));
  }

  /** Resolves once a note matches; rejects if npm start exits first or `withinMs` pass. */
  async waitForNote(pattern: RegExp, withinMs = 45_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (!this.notes().some((note) => pattern.test(note))) {
      const code = await Promise.race([this.exited, new Promise<'waiting'>((later) => setTimeout(() => later('waiting'), 50))]);
      if (code !== 'waiting') throw new Error(`npm start exited (${code}) before printing ${pattern}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not print ${pattern} within ${withinMs} ms:\n${this.output}`);
    }
  }

  stop(): Promise<number | null> {
    this.child.kill('SIGTERM');
    return this.exited;
  }
}

/** The environment that puts the four stores of `npm start` in the test's database. */
export function storeEnvironment(database: TestDatabase): Record<string, string> {
  const url = database.url ?? '';
  return database.backend === 'postgresql'
    ? { SIMSVC_CACHE_DB_URL: url, SIMSVC_CATALOG_DB_URL: url, SIMSVC_RESULTS_DB_URL: url, SIMSVC_AUTH_DB_URL: url }
    : {
        SIMSVC_CACHE_DB_PATH: join(database.directory, 'cache.db'),
        SIMSVC_CATALOG_DB_PATH: join(database.directory, 'catalog.db'),
        SIMSVC_RESULTS_DB_PATH: join(database.directory, 'results.db'),
        SIMSVC_AUTH_DB_PATH: join(database.directory, 'auth.db'),
      };
}
