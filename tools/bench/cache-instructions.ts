// Instructions per request of the cache service and of bare NestJS, counted by valgrind's callgrind
// (`npm run bench -- cache-instructions [--backend sqlite|postgresql]`). Unlike CPU time, an
// instruction count does not grow with cache misses and context switches under other load. Work
// paid per unit of time (timers, batches) is charged to ~50× fewer requests than natively, and
// the more so the longer the scenario takes: compare builds side by side, at low load.
// Each process runs under callgrind with instrumentation off until it has started (and the
// service has its entries); then it is switched on, each scenario is warmed up (V8 optimises the
// hot path), the counters are zeroed, a fixed number of requests is sent and the counters are
// read. An idle period's count per second is subtracted for each scenario's duration (timers
// that run whether requests arrive or not). "main" is the event-loop thread, "all" adds V8's
// compiler and collector threads and libuv's pool. Under callgrind a process runs ~50× slower:
// BENCH_REQUESTS (default 1,000) requests per scenario after BENCH_WARMUP (default 1,000).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import { entry, preload } from './cache.ts';
import { createDatabase, load, login, random, startFloorServer, startService, type BenchOptions, type Launch } from './harness.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1_000);
const PRELOAD = Number(process.env.BENCH_PRELOAD ?? 2_000);
const IDLE_MS = 5_000;
const CONNECTIONS = 4;
const SCENARIO_FILTERS = (process.env.BENCH_SCENARIOS ?? '').split(',');
/** A directory to keep callgrind's profile of each scenario in (callgrind_annotate reads them). */
const DUMP_DIRECTORY = process.env.BENCH_CALLGRIND_DUMP || undefined;
const run$ = promisify(execFile);

interface Counts {
  main: number;
  all: number;
}

/** The callgrind process's instructions so far, by thread (`callgrind_control -e`). */
async function counts(pid: number): Promise<Counts> {
  const { stdout } = await run$('callgrind_control', ['-e', String(pid)]);
  const threads = [...stdout.matchAll(/^\s*Th (\d+)\s+([\d,]+)/gm)].map(([, thread, count]) => [
    Number(thread),
    Number(count.replaceAll(',', '')),
  ]);
  if (threads.length === 0) throw new Error(`no counts from callgrind_control -e ${pid}:\n${stdout}`);
  return { main: threads.find(([thread]) => thread === 1)?.[1] ?? 0, all: threads.reduce((sum, [, count]) => sum + count, 0) };
}

const control = (pid: number, ...args: string[]) => run$('callgrind_control', [...args, String(pid)]);

function launch(directory: string): Launch {
  return {
    wrapper: ['valgrind', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${path.join(directory, 'callgrind.out')}`],
    healthTimeoutMs: 600_000,
    stderr: 'ignore',
  };
}

type Scenario = [name: string, requests: autocannon.Request[], headers: Record<string, string>];

/** Counts each scenario's instructions per request in the running process `pid`. */
async function measure(
  pid: number,
  url: string,
  scenarios: Scenario[],
  log: (line: string) => void,
  floor?: Map<string, Counts>,
): Promise<Map<string, Counts>> {
  await control(pid, '-i', 'on');
  const measured: [name: string, counts: Counts, ms: number][] = [];
  for (const [name, requests, headers] of scenarios) {
    await load({ url, connections: CONNECTIONS, amount: WARMUP, requests, headers });
    await control(pid, '-z');
    const started = Date.now();
    await load({ url, connections: CONNECTIONS, amount: REQUESTS, requests, headers });
    measured.push([name, await counts(pid), Date.now() - started]);
    if (DUMP_DIRECTORY) await control(pid, '--dump=' + name.replaceAll(' ', '-'));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await control(pid, '-z');
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idle = await counts(pid);
  const result = new Map<string, Counts>();
  for (const [name, total, ms] of measured) {
    const perRequest = (key: keyof Counts) => (total[key] - (idle[key] * ms) / IDLE_MS) / REQUESTS;
    const counted = { main: perRequest('main'), all: perRequest('all') };
    result.set(name, counted);
    const reference = floor?.values().next().value;
    const ratio = reference
      ? `  (${(counted.main / reference.main).toFixed(2)}× / ${(counted.all / reference.all).toFixed(2)}× bare NestJS)`
      : '';
    log(
      `${name.padEnd(36)} main ${Math.round(counted.main / 1000)
        .toString()
        .padStart(5)} k  all ${Math.round(counted.all / 1000)
        .toString()
        .padStart(5)} k instructions/request${ratio}`,
    );
  }
  log(`  (idle: main ${Math.round(idle.main / IDLE_MS)} k, all ${Math.round(idle.all / IDLE_MS)} k instructions/s, subtracted)`);
  return result;
}

const next = random(27);
const randomKey = (count: number) => Math.floor(next() * count);

async function floor(directory: string, log: (line: string) => void): Promise<Map<string, Counts>> {
  const document = JSON.stringify({
    ...entry(1),
    created_at: '2026-11-22T10:12:25.123000',
    expires_at: '2026-11-23T10:12:25.123000',
    hit_count: 1,
  });
  const server = await startFloorServer('bare-nest.ts', document, 'cache', launch(directory));
  try {
    const requests: autocannon.Request[] = [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/cache/bench/heat-1d/1.0.0/${randomKey(PRELOAD)}` }) },
    ];
    return await measure(server.pid, server.url, [['bare NestJS 12 GET', requests, {}]], log);
  } finally {
    server.stop();
  }
}

async function service(
  backend: string,
  pgAdminUrl: string,
  directory: string,
  log: (line: string) => void,
  floorCounts: Map<string, Counts>,
): Promise<void> {
  const database = await createDatabase('cache', backend, pgAdminUrl);
  const running = await startService('cache', database.args, [], {}, launch(directory));
  try {
    const token = await login(running.url);
    const headers = { 'x-session-id': token };
    await preload(running.url, token, PRELOAD);
    let stored = PRELOAD;
    const scenarios: Scenario[] = [
      [
        `${backend} GET hit`,
        [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/cache/bench/heat-1d/1.0.0/${randomKey(PRELOAD)}` }) }],
        headers,
      ],
      [
        `${backend} GET miss`,
        [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/cache/bench/absent/${randomKey(PRELOAD)}` }) }],
        headers,
      ],
      [
        `${backend} POST store`,
        [
          {
            method: 'POST',
            path: '/cache',
            headers: { 'content-type': 'application/json', ...headers },
            setupRequest: (request) => ({ ...request, body: JSON.stringify(entry(stored++)) }),
          },
        ],
        headers,
      ],
    ];
    await measure(
      running.pid,
      running.url,
      scenarios.filter(([name]) => SCENARIO_FILTERS.some((filter) => name.includes(filter))),
      log,
      floorCounts,
    );
  } finally {
    await running.stop();
    await database.drop();
  }
}

export async function run({
  backends = ['sqlite', 'postgresql'],
  pgAdminUrl = 'postgresql://postgres@127.0.0.1:5432/postgres',
  log = console.log,
}: BenchOptions): Promise<void> {
  const directory = DUMP_DIRECTORY ?? fs.mkdtempSync(path.join(os.tmpdir(), 'simsvc-bench-callgrind-'));
  log(
    `cache instructions (callgrind): ${REQUESTS} requests per scenario after ${WARMUP} warm-up, ${CONNECTIONS} connections, ${PRELOAD} entries`,
  );
  try {
    const floorCounts = process.env.BENCH_FLOORS === '0' ? new Map<string, Counts>() : await floor(directory, log);
    for (const backend of backends) await service(backend, pgAdminUrl, directory, log, floorCounts);
  } finally {
    if (!DUMP_DIRECTORY) fs.rmSync(directory, { recursive: true, force: true });
  }
}
