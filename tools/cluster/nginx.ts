// nginx in the foreground, from a config rendered out of docker/nginx.conf into a run directory.

import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from './http.ts';
import { readNginxConf, renderLoopbackConf, RUN_FILES } from './nginx-conf.ts';
import { within } from './timing.ts';

export const APT_PACKAGE = 'nginx';
const STOP_TIMEOUT_MS = 15_000;

/** The nginx binary: SIMSVC_NGINX, else `nginx` on PATH or in /usr/sbin. Throws a clear message when absent. */
export function findNginx(): string {
  const candidates = process.env.SIMSVC_NGINX
    ? [process.env.SIMSVC_NGINX]
    : [
        ...(process.env.PATH ?? '')
          .split(path.delimiter)
          .filter(Boolean)
          .map((dir) => path.join(dir, 'nginx')),
        '/usr/sbin/nginx',
        '/usr/local/sbin/nginx',
      ];
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // next
    }
  }
  throw new Error(
    `nginx not found (looked for ${process.env.SIMSVC_NGINX ? `SIMSVC_NGINX=${process.env.SIMSVC_NGINX}` : 'nginx on PATH and in /usr/sbin'}). ` +
      `Install it (Debian/Ubuntu: \`apt-get install -y --no-install-recommends ${APT_PACKAGE}\`) or set SIMSVC_NGINX to its path.`,
  );
}

export function nginxVersion(binary: string): string | undefined {
  try {
    return execFileSync(binary, ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim() || undefined;
  } catch (error) {
    return String((error as { stderr?: unknown }).stderr ?? '').trim() || undefined;
  }
}

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

export interface NginxOptions {
  /** Run directory (config, pid, logs, temp files). */
  dir: string;
  /** Service -> replica ports. */
  upstreams: Record<string, number[]>;
  /** Service -> port nginx listens on. */
  listen: Record<string, number>;
  /** Serve the console too (docker/nginx.conf's `# console` block); left out without it. */
  console?: { port: number; root: string };
  binary?: string;
}

/** One line of the access log (format `simsvc` of docker/nginx.conf). */
export interface AccessEntry {
  status: number;
  rid: string;
  upstream: string;
  upstreamStatus: string;
}

export class Nginx {
  readonly dir: string;
  readonly upstreams: Record<string, number[]>;
  readonly listen: Record<string, number>;
  readonly console: { port: number; root: string } | undefined;
  readonly binary: string;
  /** Service -> URL nginx answers on. */
  readonly urls: Record<string, string>;
  readonly confFile: string;
  readonly accessLog: string;
  readonly errorLog: string;
  private child: ChildProcess | null = null;
  private exited: Promise<ExitResult> | null = null;

  constructor({ dir, upstreams, listen, console: site, binary = findNginx() }: NginxOptions) {
    this.dir = dir;
    this.upstreams = upstreams;
    this.listen = listen;
    this.console = site;
    this.binary = binary;
    this.urls = Object.fromEntries(Object.entries(listen).map(([service, port]) => [service, `http://127.0.0.1:${port}`]));
    this.confFile = path.join(dir, 'nginx.conf');
    this.accessLog = path.join(dir, RUN_FILES.access_log);
    this.errorLog = path.join(dir, RUN_FILES.error_log);
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Renders docker/nginx.conf (or the given text of it) into the run directory. */
  writeConf(template = readNginxConf()): void {
    fs.mkdirSync(this.dir, { recursive: true });
    // nginx workers run as an unprivileged user when the master is root: they must reach the temp dirs.
    fs.chmodSync(this.dir, 0o755);
    fs.writeFileSync(
      this.confFile,
      renderLoopbackConf(template, { dir: this.dir, upstreams: this.upstreams, listen: this.listen, console: this.console }),
    );
  }

  baseArgs(): string[] {
    return ['-p', this.dir, '-c', this.confFile, '-e', path.join(this.dir, 'nginx-startup-error.log')];
  }

  /** `nginx -t` on the rendered config; throws nginx's own message. */
  test(): void {
    try {
      execFileSync(this.binary, [...this.baseArgs(), '-t', '-q'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const { stderr, message } = error as Error & { stderr?: unknown };
      throw new Error(`nginx -t rejected ${this.confFile}: ${String(stderr ?? message).trim()}`);
    }
  }

  async start(timeoutMs = 15_000): Promise<this> {
    this.writeConf();
    this.test();
    const child = spawn(this.binary, [...this.baseArgs(), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    this.exited = new Promise<ExitResult>((resolve) => {
      child.once('error', (error) => resolve({ code: null, signal: null, error }));
      child.once('exit', (code, signal) => resolve({ code, signal }));
    });
    const deadline = Date.now() + timeoutMs;
    const pending = new Set(Object.values(this.urls));
    while (pending.size > 0) {
      if (!this.running) throw new Error(`nginx exited at start-up: ${stderr.trim() || this.readErrorLog()}`);
      if (Date.now() > deadline) throw new Error(`nginx not listening within ${timeoutMs / 1000} s: ${this.readErrorLog()}`);
      for (const url of [...pending]) {
        const response = await request(url, { path: '/health', timeoutMs: 2000 });
        if (response.status !== 0) pending.delete(url);
      }
      if (pending.size > 0) await sleep(100);
    }
    return this;
  }

  /** Graceful stop (SIGQUIT), SIGKILL after a timeout. */
  async stop(timeoutMs = STOP_TIMEOUT_MS): Promise<ExitResult | null> {
    if (!this.child || !this.exited || !this.running) return this.exited;
    this.child.kill('SIGQUIT');
    const result = await within(this.exited, timeoutMs);
    if (result) return result;
    this.killNow();
    return this.exited;
  }

  /** Synchronous last resort: the master and, through the pid file, nothing else is left behind. */
  killNow(): void {
    if (this.running) this.child?.kill('SIGKILL');
  }

  readErrorLog(): string {
    try {
      return fs.readFileSync(this.errorLog, 'utf8').trim().split('\n').slice(-10).join('\n');
    } catch {
      return '(no error log)';
    }
  }

  /** Access-log lines (format `simsvc` of docker/nginx.conf) whose request id starts with `prefix`. */
  accessEntries(prefix: string): AccessEntry[] {
    let text = '';
    try {
      text = fs.readFileSync(this.accessLog, 'utf8');
    } catch {
      return [];
    }
    const entries: AccessEntry[] = [];
    for (const line of text.split('\n')) {
      const match = line.match(/" (\d{3}) \d+ rid=(\S+) upstream=(.*?) upstream_status=(.*?) rt=/);
      if (match && match[2].startsWith(prefix))
        entries.push({ status: Number(match[1]), rid: match[2], upstream: match[3], upstreamStatus: match[4] });
    }
    return entries;
  }
}
