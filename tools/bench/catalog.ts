// Catalog benchmark: starts the built service (dist/apps/catalog/main.js) on a fresh database,
// loads 10,000 simulations (through the API, in parallel) and 100,000 executions (bulk SQL into
// the service's own database after it migrated), then measures with autocannon at 8 connections:
// search by one token, search by token + tag, get-latest, and the statistics of one simulation.
// Target: p99 <= 20 ms each.
//
//   node tools/bench/catalog.ts [sqlite|postgresql|both]      (or: npm run bench -- catalog)
//   SIMSVC_BENCH_PG_URL / SIMSVC_TEST_PG_URL: PostgreSQL admin URL (default postgresql://postgres@127.0.0.1:5432/postgres)
//   SIMSVC_BENCH_DURATION: seconds per scenario (default 10)
//   BENCH_SCENARIOS: comma-separated parts of scenario titles (default: all); "get latest" is also
//   measured on bare NestJS answering the same document (BENCH_FLOORS=0: not)
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  createDatabase,
  inParallel,
  login,
  processUsage,
  random,
  startFloorServer,
  startService,
  type BenchDatabase,
  type BenchOptions,
} from './harness.ts';
import { profiled } from './profile/cpu-profile.ts';
import { formatThreadUsage, threadsWanted, threadTicks } from './thread-usage.ts';

const SIMULATIONS = 10_000;
const VERSIONS_PER_NAME = 4;
const EXECUTIONS = 100_000;
/** One simulation gets this many of the executions, so its statistics aggregate a real amount. */
const HOT_EXECUTIONS = 10_000;
const CONNECTIONS = 8;
const TARGET_P99_MS = 20;
/** Only the scenarios whose title contains one of these comma-separated texts (default: all). */
const SCENARIO_FILTERS = (process.env.BENCH_SCENARIOS ?? '').split(',');

// 300 description words (each in about 3% of descriptions) and 40 tags (each on about 7.5%).
const WORDS = Array.from(
  { length: 300 },
  (_, i) => `${['therm', 'fluid', 'struct', 'quant', 'optic', 'chem'][i % 6]}${['al', 'ic', 'ix', 'on', 'um'][i % 5]}${i}`,
);
const TAGS = Array.from({ length: 40 }, (_, i) => `tag${i}`);
const STATUSES = ['completed', 'completed', 'completed', 'failed', 'cached', 'cancelled', 'running', 'pending'];

function simulationBody(index: number, next: () => number): Record<string, unknown> {
  const nameIndex = Math.floor(index / VERSIONS_PER_NAME);
  const versions = ['1.9.3', '1.10.0', '2.0.0-rc.1', `0.${nameIndex % 10}.${index % 7}`];
  const words = Array.from({ length: 10 }, () => WORDS[Math.floor(next() * WORDS.length)]);
  const tags = [...new Set(Array.from({ length: 3 }, () => TAGS[Math.floor(next() * TAGS.length)]))];
  return {
    name: `tool-${nameIndex}`,
    version: versions[index % VERSIONS_PER_NAME],
    description: `Simulation of ${words.join(' ')}`,
    author: `author-${index % 97}`,
    tags,
    input_schema: { x: { type: 'number', units: 'm', min: 0, max: 10 }, n: { type: 'integer', default: 10 } },
    output_schema: { y: { type: 'number', units: 'K' } },
  };
}

async function json<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { 'X-Session-ID': token } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** id, simulation id, status, duration (µs) or null, cache hit, created (µs since the epoch). */
type ExecutionRow = [string, number, string, number | null, boolean, number];

function executionRows(simulationIds: number[], next: () => number): ExecutionRow[] {
  const hot = simulationIds[0];
  const now = Date.now() * 1000;
  const rows: ExecutionRow[] = [];
  for (let i = 0; i < EXECUTIONS; i += 1) {
    const simulationId = i < HOT_EXECUTIONS ? hot : simulationIds[Math.floor(next() * simulationIds.length)];
    const status = STATUSES[i % STATUSES.length];
    const finished = !['running', 'pending'].includes(status);
    const created = now - (EXECUTIONS - i) * 1000;
    rows.push([`bench-exec-${i}`, simulationId, status, finished ? Math.round(next() * 120_000_000) : null, status === 'cached', created]);
  }
  return rows;
}

/** Bulk-inserts the executions straight into the service's database (it has migrated already). */
async function loadExecutions(database: BenchDatabase, rows: ExecutionRow[]): Promise<void> {
  if (database.path) {
    const db = new Database(database.path);
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      `INSERT INTO catalog_executions (execution_id, simulation_id, status, duration_micros, cache_hit, executor_type, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'local', ?, ?)`,
    );
    db.transaction(() => {
      for (const [id, simulationId, status, duration, cached, created] of rows)
        insert.run(id, simulationId, status, duration, cached ? 1 : 0, created, created);
    })();
    db.exec('ANALYZE');
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  for (let start = 0; start < rows.length; start += 10_000) {
    const batch = rows.slice(start, start + 10_000);
    const column = (index: number): unknown[] => batch.map((row) => row[index]);
    await client.query(
      `INSERT INTO catalog_executions (execution_id, simulation_id, status, duration_micros, cache_hit, executor_type, created_at, updated_at)
       SELECT id, sim, st, dur, hit, 'local', created, created
       FROM unnest($1::text[], $2::int[], $3::text[], $4::bigint[], $5::boolean[], $6::bigint[]) AS t (id, sim, st, dur, hit, created)`,
      [column(0), column(1), column(2), column(3), column(4), column(5)],
    );
  }
  await client.query('VACUUM ANALYZE');
  await client.end();
}

interface ScenarioFigures {
  scenario: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time of the service process per request. */
  cpuMicrosPerRequest: number;
}

interface BackendRun {
  backend: string;
  simulationLoadSeconds: number;
  /** CPU time of the service process per simulation registered through the API. */
  registrationCpuMicros: number;
  executionLoadSeconds: number;
  results: ScenarioFigures[];
}

async function measure(
  base: string,
  pid: number,
  token: string,
  title: string,
  paths: string[],
  duration: number,
  inspectorPort?: number,
): Promise<ScenarioFigures> {
  let index = 0;
  const cpuBefore = processUsage(pid).cpuMicros;
  const threadsBefore = threadsWanted() ? threadTicks(pid) : undefined;
  const result = await profiled(inspectorPort, `catalog-${title}`, console.log, () =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      headers: { 'X-Session-ID': token },
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[index++ % paths.length] }) }],
    }),
  );
  const cpuMicros = processUsage(pid).cpuMicros - cpuBefore;
  if (threadsBefore && result.requests.total > 0)
    console.log(`${title}, CPU by thread:\n${formatThreadUsage(threadsBefore, threadTicks(pid), result.requests.total)}`);
  const errors = result.errors + result.non2xx;
  return {
    scenario: title,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    cpuMicrosPerRequest: result.requests.total > 0 ? cpuMicros / result.requests.total : 0,
  };
}

async function benchBackend(
  backend: string,
  { pgAdminUrl, log, duration }: { pgAdminUrl: string; log: (line: string) => void; duration: number },
): Promise<BackendRun> {
  const database = await createDatabase('catalog', backend, pgAdminUrl);
  // Request logging off and no watch directory: the figures are those of the catalog's own work.
  const service = await startService('catalog', database.args, ['--log-level', 'warn'], { SIMSVC_CATALOG_WATCH_DIR: '' });
  const base = service.url;
  try {
    const token = await login(base);

    const next = random(20261122);
    const bodies = Array.from({ length: SIMULATIONS }, (_, i) => simulationBody(i, next));
    let started = Date.now();
    const registrationCpuBefore = processUsage(service.pid).cpuMicros;
    const ids = new Array<number>(SIMULATIONS);
    await inParallel(SIMULATIONS, 32, async (i) => {
      const response = await json<{ id: number }>(base, 'POST', '/simulations', token, bodies[i]);
      if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
      ids[i] = response.body.id;
    });
    const simulationLoad = (Date.now() - started) / 1000;
    const registrationCpuMicros = (processUsage(service.pid).cpuMicros - registrationCpuBefore) / SIMULATIONS;
    log(
      `[${backend}] loaded ${SIMULATIONS} simulations through the API in ${simulationLoad.toFixed(1)} s (${Math.round(SIMULATIONS / simulationLoad)}/s, cpu ${Math.round(registrationCpuMicros)} µs each)`,
    );

    started = Date.now();
    await loadExecutions(database, executionRows(ids, next));
    const executionLoad = (Date.now() - started) / 1000;
    log(`[${backend}] loaded ${EXECUTIONS} executions by bulk SQL in ${executionLoad.toFixed(1)} s`);

    // On SQLite the service merges the search vocabulary's trigram index within 10 s of it growing.
    if (backend === 'sqlite') await new Promise((r) => setTimeout(r, 11_000));
    const check = await json<{ total_executions: number }>(base, 'GET', `/simulations/${ids[0]}/stats`, token);
    if (check.body.total_executions < HOT_EXECUTIONS) throw new Error(`unexpected stats: ${JSON.stringify(check.body)}`);
    const probe = await fetch(`${base}/simulations/search?query=${WORDS[7]}`, { headers: { 'X-Session-ID': token } });
    log(
      `[${backend}] search "${WORDS[7]}" matches ${probe.headers.get('x-total-count')} simulations; latest of tool-0 is ${(await json<{ version: string }>(base, 'GET', '/simulations/tool-0', token)).body.version}`,
    );

    const tokens = WORDS.slice(0, 50);
    const scenarios: [title: string, paths: string[]][] = [
      ['search one token', tokens.map((word) => `/simulations/search?query=${word}`)],
      ['search token + tag', tokens.map((word, i) => `/simulations/search?query=${word}&tags=${TAGS[i % TAGS.length]}`)],
      ['get latest', Array.from({ length: 500 }, (_, i) => `/simulations/tool-${(i * 7) % (SIMULATIONS / VERSIONS_PER_NAME)}`)],
      [
        'stats (typical simulation)',
        Array.from({ length: 500 }, (_, i) => `/simulations/${ids[1 + ((i * 13) % (SIMULATIONS - 1))]}/stats`),
      ],
      [`stats (${HOT_EXECUTIONS} executions)`, [`/simulations/${ids[0]}/stats`]],
    ];
    const results: ScenarioFigures[] = [];
    const chosen = scenarios.filter(([title]) => SCENARIO_FILTERS.some((filter) => title.includes(filter)));
    for (const [title, paths] of chosen) {
      await measure(base, service.pid, token, title, paths, 2); // warm-up
      results.push(await measure(base, service.pid, token, `${backend} ${title}`, paths, duration, service.inspectorPort));
    }
    if (process.env.BENCH_FLOORS !== '0' && chosen.some(([title]) => title === 'get latest')) {
      // The floor of GET /simulations/{name} in the same run: bare NestJS answering a real document.
      const document = (await json(base, 'GET', '/simulations/tool-0', token)).body;
      const floor = await startFloorServer('bare-nest.ts', JSON.stringify(document), 'simulations');
      try {
        const paths = Array.from({ length: 500 }, (_, i) => `/simulations/tool-${(i * 7) % (SIMULATIONS / VERSIONS_PER_NAME)}`);
        await measure(floor.url, floor.pid, token, 'floor', paths, 2);
        results.push(await measure(floor.url, floor.pid, token, 'bare NestJS floor, get latest', paths, duration, floor.inspectorPort));
      } finally {
        floor.stop();
      }
    }
    return { backend, simulationLoadSeconds: simulationLoad, registrationCpuMicros, executionLoadSeconds: executionLoad, results };
  } finally {
    await service.stop();
    if (process.env.SIMSVC_BENCH_KEEP === '1') log(`[${backend}] kept the database: ${database.path ?? database.url}`);
    else await database.drop().catch(() => undefined);
  }
}

function report(run: BackendRun, log: (line: string) => void): void {
  log(
    `\ncatalog on ${run.backend}: ${SIMULATIONS} simulations (API, ${run.simulationLoadSeconds.toFixed(1)} s), ${EXECUTIONS} executions (SQL, ${run.executionLoadSeconds.toFixed(1)} s), ${CONNECTIONS} connections`,
  );
  log('scenario                       req/s     p50 ms   p99 ms   errors   cpu µs/req   p99 <= 20 ms');
  for (const r of run.results) {
    log(
      `${r.scenario.padEnd(30)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)} ${String(Math.round(r.cpuMicrosPerRequest)).padStart(12)}   ${r.p99 <= TARGET_P99_MS ? 'yes' : 'NO'}`,
    );
  }
}

/**
 * Entry point of the bench runner (`npm run bench -- catalog [--backend sqlite|postgresql]`, which
 * passes `backends`); `backend` alone (or 'both') also works.
 */
export async function run({ backend, backends, pgAdminUrl, log = console.log }: BenchOptions = {}): Promise<BackendRun[]> {
  const adminUrl =
    pgAdminUrl ?? process.env.SIMSVC_BENCH_PG_URL ?? process.env.SIMSVC_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const duration = Number(process.env.SIMSVC_BENCH_DURATION ?? 10);
  const selected = backends ?? (!backend || backend === 'both' ? ['sqlite', 'postgresql'] : [backend]);
  const runs: BackendRun[] = [];
  for (const name of selected) {
    const result = await benchBackend(name, { pgAdminUrl: adminUrl, log, duration });
    report(result, log);
    runs.push(result);
  }
  return runs;
}

if (import.meta.filename === process.argv[1]) {
  run({ backend: process.argv[2] }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
