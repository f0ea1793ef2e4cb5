import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT, requireCurrentBuild } from './current-build';

/**
 * `npm start` (tools/start/start-all.ts) as a child process. It builds what is stale, which a
 * test must not do behind others' backs: a stale dist/ fails the test instead.
 */
export class StartAllProcess {
  output = '';
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;

  constructor(env: Record<string, string>) {
    requireCurrentBuild(['cache', 'catalog', 'results']);
    this.child = spawn(process.execPath, [join(REPO_ROOT, 'tools/start/start-all.ts')], {
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

  /** Resolves once a note matches; rejects if npm start exits first. */
  async waitForNote(pattern: RegExp): Promise<void> {
    while (!this.notes().some((note) => pattern.test(note))) {
      const code = await Promise.race([this.exited, new Promise<'waiting'>((later) => setTimeout(() => later('waiting'), 50))]);
      if (code !== 'waiting') throw new Error(`npm start exited (${code}) before printing ${pattern}:\n${this.output}`);
    }
  }

  stop(): Promise<number | null> {
    this.child.kill('SIGTERM');
    return this.exited;
  }
}
