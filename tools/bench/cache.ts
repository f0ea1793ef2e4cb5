// Cache service benchmark (issue: GET hit ≥ 10 % of a raw node:http server's req/s and p99 ≤ 10 ms
// at 32 connections on SQLite, zero unexpected statuses, RSS ≤ 200 MB after the run).
import os from 'node:os';
import type autocannon from 'autocannon';
import { profiled } from './profile/cpu-profile.ts';
import { formatPaired, paired } from './paired.ts';
import {
  cacheEntry,
  DEFAULT_PG_ADMIN_URL,
  withService,
  login,
  load,
  processUsage,
  formatRow,
  inParallel,
  startFloorServer,
  type BenchOptions,
  type FloorServer,
} from './harness.ts';

const PRELOAD = 10_000;
const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** Only the scenarios whose name contains one of these comma-separated texts (default: all). */
const SCENARIO_FILTERS = (process.env.BENCH_SCENARIOS ?? '').split(',');

/** The benchmark's entry number `index` (its body for POST /cache). */
export const entry = (index: number): Record<string, unknown> => ({
  ...cacheEntry(`bench/heat-1d/1.0.0/${index}`, index, 1 + (index % 50)),
  metadata: { user: 'bench', cores: 4 },
});

/**
 * Servers answering every GET with one entry's JSON, each in its own process: bare node:http (the
 * ceiling the targets are stated against), and the floors of the stack the services are built
 * on, Express alone and NestJS on Express, to show what the framework costs before any feature.
 */
const FLOORS: [name: string, script: string][] = [
  ['raw node:http (ceiling)', 'raw-http.ts'],
  ['bare Express 5 (floor)', 'bare-express.ts'],
  ['bare NestJS 12 on Express (floor)', 'bare-nest.ts'],
];

/** What the floors answer: an entry as a GET hit answers it. */
const FLOOR_DOCUMENT = JSON.stringify({
  ...entry(1),
  created_at: '2026-11-22T10:12:25.123000',
  expires_at: '2026-11-23T10:12:25.123000',
  hit_count: 1,
});

/** GETs of the preloaded keys, in random order. */
const FLOOR_REQUESTS: autocannon.Request[] = [
  { method: 'GET', setupRequest: (request) => ({ ...request, path: `/cache/bench/heat-1d/1.0.0/${Math.floor(Math.random() * PRELOAD)}` }) },
];

/** Stores entries 0..count-1 through the service; returns the milliseconds it took. */
export async function preload(url: string, token: string, count = PRELOAD): Promise<number> {
  const started = Date.now();
  await inParallel(count, 32, async (index) => {
    const response = await fetch(`${url}/cache`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': token },
      body: JSON.stringify(entry(index)),
    });
    if (response.status !== 200) throw new Error(`preload failed: ${response.status}`);
  });
  return Date.now() - started;
}

async function benchBackend(
  backend: string,
  pgAdminUrl: string,
  ceiling: number | undefined,
  pairedFloor: FloorServer | undefined,
  log: (line: string) => void,
): Promise<void> {
  await withService('cache', backend, pgAdminUrl, async (service) => {
    const token = await login(service.url);
    const headers = { 'x-session-id': token };
    const preloadMs = await preload(service.url, token);
    log(`${backend}: preloaded ${PRELOAD} entries in ${preloadMs} ms (${Math.round((PRELOAD * 1000) / preloadMs)}/s)`);
    const randomKey = () => Math.floor(Math.random() * PRELOAD);
    let stored = PRELOAD;
    const scenarios: [name: string, requests: autocannon.Request[], expectStatus: (status: number) => boolean][] = [
      [
        'GET hit (random keys)',
        [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/cache/bench/heat-1d/1.0.0/${randomKey()}` }) }],
        (status) => status === 200,
      ],
      [
        'GET miss',
        [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/cache/bench/absent/${randomKey()}` }) }],
        (status) => status === 404,
      ],
      [
        'POST store (new keys)',
        [
          {
            method: 'POST',
            path: '/cache',
            headers: { 'content-type': 'application/json', ...headers },
            setupRequest: (request) => ({ ...request, body: JSON.stringify(entry(stored++)) }),
          },
        ],
        (status) => status === 200,
      ],
    ];
    for (const [name, requests, expectStatus] of scenarios.filter(([name]) => SCENARIO_FILTERS.some((filter) => name.includes(filter)))) {
      const figures = await profiled(service.inspectorPort, `cache-${backend}-${name}`, log, () =>
        load({ url: service.url, connections: CONNECTIONS, duration: DURATION_SECONDS, requests, headers, expectStatus, pid: service.pid }),
      );
      log(formatRow(`${backend} ${name}`, figures, ceiling));
      if (pairedFloor) {
        const { url, pid } = pairedFloor;
        const figures = await paired(
          (duration) => load({ url, connections: CONNECTIONS, duration, requests: FLOOR_REQUESTS, pid }),
          (duration) => load({ url: service.url, connections: CONNECTIONS, duration, requests, headers, expectStatus, pid: service.pid }),
        );
        log(formatPaired(figures));
      }
    }
    log(`${backend}: service RSS after the run ${Math.round(processUsage(service.pid).rssBytes / 1024 / 1024)} MB`);
  });
}

export async function run({
  backends = ['sqlite', 'postgresql'],
  pgAdminUrl = DEFAULT_PG_ADMIN_URL,
  log = console.log,
}: BenchOptions): Promise<void> {
  log(`cache benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario, auth on, ${os.cpus().length} cores`);
  let ceiling: number | undefined;
  // BENCH_FLOORS=0 skips them (while profiling the service alone).
  const withFloors = process.env.BENCH_FLOORS !== '0';
  for (const [name, script] of withFloors ? FLOORS : []) {
    const server = await startFloorServer(script, FLOOR_DOCUMENT);
    try {
      const figures = await profiled(server.inspectorPort, `cache-floor-${script}`, log, () =>
        load({ url: server.url, connections: CONNECTIONS, duration: DURATION_SECONDS, requests: FLOOR_REQUESTS, pid: server.pid }),
      );
      ceiling ??= figures.requestsPerSecond;
      log(formatRow(name, figures, ceiling));
    } finally {
      server.stop();
    }
  }
  // Bare NestJS again, idle beside each service, for the paired rounds of every scenario. Warmed
  // up first: on a fresh process its first round cost more than the service's (docs/benchmarks/
  // 2026-11-28-request-path-10.md).
  const pairedFloor = withFloors ? await startFloorServer('bare-nest.ts', FLOOR_DOCUMENT) : undefined;
  try {
    if (pairedFloor) await load({ url: pairedFloor.url, connections: CONNECTIONS, duration: DURATION_SECONDS, requests: FLOOR_REQUESTS });
    for (const backend of backends) await benchBackend(backend, pgAdminUrl, ceiling, pairedFloor, log);
  } finally {
    pairedFloor?.stop();
  }
}
