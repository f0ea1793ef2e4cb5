// Results service benchmark (issue: on SQLite, p99 ≤ 50 ms for search and for stats at 8
// connections over 100,000 results of one simulation, and ≥ 200 runs/s for POST /register of
// real run databases, sequentially; the same figures are measured on PostgreSQL).
//
// Per backend: start dist/apps/results/main.js on a fresh database (auth on), load 100,000
// results with 10 inputs and 10 outputs each through POST /register_direct (16 in flight), then
// drive each query scenario with autocannon, then register 1,000 run databases one at a time.
//
// Data: inputs x0..x8 uniform in [0, 100) and `mode`, one of 10 strings; outputs y0..y9 uniform
// in [0, 1000). Every search request draws new bounds, so no two requests are alike.
//
// Sweep scenarios (issue 24): the best 50 runs by an output under a ~1 % input range, a cursor
// page deep in an order against its first page, and POST /aggregate under the same range.
// Environment: BENCH_RESULTS (runs, default 100,000), BENCH_RUN_DATABASES (0 skips that phase),
// BENCH_DURATION (seconds per scenario), BENCH_SCENARIOS (comma-separated parts of scenario names).
// GET /results/{id} is measured against bare NestJS answering the same document (BENCH_FLOORS=0: not).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import {
  createDatabase,
  startService,
  login,
  load,
  formatRow,
  inParallel,
  processUsage,
  withPg,
  type BenchOptions,
  type LoadFigures,
  type RunningService,
  startFloorServer,
} from './harness.ts';
import { writeSweepRunDatabase } from './sweep/run-database.ts';
import { profiled } from './profile/cpu-profile.ts';
import {
  bestRunsSearch,
  DEEP_ORDER,
  DEEP_PAGE,
  directBody,
  equalitySearch,
  post,
  rangeAggregate,
  rangeSearch,
  SIMULATION,
  type SearchBody,
} from './results-requests.ts';

const RESULTS = Number(process.env.BENCH_RESULTS ?? 100_000);
const RUN_DATABASES = Number(process.env.BENCH_RUN_DATABASES ?? 1_000);
const CONNECTIONS = 8;
const LOAD_CONCURRENCY = 16;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** Only the scenarios whose name contains one of these comma-separated texts (default: all). */
const SCENARIO_FILTERS = (process.env.BENCH_SCENARIOS ?? '').split(',');

type Log = (line: string) => void;

/**
 * The floor of GET /results/{id} in the same run: bare NestJS on Express answering a real
 * result's JSON under /results/, at the same connections (BENCH_FLOORS=0 skips it).
 */
async function measureFloor(service: RunningService, token: string, log: Log): Promise<void> {
  if (process.env.BENCH_FLOORS === '0') return;
  const document = await (await fetch(`${service.url}/results/bench-1`, { headers: { 'x-session-id': token } })).text();
  const floor = await startFloorServer('bare-nest.ts', document, 'results');
  try {
    const requests: autocannon.Request[] = [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/results/bench-${Math.floor(Math.random() * RESULTS)}` }) },
    ];
    await load({ url: floor.url, connections: CONNECTIONS, duration: 2, requests }); // warm-up
    const figures = await profiled(floor.inspectorPort, 'results-floor-bare-nest', log, () =>
      load({ url: floor.url, connections: CONNECTIONS, duration: DURATION_SECONDS, requests, pid: floor.pid }),
    );
    log(formatRow('bare NestJS 12 on Express (floor), same document', figures));
  } finally {
    floor.stop();
  }
}

async function measure(service: RunningService, token: string, log: Log, backend: string): Promise<Record<string, LoadFigures>> {
  const headers = { 'x-session-id': token, 'content-type': 'application/json' };
  const searchRequests = (makeBody: () => SearchBody): autocannon.Request[] => [
    { method: 'POST', path: '/search', headers, setupRequest: (request) => ({ ...request, body: JSON.stringify(makeBody()) }) },
  ];
  let statsCall = 0;
  const randomRun = (): number => Math.floor(Math.random() * RESULTS);
  const aggregateBody = rangeAggregate();
  let cursor: string | null = null;
  for (let page = 0; page < DEEP_PAGE; page += 1) {
    const response = await post(service.url, token, '/search', { ...DEEP_ORDER, ...(cursor === null ? {} : { cursor }) });
    cursor = ((await response.json()) as { next_cursor: string | null }).next_cursor;
  }
  const allScenarios: [name: string, requests: autocannon.Request[]][] = [
    ['search ~1 % input range, order_by output desc, top 50', searchRequests(bestRunsSearch())],
    [`search order_by output desc, page ${DEEP_PAGE + 1} by cursor (no filter)`, searchRequests(() => ({ ...DEEP_ORDER, cursor }))],
    [`search order_by output desc, page 1 (no filter)`, searchRequests(() => DEEP_ORDER)],
    [
      'aggregate 4 outputs + 50-bin histogram, ~1 % input range',
      [{ method: 'POST', path: '/aggregate', headers, setupRequest: (request) => ({ ...request, body: JSON.stringify(aggregateBody()) }) }],
    ],
    ['search 2 ranges, narrow (~0.2 %)', searchRequests(rangeSearch(0.02, 0.1))],
    ['search 2 ranges, broad (~8 %)', searchRequests(rangeSearch(0.2, 0.4))],
    ['search string equality (10 %)', searchRequests(equalitySearch())],
    [
      'get result by id (GET /results/{id})',
      [{ method: 'GET', headers, setupRequest: (request) => ({ ...request, path: `/results/bench-${randomRun()}` }) }],
    ],
    [
      'stats of an output (100,000 values)',
      [
        {
          method: 'GET',
          headers,
          setupRequest: (request) => ({ ...request, path: `/stats/${SIMULATION}/y${statsCall++ % 10}?class=output` }),
        },
      ],
    ],
  ];
  const scenarios = allScenarios.filter(([name]) => SCENARIO_FILTERS.some((filter) => name.includes(filter)));
  // A sample of each, to show what the scenario selects.
  const totalOf = async (body: SearchBody): Promise<number> =>
    ((await (await post(service.url, token, '/search', body)).json()) as { total: number }).total;
  const sample = await totalOf(rangeSearch(0.02, 0.1)());
  const broad = await totalOf(rangeSearch(0.2, 0.4)());
  const equal = await totalOf(equalitySearch()());
  log(`${backend}: sample totals: narrow ${sample}, broad ${broad}, equality ${equal}`);
  const figures: Record<string, LoadFigures> = {};
  for (const [name, requests] of scenarios) {
    await load({ url: service.url, connections: CONNECTIONS, duration: 2, requests }); // warm-up
    const result = await profiled(service.inspectorPort, `results-${backend}-${name}`, log, () =>
      load({
        url: service.url,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        requests,
        expectStatus: (status) => status === 200,
        pid: service.pid,
      }),
    );
    figures[name] = result;
    log(formatRow(`${backend} ${name}`, result));
  }
  if (scenarios.some(([name]) => name.startsWith('get result'))) await measureFloor(service, token, log);
  return figures;
}

async function registerRunDatabases(service: RunningService, token: string, runsRoot: string, log: Log, backend: string): Promise<number> {
  for (let index = 0; index < RUN_DATABASES; index += 1)
    writeSweepRunDatabase(path.join(runsRoot, `run-${index}.db`), {
      simulation: SIMULATION,
      executionId: `run-${index}`,
      index: RESULTS + index,
      day: '2026-01-15',
      durationSeconds: 2.5,
      described: true,
    });
  const started = process.hrtime.bigint();
  for (let index = 0; index < RUN_DATABASES; index += 1) {
    const response = await post(service.url, token, '/register', { execution_id: `run-${index}`, metadata: { bench: true } });
    if (response.status !== 200) throw new Error(`register run-${index}: ${response.status} ${await response.text()}`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rate = RUN_DATABASES / seconds;
  log(
    `${backend} register ${RUN_DATABASES} run databases sequentially: ${seconds.toFixed(2)} s, ${rate.toFixed(0)} runs/s (${((seconds * 1000) / RUN_DATABASES).toFixed(2)} ms each)`,
  );
  return rate;
}

interface BackendSummary {
  figures: Record<string, LoadFigures>;
  registerRate: number;
}

async function benchBackend(backend: string, pgAdminUrl: string, log: Log): Promise<BackendSummary> {
  const database = await createDatabase('results', backend, pgAdminUrl);
  const runsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'simsvc-bench-runs-'));
  const service = await startService('results', database.args, ['--runs-root', runsRoot]);
  try {
    const token = await login(service.url);
    const started = Date.now();
    await inParallel(RESULTS, LOAD_CONCURRENCY, async (index) => {
      const response = await post(service.url, token, '/register_direct', directBody(index));
      if (response.status !== 200) throw new Error(`load ${index}: ${response.status} ${await response.text()}`);
    });
    const loadMs = Date.now() - started;
    log(
      `${backend}: loaded ${RESULTS} results (10 inputs + 10 outputs each) through POST /register_direct, ${LOAD_CONCURRENCY} in flight: ${(loadMs / 1000).toFixed(1)} s (${Math.round((RESULTS * 1000) / loadMs)} results/s)`,
    );
    if (backend === 'postgresql' && database.url) {
      // What autovacuum would have done by now on a live server: planner statistics.
      await withPg(database.url, (client) => client.query('VACUUM ANALYZE'));
    }
    const figures = await measure(service, token, log, backend);
    const registerRate = RUN_DATABASES > 0 ? await registerRunDatabases(service, token, runsRoot, log, backend) : 0;
    log(`${backend}: service RSS after the run ${Math.round(processUsage(service.pid).rssBytes / 1024 / 1024)} MB`);
    return { figures, registerRate };
  } finally {
    await service.stop();
    await database.drop();
    fs.rmSync(runsRoot, { recursive: true, force: true });
  }
}

/** The targets whose scenarios ran: BENCH_SCENARIOS and BENCH_RUN_DATABASES=0 leave some out. */
function sqliteTargets({ figures, registerRate }: BackendSummary): string[] {
  const p99Of = (prefix: string) =>
    Object.entries(figures)
      .filter(([name]) => name.startsWith(prefix))
      .map(([, f]) => f.p99);
  const searches = p99Of('search');
  const stats = p99Of('stats');
  const targets: string[] = [];
  if (searches.length > 0) targets.push(`search p99 ≤ 50 ms: worst ${Math.max(...searches)} ms`);
  if (stats.length > 0) targets.push(`stats p99 ≤ 50 ms: ${stats[0]} ms`);
  if (RUN_DATABASES > 0) targets.push(`register ≥ 200 runs/s: ${registerRate.toFixed(0)} runs/s`);
  return targets;
}

export async function run({
  backends,
  backend,
  pgAdminUrl = 'postgresql://postgres@127.0.0.1:5432/postgres',
  log = console.log,
}: BenchOptions): Promise<Record<string, BackendSummary>> {
  const chosen = backends ?? [backend ?? 'sqlite'];
  log(
    `results benchmark: ${RESULTS} results of one simulation, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario, auth on, ${os.cpus().length} cores`,
  );
  const summary: Record<string, BackendSummary> = {};
  for (const name of chosen) summary[name] = await benchBackend(name, pgAdminUrl, log);
  const sqlite = summary.sqlite;
  if (sqlite) {
    const targets = sqliteTargets(sqlite);
    if (targets.length > 0) log(`targets on sqlite: ${targets.join('; ')}`);
  }
  return summary;
}

if (import.meta.filename === process.argv[1]) {
  const backendArg = process.argv.indexOf('--backend');
  run({
    backends: backendArg >= 0 ? [process.argv[backendArg + 1]] : ['sqlite', 'postgresql'],
    pgAdminUrl: process.env.SIMSVC_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    log: console.log,
  }).catch((error: Error) => {
    console.error(error.stack ?? error);
    process.exit(1);
  });
}
