// Results service at scale (issue 24, "Scale benchmark"): one simulation of N runs, 10 inputs +
// 10 outputs each, for every N of `--sizes` (default 10000,100000,1000000) on each backend of
// `--backend sqlite|postgresql|both` (default both), in one process so that the ratios compare
// figures of the same machine state.
//
// Per backend and size, on a fresh database (auth on): load N results through NDJSON
// POST /register_direct (10,000 lines a request, 2 in flight); upload `--uploads` run databases
// (default 300, in sim2l's format as tools/bench writes it) through POST /runs, 4 in flight; store bytes per
// run; then p50/p99 at 8 connections of
//   (a) an input range keeping ~1 % (x_k in [u, u + 1) of [0, 100)), order_by output y_k desc, top 50;
//   (b) the same search (one fixed range) by cursor at page 200 — or its last page when it has
//       fewer — reached by walking the cursors, then that page asked for again and again;
//   (c) POST /aggregate of 4 outputs + a 50-bin histogram under a ~1 % input range;
//   (d) GET /results/{id}, the floor;
// export rows/s (POST /export of the whole simulation, CSV and JSONL, when the service has it);
// and the service's RSS, sampled every 200 ms from start to stop (the maximum is reported).
// The table prints each scenario's p99 against the floor's and its growth from the smallest size
// to the largest; the targets are checked at the largest size.
//
// Flags: --sizes A,B,C  --backend sqlite|postgresql|both  --duration SECONDS (per scenario, 10)
//        --uploads N (300)  --strict (exit 1 when a target is missed, besides any error)
//        --prefill-above N: past N runs, a size's further runs are written straight into the store
//        (scale/prefill.ts), not loaded through the service; the load rate is then that of the first N.
//        --keep-store DIR: keep each loaded store (SQLite file DIR/results-<backend>-<N>.db, PostgreSQL
//        database simsvc_scale_<DIR name>_<N>) and, on a later run, measure a kept store of the full size again
//        instead of loading it (its load and upload rates are then those logged when it was loaded).
// Every failed request, short export or broken cursor walk fails the run (exit 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { prefill } from './scale/prefill.ts';
import { mb, SCENARIO_NAMES, SCENARIOS, table, targets, type Scenario, type SizeFigures } from './scale/report.ts';
import { aggregate, bestRuns, CURSOR_SEARCH, exportAll, walkCursors, type Body, type Export } from './scale/requests.ts';
import { Client, executionId, loadNdjson, prefillRun, SIMULATION, storeBytes, uploadRuns } from './scale/store-loading.ts';
import {
  createDatabase,
  load,
  login,
  processUsage,
  random,
  startService,
  withPg,
  type BenchDatabase,
  type BenchOptions,
  type LoadFigures,
  type RunningService,
} from './harness.ts';
import { profiled } from './profile/cpu-profile.ts';

const CONNECTIONS = 8;

type Log = (line: string) => void;

interface ScaleOptions {
  sizes: number[];
  backends: string[];
  duration: number;
  uploads: number;
  strict: boolean;
  keepStore?: string;
  prefillAbove?: number;
}

function flag(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

export function scaleOptions(args: string[]): ScaleOptions {
  const sizes = (flag(args, '--sizes') ?? '10000,100000,1000000').split(',').map((size) => Number(size.replace(/_/g, '')));
  if (sizes.some((size) => !Number.isSafeInteger(size) || size < 10_000)) throw new Error('--sizes: integers ≥ 10000, comma-separated');
  const backend = flag(args, '--backend') ?? 'both';
  if (!['sqlite', 'postgresql', 'both'].includes(backend)) throw new Error('--backend: sqlite, postgresql or both');
  return {
    sizes: [...sizes].sort((a, b) => a - b),
    backends: backend === 'both' ? ['sqlite', 'postgresql'] : [backend],
    duration: Number(flag(args, '--duration') ?? 10),
    uploads: Number(flag(args, '--uploads') ?? 300),
    strict: args.includes('--strict'),
    keepStore: flag(args, '--keep-store'),
    prefillAbove: flag(args, '--prefill-above') === undefined ? undefined : Number(flag(args, '--prefill-above')),
  };
}

/** Samples the service's RSS every 200 ms until stopped; the maximum seen. */
function rssSampler(pid: number): { max: () => number; stop: () => number } {
  let max = 0;
  const sample = () => {
    try {
      max = Math.max(max, processUsage(pid).rssBytes);
    } catch {
      // the process has exited
    }
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    max: () => max,
    stop: () => {
      clearInterval(timer);
      sample();
      return max;
    },
  };
}

async function measure(service: RunningService, client: Client, options: ScaleOptions, size: number, log: Log) {
  const headers = { 'x-session-id': client.token, 'content-type': 'application/json' };
  const posting = (route: string, makeBody: () => Body): autocannon.Request[] => [
    { method: 'POST', path: route, headers, setupRequest: (request) => ({ ...request, body: JSON.stringify(makeBody()) }) },
  ];
  const walk = await walkCursors(client);
  const pick = random(size);
  const requests: Record<Scenario, autocannon.Request[]> = {
    a: posting('/search', bestRuns(size + 1)),
    b: posting('/search', () => ({ ...CURSOR_SEARCH, cursor: walk.cursor })),
    c: posting('/aggregate', aggregate(size + 2)),
    d: [
      {
        method: 'GET',
        headers,
        setupRequest: (request) => ({ ...request, path: `/results/${executionId(Math.floor(pick() * size))}` }),
      },
    ],
  };
  const scenarios = {} as Record<Scenario, LoadFigures>;
  for (const scenario of SCENARIOS) {
    await load({ url: service.url, connections: CONNECTIONS, duration: 2, requests: requests[scenario] }); // warm-up
    const figures = await load({
      url: service.url,
      connections: CONNECTIONS,
      duration: options.duration,
      requests: requests[scenario],
      expectStatus: (status) => status === 200,
      pid: service.pid,
    });
    scenarios[scenario] = figures;
    if (figures.unexpected > 0) {
      // Recorded (the run fails at its end, after the table); one request shows what they were.
      const [sample] = requests[scenario];
      const setup = sample.setupRequest as ((request: autocannon.Request) => autocannon.Request) | undefined;
      const body = setup ? setup({ ...sample }) : sample;
      const started = Date.now();
      const response = await fetch(`${service.url}${body.path ?? sample.path}`, {
        method: sample.method,
        headers,
        body: body.body as string | undefined,
      });
      log(
        `  ${SCENARIO_NAMES[scenario]}: ${figures.unexpected} requests failed or timed out (10 s); one more answered ` +
          `${response.status} in ${Date.now() - started} ms: ${(await response.text()).slice(0, 200)}`,
      );
    }
    log(
      `  ${SCENARIO_NAMES[scenario].padEnd(46)} p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(4)} ms  ` +
        `${Math.round(figures.requestsPerSecond)} req/s  cpu ${Math.round(figures.cpuMicrosPerRequest ?? 0)} µs/req`,
    );
  }
  return { scenarios, walk };
}

/** A store kept between runs (--keep-store): never dropped; `reused` when it already holds `runs`. */
async function keptDatabase(directory: string, backend: string, size: number, pgAdminUrl: string): Promise<BenchDatabase> {
  fs.mkdirSync(directory, { recursive: true });
  const drop = async () => undefined;
  if (backend === 'sqlite') {
    const file = path.join(directory, `results-sqlite-${size}.db`);
    return {
      args: ['--backend', 'sqlite', '--db-path', file, '--auth-db-path', path.join(directory, `auth-${size}.db`)],
      path: file,
      directory,
      drop,
    };
  }
  // Named after the directory too, so that benches keeping stores in different directories never share one.
  const stem = path
    .basename(path.resolve(directory))
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_');
  const name = `simsvc_scale_${stem}_${size}`;
  await withPg(pgAdminUrl, async (pg) => {
    const { rows } = await pg.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) await pg.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return { args: ['--backend', 'postgresql', '--db-url', url.toString()], url: url.toString(), directory, drop };
}

async function storedRuns(client: Client): Promise<number> {
  return Number((await client.post('/search', { simulation_name: SIMULATION, limit: 1 })).total);
}

async function benchSize(backend: string, size: number, options: ScaleOptions, pgAdminUrl: string, log: Log): Promise<SizeFigures> {
  const database = options.keepStore
    ? await keptDatabase(options.keepStore, backend, size, pgAdminUrl)
    : await createDatabase('results', backend, pgAdminUrl);
  const runsRoot = options.keepStore
    ? path.join(options.keepStore, `runs-${backend}-${size}`)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'simsvc-bench-runs-'));
  fs.mkdirSync(runsRoot, { recursive: true });
  const service = await startService('results', database.args, ['--runs-root', runsRoot]);
  const rss = rssSampler(service.pid);
  try {
    const client = new Client(service.url, await login(service.url));
    log(`${backend} ${size.toLocaleString('en')} runs:`);
    const stored = options.keepStore === undefined ? 0 : await storedRuns(client);
    // A kept store of this size, with or without its uploads (they are loaded with it).
    const reused = stored >= size && stored <= size + options.uploads;
    if (stored !== 0 && !reused) throw new Error(`the kept store holds ${stored} runs, not ${size}: remove it`);
    const runs = reused ? stored : size + options.uploads;
    let [loadRate, uploadRate] = [Number.NaN, Number.NaN];
    if (reused) {
      log(`  reusing the kept store of ${runs} runs (load figures: see the run that loaded it)`);
    } else {
      const loaded = Math.min(size, options.prefillAbove ?? size);
      const cpuBefore = processUsage(service.pid).cpuMicros;
      loadRate = await profiled(service.inspectorPort, `results-scale-${backend}-${size}-ndjson`, log, () => loadNdjson(client, loaded));
      const cpuPerResult = (processUsage(service.pid).cpuMicros - cpuBefore) / loaded;
      log(
        `  NDJSON /register_direct: ${loaded} results, ${Math.round(loadRate)} results/s, service cpu ${Math.round(cpuPerResult)} µs/result`,
      );
      uploadRate = await uploadRuns(client, size, options.uploads);
      log(
        `  POST /runs uploads: ${options.uploads} run databases, ${uploadRate.toFixed(1)} runs/s; service RSS max so far ${mb(rss.max())} MB`,
      );
      if (loaded < size) {
        const started = Date.now();
        await prefill({ ...database, backend, simulation: SIMULATION, from: loaded, to: size, run: prefillRun });
        log(`  prefilled runs ${loaded}..${size - 1} straight into the store in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    }
    if (backend === 'postgresql' && database.url && !reused) {
      // What autovacuum does soon after a bulk load on a live server: planner statistics, visibility map.
      await withPg(database.url, (pg) => pg.query('VACUUM ANALYZE'));
    }
    const bytesPerRun = (await storeBytes(database)) / runs;
    log(`  store: ${Math.round(bytesPerRun)} bytes per run`);
    const { scenarios, walk } = await measure(service, client, options, size, log);
    log(`  (b) measured page ${walk.page} of a search matching ${walk.matches} runs; service RSS max so far ${mb(rss.max())} MB`);
    const exports: Export[] = [];
    for (const format of ['csv', 'jsonl'] as const) {
      const cpuBefore = processUsage(service.pid).cpuMicros;
      const figures = await exportAll(client, format, runs);
      if (figures === undefined) {
        log('  export: the service has no POST /export');
        break;
      }
      exports.push(figures);
      // The service's CPU per row (its threads, not PostgreSQL's): steadier than rows/s on a shared machine.
      const cpuPerRow = (processUsage(service.pid).cpuMicros - cpuBefore) / figures.rows;
      log(
        `  export ${format}: ${figures.rows} rows, ${Math.round(figures.rowsPerSecond)} rows/s, service cpu ${cpuPerRow.toFixed(1)} µs/row`,
      );
    }
    const maxRssBytes = rss.stop();
    log(`  service RSS max ${mb(maxRssBytes)} MB`);
    return {
      backend,
      size,
      loadRate,
      uploadRate,
      bytesPerRun,
      cursorPage: walk.page,
      cursorMatches: walk.matches,
      scenarios,
      exports,
      maxRssBytes,
    };
  } finally {
    rss.stop();
    await service.stop();
    await database.drop();
    if (!options.keepStore) fs.rmSync(runsRoot, { recursive: true, force: true });
  }
}

export async function run({ pgAdminUrl = 'postgresql://postgres@127.0.0.1:5432/postgres', log = console.log }: BenchOptions) {
  const options = scaleOptions(process.argv.slice(2));
  log(
    `results-scale: sizes ${options.sizes.join(', ')}, ${options.backends.join(' and ')}, ${CONNECTIONS} connections, ` +
      `${options.duration} s per scenario, ${options.uploads} uploads, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  const figures: SizeFigures[] = [];
  for (const backend of options.backends) {
    for (const size of options.sizes) figures.push(await benchSize(backend, size, options, pgAdminUrl, log));
  }
  log('');
  for (const line of table(figures)) log(line);
  log('');
  const { lines, met } = targets(figures);
  for (const line of lines) log(line);
  const failures = figures.flatMap((f) => SCENARIOS.filter((s) => f.scenarios[s].unexpected > 0).map((s) => `${f.backend} ${f.size} ${s}`));
  if (failures.length > 0) throw new Error(`requests failed in ${failures.join(', ')}`);
  if (options.strict && !met) throw new Error('targets missed (--strict)');
  return figures;
}
