// Shared pieces of the benchmarks: start a built service on a fresh database, drive load with
// autocannon, read the service process's CPU time and RSS from /proc.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Credentials } from '../cluster/auth.ts';
import { freePort } from '../cluster/ports.ts';
import { SERVICE_ENVIRONMENT, SERVICE_NODE_FLAGS } from '../start/service-node-flags.ts';
import { inspectorArgs } from './profile/cpu-profile.ts';
import { formatThreadUsage, threadsWanted, threadTicks } from './thread-usage.ts';

export { freePort };

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLOCK_TICKS_PER_SECOND = 100;
export const ADMIN: Credentials = { username: 'bench-admin', password: 'bench-admin-password' };

export type Backend = 'sqlite' | 'postgresql';

/** What a bench module exports: `npm run bench -- <name>` calls its `run`. */
export interface BenchOptions {
  backends?: string[];
  backend?: string;
  pgAdminUrl?: string;
  log?: (line: string) => void;
}

/** A fresh database for one service; `path` on SQLite, `url` on PostgreSQL. */
export interface BenchDatabase {
  /** The service's command-line options that select it. */
  args: string[];
  path?: string;
  url?: string;
  directory: string;
  drop: () => Promise<void>;
}

export interface RunningService {
  url: string;
  pid: number;
  /** The inspector's port, when the benchmark profiles (SIMSVC_BENCH_PROFILE). */
  inspectorPort?: number;
  stop: () => Promise<number | null>;
}

/** Load summary: req/s, p50/p99 latency (ms), responses of an unexpected status. */
export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  unexpected: number;
  cpuMicrosPerRequest: number | undefined;
  rssBytes: number | undefined;
  /** CPU per request by thread (BENCH_THREADS=1). */
  threads?: string;
}

/** The build the benchmarks start: dist/ of this checkout, or SIMSVC_BENCH_DIST (another build, e.g. of an older commit). */
function ensureBuilt(service: string): string {
  const main = path.join(process.env.SIMSVC_BENCH_DIST ?? path.join(ROOT, 'dist'), 'apps', service, 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  return main;
}

export async function withPg<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database: a temp directory for sqlite, a new PostgreSQL database otherwise. */
export async function createDatabase(service: string, backend: string, pgAdminUrl: string): Promise<BenchDatabase> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), `simsvc-bench-${service}-`));
  if (backend === 'sqlite') {
    const file = path.join(directory, `${service}.db`);
    return {
      args: ['--backend', 'sqlite', '--db-path', file, '--auth-db-path', path.join(directory, 'auth.db')],
      path: file,
      directory,
      drop: async () => fs.rmSync(directory, { recursive: true, force: true }),
    };
  }
  const name = `simsvc_bench_${service}_${randomBytes(4).toString('hex')}`;
  await withPg(pgAdminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    args: ['--backend', 'postgresql', '--db-url', url.toString()],
    url: url.toString(),
    directory,
    drop: async () => {
      fs.rmSync(directory, { recursive: true, force: true });
      await withPg(pgAdminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function waitForHealth(url: string, child: { exitCode: number | null }, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode} during start-up`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms`);
}

/** How a benchmark starts a process: under another program (e.g. valgrind), with a longer start-up. */
export interface Launch {
  /** The command and options that run node (`[valgrind, --tool=callgrind, …]`). */
  wrapper?: string[];
  healthTimeoutMs?: number;
  stderr?: 'inherit' | 'ignore';
}

/** A floor server of tools/bench/floors/: bare node:http, Express or NestJS answering one JSON document. */
export interface FloorServer {
  url: string;
  pid: number;
  inspectorPort?: number;
  stop: () => boolean;
}

/**
 * Starts tools/bench/floors/<script> answering `document` (JSON text) to every GET (bare NestJS:
 * under /<prefix>/), in its own process: the cost of the framework before any feature.
 */
export async function startFloorServer(script: string, document: string, prefix = 'cache', launch: Launch = {}): Promise<FloorServer> {
  const port = await freePort();
  const inspectorPort = await freePort();
  const nodeArgs = inspectorArgs(inspectorPort);
  const [command, ...args] = [...(launch.wrapper ?? []), process.execPath];
  const child = spawn(command, [...args, ...nodeArgs, path.join(import.meta.dirname, 'floors', script), String(port), document, prefix], {
    stdio: ['ignore', 'inherit', launch.stderr ?? 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    inspectorPort: nodeArgs.length > 0 ? inspectorPort : undefined,
    stop: () => child.kill(),
  };
}

/** Starts dist/apps/<service>/main.js on a loopback port; returns its url, pid and a stop(). */
export async function startService(
  service: string,
  databaseArgs: string[],
  extraArgs: string[] = [],
  env: NodeJS.ProcessEnv = {},
  launch: Launch = {},
): Promise<RunningService> {
  const main = ensureBuilt(service);
  const port = await freePort();
  const inspectorPort = await freePort();
  const nodeArgs = inspectorArgs(inspectorPort);
  const [command, ...args] = [...(launch.wrapper ?? []), process.execPath];
  // Default settings, logging included (one JSON line per request, to /dev/null here).
  const child = spawn(
    command,
    [...args, ...SERVICE_NODE_FLAGS, ...nodeArgs, main, '--host', '127.0.0.1', '--port', String(port), ...databaseArgs, ...extraArgs],
    {
      env: { ...process.env, ...SERVICE_ENVIRONMENT, SIMSVC_ADMIN_USERNAME: ADMIN.username, SIMSVC_ADMIN_PASSWORD: ADMIN.password, ...env },
      stdio: ['ignore', 'ignore', launch.stderr ?? 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, launch.healthTimeoutMs);
  return {
    url,
    pid: child.pid ?? 0,
    inspectorPort: nodeArgs.length > 0 ? inspectorPort : undefined,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** A POST /cache body of simulation heat-1d 1.0.0: run `index` under `cacheKey`. */
export const cacheEntry = (cacheKey: string, index: number, simulationId = 1): Record<string, unknown> => ({
  cache_key: cacheKey,
  simulation_id: simulationId,
  simulation_name: 'heat-1d',
  simulation_version: '1.0.0',
  execution_id: `exec-${index}`,
  squid_id: `heat-1d/r1/${index}`,
  input_hash: `h${index}`,
  run_db_path: `/runs/exec-${index}.db`,
  ttl_hours: 24,
});

/** The PostgreSQL admin URL of a bench run when none is given (the e2e tests' default). */
export const DEFAULT_PG_ADMIN_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Runs `work` against the built service on a fresh database of `backend`; stops it and drops the database afterwards. */
export async function withService<T>(
  service: string,
  backend: string,
  pgAdminUrl: string,
  work: (running: RunningService) => Promise<T>,
  extraArgs: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<T> {
  const database = await createDatabase(service, backend, pgAdminUrl);
  const running = await startService(service, database.args, extraArgs, env);
  try {
    return await work(running);
  } finally {
    await running.stop();
    await database.drop();
  }
}

export async function login(url: string, credentials: Credentials = ADMIN): Promise<string> {
  const response = await fetch(`${url}/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** CPU time (µs) and resident memory (bytes) of a process, from /proc. */
export function processUsage(pid: number): { cpuMicros: number; rssBytes: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return { cpuMicros: (ticks / CLOCK_TICKS_PER_SECOND) * 1e6, rssBytes: rssKb * 1024 };
}

export interface LoadOptions {
  url: string;
  connections?: number;
  duration?: number;
  requests: autocannon.Request[];
  headers?: Record<string, string>;
  expectStatus?: (status: number) => boolean;
  /** The service's process: its CPU time per request and RSS are measured. */
  pid?: number;
  /** A fixed number of requests instead of a duration. */
  amount?: number;
}

/** Runs autocannon and summarises: req/s, p50/p99 latency (ms), responses by expected/unexpected status. */
export async function load({
  amount,
  url,
  connections = 32,
  duration = 10,
  requests,
  headers = {},
  expectStatus = (status) => status >= 200 && status < 300,
  pid,
}: LoadOptions): Promise<LoadFigures> {
  let unexpected = 0;
  const before = pid ? processUsage(pid) : undefined;
  const threadsBefore = pid && threadsWanted() ? threadTicks(pid) : undefined;
  const result = await autocannon({
    url,
    connections,
    ...(amount === undefined ? { duration } : { amount }),
    headers,
    requests,
    setupClient: (client) =>
      client.on('response', (statusCode: number) => {
        if (!expectStatus(statusCode)) unexpected += 1;
      }),
  });
  const after = pid ? processUsage(pid) : undefined;
  const total = result.requests.total;
  const threads = pid && threadsBefore && total > 0 ? formatThreadUsage(threadsBefore, threadTicks(pid), total) : undefined;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total,
    unexpected: unexpected + result.errors + result.timeouts,
    cpuMicrosPerRequest: before && after && total > 0 ? (after.cpuMicros - before.cpuMicros) / total : undefined,
    rssBytes: after?.rssBytes,
    threads,
  };
}

export const formatRow = (name: string, figures: LoadFigures, ceiling?: number): string =>
  [
    name.padEnd(34),
    `${Math.round(figures.requestsPerSecond).toString().padStart(7)} req/s`,
    `p50 ${String(figures.p50).padStart(3)} ms`,
    `p99 ${String(figures.p99).padStart(3)} ms`,
    `unexpected ${figures.unexpected}`,
    figures.cpuMicrosPerRequest === undefined ? '' : `cpu ${Math.round(figures.cpuMicrosPerRequest)} µs/req`,
    figures.rssBytes === undefined ? '' : `rss ${Math.round(figures.rssBytes / 1024 / 1024)} MB`,
    ceiling ? `${((100 * figures.requestsPerSecond) / ceiling).toFixed(1)} % of raw` : '',
  ]
    .filter(Boolean)
    .join('  ') + (figures.threads ? `\n${figures.threads}` : '');

/** A deterministic pseudo-random sequence (mulberry32), so every run and backend gets the same data. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `work(index)` for items 0..count-1 with at most `concurrency` in flight. */
export async function inParallel(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
