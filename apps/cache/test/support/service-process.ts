import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT, requireCurrentBuild } from './current-build';

const BUNDLE = join(REPO_ROOT, 'dist/apps/cache/main.js');

export interface ServiceOutput {
  /** Standard output: the JSON log lines. */
  stdout: string;
  stderr: string;
  /** Messages of the JSON log lines, in order. */
  messages(): string[];
}

export interface ServiceExit extends ServiceOutput {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The built cache service (dist/apps/cache/main.js) as a child process, for what only a process
 * shows: its exit status, its standard error, its log lines before the application exists.
 */
export class ServiceProcess implements ServiceOutput {
  stdout = '';
  stderr = '';
  private readonly child: ChildProcess;
  private readonly exited: Promise<ServiceExit>;

  constructor(args: string[], env: Record<string, string> = {}, cwd = REPO_ROOT) {
    requireCurrentBuild(['cache']);
    this.child = spawn(process.execPath, [BUNDLE, '--host', '127.0.0.1', ...args], {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolveExit) =>
      this.child.once('close', (code, signal) => resolveExit({ ...this.snapshot(), code, signal })),
    );
  }

  /** Runs the service until it exits by itself. */
  static run(args: string[], env?: Record<string, string>): Promise<ServiceExit> {
    return new ServiceProcess(args, env).exit();
  }

  exit(): Promise<ServiceExit> {
    return this.exited;
  }

  messages(): string[] {
    return this.snapshot().messages();
  }

  /** Resolves once a log line's message matches; rejects if the process exits first. */
  async waitFor(pattern: RegExp): Promise<void> {
    for (;;) {
      if (this.messages().some((message) => pattern.test(message))) return;
      const exited = await Promise.race([
        this.exited,
        new Promise<undefined>((resolveLater) => setTimeout(() => resolveLater(undefined), 50)),
      ]);
      if (exited) throw new Error(`service exited (${exited.code ?? exited.signal}) before logging ${pattern}: ${exited.stderr}`);
    }
  }

  async stop(): Promise<ServiceExit> {
    this.child.kill('SIGTERM');
    return this.exited;
  }

  private snapshot(): ServiceOutput {
    const { stdout, stderr } = this;
    return {
      stdout,
      stderr,
      messages: () =>
        stdout
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg)),
    };
  }
}
