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
// to the largest; the issue's targets are checked at the largest size.
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
import {
  createDatabase,
  inParallel,
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
import { sweepParameters } from './sweep/parameters.ts';
import { writeSweepRunDatabase } from './sweep/run-database.ts';

const SIMULATION = 'scale-sim';
const CONNECTIONS = 8;
const NDJSON_LINES = 10_000;
const NDJSON_IN_FLIGHT = 2;
const UPLOADS_IN_FLIGHT = 4;
const PAGE_SIZE = 50;
const CURSOR_PAGE = 200;

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

// ---- data -------------------------------------------------------------------------------------

const executionId = (index: number): string => `scale-${index}`;
const durationOf = (index: number): number => 1 + (index % 100) / 10;

const prefillRun = (index: number) => ({ executionId: executionId(index), durationSeconds: durationOf(index), ...sweepParameters(index) });

function directLine(index: number): string {
  const { inputs, outputs } = sweepParameters(index);
  return JSON.stringify({
    execution_id: executionId(index),
    simulation_name: SIMULATION,
    simulation_version: '1.0.0',
    status: 'completed',
    squid_id: `${SIMULATION}/1.0.0/${executionId(index)}`,
    duration_seconds: durationOf(index),
    input_params: inputs,
    output_params: outputs,
  });
}

// ---- requests ---------------------------------------------------------------------------------

class Client {
  readonly url: string;
  readonly token: string;

  constructor(url: string, token: string) {
    this.url = url;
    this.token = token;
  }

  async post(route: string, body: unknown): Promise<Record<string, unknown>> {
    const request = () =>
      fetch(`${this.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': this.token },
        body: JSON.stringify(body),
      });
    // Once more when a kept-alive connection was closed by the server as the request went out
    // (after a long pause, such as a prefill): undici reports that as "fetch failed".
    const response = await request().catch(request);
    if (response.status !== 200) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  }
}

async function loadNdjson(client: Client, size: number): Promise<number> {
  const started = process.hrtime.bigint();
  await inParallel(Math.ceil(size / NDJSON_LINES), NDJSON_IN_FLIGHT, async (batch) => {
    const first = batch * NDJSON_LINES;
    const lines: string[] = [];
    for (let index = first; index < Math.min(size, first + NDJSON_LINES); index += 1) lines.push(directLine(index));
    const response = await fetch(`${client.url}/register_direct`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson', 'x-session-id': client.token },
      body: `${lines.join('\n')}\n`,
    }).catch((error: Error) => {
      throw new Error(`NDJSON batch ${batch}: ${error.message} (${String(error.cause)})`);
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`NDJSON batch ${batch}: ${response.status} ${text}`);
    const answer = JSON.parse(text) as { registered: number; updated: number; failed: { line: number; message: string }[] };
    // A line that timed out on an overloaded machine is sent again, once; any other failure is fatal.
    const timedOut = answer.failed.filter((failure) => /timeout/i.test(failure.message));
    let registered = answer.registered;
    if (timedOut.length > 0 && timedOut.length === answer.failed.length) {
      const again = await fetch(`${client.url}/register_direct`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson', 'x-session-id': client.token },
        body: `${timedOut.map((failure) => lines[failure.line - 1]).join('\n')}\n`,
      });
      const retried = (await again.json()) as { registered: number; updated: number; failed: unknown[] };
      registered += retried.registered + retried.updated;
      console.log(`  NDJSON batch ${batch}: ${timedOut.length} lines timed out and were sent again`);
    } else if (answer.failed.length > 0) {
      throw new Error(`NDJSON batch ${batch}: ${text.slice(0, 500)}`);
    }
    if (registered !== lines.length) throw new Error(`NDJSON batch ${batch}: ${text.slice(0, 500)}`);
  });
  return size / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** Run `index` as a sim2l run database (contract §6) in `directory`; its path. */
function writeRunDatabase(directory: string, index: number): string {
  const file = path.join(directory, `${executionId(index)}.db`);
  writeSweepRunDatabase(file, {
    simulation: SIMULATION,
    executionId: executionId(index),
    index,
    day: '2026-11-27',
    durationSeconds: durationOf(index),
    described: false,
  });
  return file;
}

async function uploadRuns(client: Client, size: number, count: number): Promise<number> {
  if (count === 0) return 0;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'simsvc-bench-uploads-'));
  try {
    const files = Array.from({ length: count }, (_, k) => writeRunDatabase(directory, size + k));
    const started = process.hrtime.bigint();
    await inParallel(count, UPLOADS_IN_FLIGHT, async (k) => {
      const response = await fetch(`${client.url}/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.sqlite3', 'x-session-id': client.token },
        body: fs.readFileSync(files[k]),
      });
      if (response.status !== 200) throw new Error(`upload ${files[k]}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    });
    return count / (Number(process.hrtime.bigint() - started) / 1e9);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

async function storeBytes(database: BenchDatabase): Promise<number> {
  if (database.path) {
    return [database.path, `${database.path}-wal`].reduce((sum, file) => sum + (fs.existsSync(file) ? fs.statSync(file).size : 0), 0);
  }
  return withPg(database.url ?? '', async (pg) => {
    const { rows } = await pg.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
    return Number(rows[0].bytes);
  });
}

// ---- scenarios --------------------------------------------------------------------------------

type Body = Record<string, unknown>;

/**
 * Bodies over a fresh ~1 % range of a random input x<k> each call: the simulation, the range's
 * filter, then what `rest` gives for k.
 */
function inRandomRanges(seed: number, rest: (k: number) => Body): () => Body {
  const next = random(seed);
  return () => {
    const x = Math.floor(next() * 99 * 1000) / 1000;
    const k = Math.floor(next() * 9);
    return { simulation_name: SIMULATION, input_filters: { [`x${k}`]: { $gte: x, $lt: x + 1 } }, ...rest(k) };
  };
}

/** (a): a fresh ~1 % range of a random input each request, the best 50 by the matching output. */
const bestRuns = (seed: number): (() => Body) =>
  inRandomRanges(seed, (k) => ({ order_by: [{ class: 'output', name: `y${k}`, direction: 'desc' }], limit: PAGE_SIZE }));

/** (b): one fixed range keeping ~1.05 % (so that page 200 is not the last at 1,000,000 runs), best first, paged by cursor. */
const CURSOR_SEARCH: Body = {
  simulation_name: SIMULATION,
  input_filters: { x0: { $gte: 37, $lt: 38.05 } },
  order_by: [{ class: 'output', name: 'y0', direction: 'desc' }],
  limit: PAGE_SIZE,
};

/** (c): 4 outputs and a 50-bin histogram under a fresh ~1 % range. */
const aggregate = (seed: number): (() => Body) =>
  inRandomRanges(seed, (k) => ({
    params: [0, 1, 2, 3].map((j) => ({ class: 'output', name: `y${(k + j) % 10}` })),
    histogram: { class: 'output', name: `y${k}`, bins: 50 },
  }));

/** Walks the cursor pages of CURSOR_SEARCH to page CURSOR_PAGE (or the last); returns that page's number and cursor. */
async function walkCursors(client: Client): Promise<{ page: number; cursor: string; matches: number }> {
  const first = await client.post('/search', CURSOR_SEARCH);
  const matches = Number(first.total);
  let cursor = first.next_cursor as string | null;
  if (cursor === null) throw new Error('the cursor search has a single page: too few runs');
  let page = 2;
  let seen = (first.results as unknown[]).length;
  while (page < CURSOR_PAGE) {
    const answer = await client.post('/search', { ...CURSOR_SEARCH, cursor });
    seen += (answer.results as unknown[]).length;
    const next = answer.next_cursor as string | null;
    if (next === null) break;
    cursor = next;
    page += 1;
  }
  if (page < CURSOR_PAGE && seen + PAGE_SIZE < matches)
    throw new Error(`cursor walk ended at page ${page} with ${seen} of ${matches} runs`);
  return { page, cursor, matches };
}

interface Export {
  format: string;
  rows: number;
  rowsPerSecond: number;
}

/** POST /export of every run, counting the rows as they stream in; undefined when the service has no /export. */
async function exportAll(client: Client, format: 'csv' | 'jsonl', expected: number): Promise<Export | undefined> {
  const started = process.hrtime.bigint();
  const response = await fetch(`${client.url}/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': client.token },
    body: JSON.stringify({ simulation_name: SIMULATION, format }),
  });
  if (response.status === 404) return undefined;
  if (response.status !== 200 || !response.body) throw new Error(`POST /export: ${response.status} ${await response.text()}`);
  let newlines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    // indexOf rather than a JavaScript loop over every byte, which took the bench's own share of the cores.
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) newlines += 1;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rows = format === 'csv' ? newlines - 1 : newlines;
  if (rows !== expected) throw new Error(`POST /export ${format}: ${rows} rows, ${expected} expected`);
  return { format, rows, rowsPerSecond: rows / seconds };
}

// ---- one size ---------------------------------------------------------------------------------

const SCENARIOS = ['a', 'b', 'c', 'd'] as const;
type Scenario = (typeof SCENARIOS)[number];

const SCENARIO_NAMES: Record<Scenario, string> = {
  a: '(a) ~1 % range, order_by output desc, top 50',
  b: '(b) the same by cursor, page 200',
  c: '(c) aggregate 4 outputs + 50-bin histogram',
  d: '(d) GET /results/{id} (floor)',
};

interface SizeFigures {
  backend: string;
  size: number;
  loadRate: number;
  uploadRate: number;
  bytesPerRun: number;
  cursorPage: number;
  cursorMatches: number;
  scenarios: Record<Scenario, LoadFigures>;
  exports: Export[];
  maxRssBytes: number;
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

// ---- report -----------------------------------------------------------------------------------

const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);
const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(1) : '–');

function table(figures: SizeFigures[]): string[] {
  const header = [
    'backend',
    'runs',
    'load/s',
    'upload/s',
    'B/run',
    'a p50/p99',
    'b p50/p99 (page)',
    'c p50/p99',
    'd p50/p99',
    'a/d',
    'b/d',
    'c/d',
    'export rows/s',
    'RSS MB',
  ];
  const rows = figures.map((f) => {
    const p = (s: Scenario) =>
      `${f.scenarios[s].p50} / ${f.scenarios[s].p99}${f.scenarios[s].unexpected > 0 ? ` (${f.scenarios[s].unexpected} failed)` : ''}`;
    const floor = f.scenarios.d.p99;
    return [
      f.backend,
      f.size.toLocaleString('en'),
      String(Math.round(f.loadRate)),
      f.uploadRate.toFixed(0),
      String(Math.round(f.bytesPerRun)),
      p('a'),
      `${p('b')} (${f.cursorPage})`,
      p('c'),
      p('d'),
      ratio(f.scenarios.a.p99, floor),
      ratio(f.scenarios.b.p99, floor),
      ratio(f.scenarios.c.p99, floor),
      f.exports.length === 0 ? 'n/a' : f.exports.map((e) => `${e.format} ${Math.round(e.rowsPerSecond)}`).join(', '),
      String(mb(f.maxRssBytes)),
    ];
  });
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)];
}

/** The issue's targets, at the largest size of each backend; the lines to print and whether all hold. */
function targets(figures: SizeFigures[]): { lines: string[]; met: boolean } {
  const lines: string[] = [];
  let met = true;
  const check = (ok: boolean, text: string) => {
    met &&= ok;
    lines.push(`${ok ? 'met   ' : 'MISSED'} ${text}`);
  };
  for (const backend of [...new Set(figures.map((f) => f.backend))]) {
    const sizes = figures.filter((f) => f.backend === backend);
    const [smallest, largest] = [sizes[0], sizes[sizes.length - 1]];
    const loaded = sizes.filter((f) => !Number.isNaN(f.loadRate));
    if (backend === 'sqlite' && loaded.length === 0) lines.push('–      sqlite bulk load: not measured in this run (kept stores)');
    else if (backend === 'sqlite')
      check(
        loaded.every((f) => f.loadRate >= 5000),
        'sqlite bulk load ≥ 5,000 results/s at every size loaded',
      );
    for (const scenario of ['a', 'b', 'c'] as const) {
      const p99 = largest.scenarios[scenario].p99;
      const floor = largest.scenarios.d.p99;
      check(p99 <= 10 * floor, `${backend} ${scenario} p99 ${p99} ms ≤ 10 × floor ${floor} ms at ${largest.size.toLocaleString('en')}`);
      if (largest !== smallest) {
        const growth = p99 / smallest.scenarios[scenario].p99;
        check(
          growth <= 3,
          `${backend} ${scenario} p99 grows ${growth.toFixed(1)}× ≤ 3× from ${smallest.size.toLocaleString('en')} to ${largest.size.toLocaleString('en')}`,
        );
      }
    }
    for (const f of sizes)
      for (const e of f.exports)
        check(e.rowsPerSecond >= 50_000, `${backend} ${f.size} export ${e.format} ${Math.round(e.rowsPerSecond)} ≥ 50,000 rows/s`);
    check(
      sizes.every((f) => f.maxRssBytes <= 300 * 1024 * 1024),
      `${backend} RSS ≤ 300 MB throughout (max ${mb(Math.max(...sizes.map((f) => f.maxRssBytes)))} MB)`,
    );
  }
  return { lines, met };
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
