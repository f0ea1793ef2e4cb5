// One replica: a built service (dist/apps/<svc>/main.js) on a loopback port, its output kept in a
// log file, with start / wait-healthy / SIGTERM / kill -9 / restart on the same port.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { distMain } from './dist.ts';
import { request } from './http.ts';
import type { ExitResult } from './nginx.ts';
import { within } from './timing.ts';
import { SERVICE_ENVIRONMENT, SERVICE_NODE_FLAGS } from '../start/service-node-flags.ts';

const STOP_TIMEOUT_MS = 30_000;
const TAIL_LINES = 40;

export interface ReplicaOptions {
  /** cache, catalog or results */
  service: string;
  /** e.g. cache-1 */
  name: string;
  port: number;
  /** PostgreSQL URL of the service's database (also the auth store). */
  dbUrl: string;
  /** Working directory (its ./data stays out of the repository). */
  dir: string;
  /** The complete environment of the process. */
  env: NodeJS.ProcessEnv;
  /** Extra command-line options. */
  args?: string[];
}

/** How a replica's process ended; `timedOut` when it had to be killed after its stop timeout. */
export type ReplicaExit = ExitResult & { timedOut?: boolean };

export class Replica {
  readonly service: string;
  readonly name: string;
  readonly port: number;
  readonly dbUrl: string;
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  readonly args: string[];
  readonly url: string;
  readonly logFile: string;
  private child: ChildProcess | null = null;
  private exited: Promise<ExitResult> = Promise.resolve({ code: null, signal: null });
  private tail: string[] = [];
  /** How often start() has run. */
  starts = 0;

  constructor({ service, name, port, dbUrl, dir, env, args = [] }: ReplicaOptions) {
    this.service = service;
    this.name = name;
    this.port = port;
    this.dbUrl = dbUrl;
    this.dir = dir;
    this.env = env;
    this.args = args;
    this.url = `http://127.0.0.1:${port}`;
    this.logFile = path.join(dir, `${name}.log`);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): this {
    if (this.running) throw new Error(`${this.name} is already running`);
    fs.mkdirSync(this.dir, { recursive: true });
    const log = fs.createWriteStream(this.logFile, { flags: 'a' });
    this.starts += 1;
    log.write(`--- start ${this.starts} at ${new Date().toISOString()}\n`);
    const args = [
      ...SERVICE_NODE_FLAGS,
      distMain(this.service),
      '--port',
      String(this.port),
      '--host',
      '127.0.0.1',
      '--backend',
      'postgresql',
      '--db-url',
      this.dbUrl,
      ...this.args,
    ];
    const child = spawn(process.execPath, args, {
      cwd: this.dir,
      env: { ...this.env, ...SERVICE_ENVIRONMENT },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.tail = [];
    const keep = (chunk: Buffer): void => {
      log.write(chunk);
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        this.tail.push(line);
        if (this.tail.length > TAIL_LINES) this.tail.shift();
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.exited = new Promise<ExitResult>((resolve) => {
      child.once('error', (error) => {
        log.end(`--- spawn failed: ${error.message}\n`);
        resolve({ code: null, signal: null, error });
      });
      child.once('exit', (code, signal) => {
        log.end(`--- exit code=${code} signal=${signal}\n`);
        resolve({ code, signal });
      });
    });
    return this;
  }

  /** Polls /health until 200; fails at once if the process exits, else after timeoutMs. */
  async waitHealthy(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      if (!this.running) {
        const { code, signal } = await this.exited;
        throw new Error(`${this.name} exited during start-up (code ${code}, signal ${signal}):\n${this.describeTail()}`);
      }
      const response = await request(this.url, { path: '/health', timeoutMs: 3000 });
      if (response.status === 200) return;
      last = response.status === 0 ? (response.error ?? 'no answer') : `${response.status} ${response.text}`;
      await sleep(250);
    }
    throw new Error(`${this.name} not healthy within ${timeoutMs / 1000} s (last: ${last}):\n${this.describeTail()}`);
  }

  /** SIGTERM, then wait for the exit (SIGKILL after STOP_TIMEOUT_MS). Resolves to {code, signal}. */
  async stop(timeoutMs = STOP_TIMEOUT_MS): Promise<ReplicaExit> {
    if (!this.child) return { code: null, signal: null };
    if (!this.running) return this.exited;
    this.child.kill('SIGTERM');
    return this.waitExit(timeoutMs);
  }

  async waitExit(timeoutMs = STOP_TIMEOUT_MS): Promise<ReplicaExit> {
    const result = await within(this.exited, timeoutMs);
    if (result) return result;
    this.child?.kill('SIGKILL');
    const killed = await this.exited;
    return { ...killed, timedOut: true };
  }

  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child?.kill(signal);
  }

  /** kill -9; resolves once the process is gone. */
  async kill(): Promise<ExitResult> {
    if (!this.running) return this.exited;
    this.child?.kill('SIGKILL');
    return this.exited;
  }

  /** Synchronous last resort for process exit. */
  killNow(): void {
    if (this.running) this.child?.kill('SIGKILL');
  }

  async restart(timeoutMs?: number): Promise<void> {
    if (this.running) await this.stop();
    this.start();
    await this.waitHealthy(timeoutMs);
  }

  describeTail(): string {
    const lines = this.tail.length > 0 ? this.tail.slice(-15).map((line) => `    ${line}`) : ['    (no output)'];
    return `${lines.join('\n')}\n    (full log: ${this.logFile})`;
  }
}
