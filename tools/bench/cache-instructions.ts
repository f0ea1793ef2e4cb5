// Instructions per request of the cache service and of bare NestJS, counted by valgrind's callgrind
// (`npm run bench -- cache-instructions [--backend sqlite|postgresql]`; how and what the count
// says: instructions.ts). BENCH_PRELOAD (default 2,000) entries are stored before the scenarios.
import type autocannon from 'autocannon';
import { entry, preload } from './cache.ts';
import { createDatabase, DEFAULT_PG_ADMIN_URL, login, random, startFloorServer, startService, type BenchOptions } from './harness.ts';
import { chosen, countInstructions, measureInstructions, underCallgrind, type Counts, type Scenario } from './instructions.ts';

const PRELOAD = Number(process.env.BENCH_PRELOAD ?? 2_000);
const FLOOR_NAME = 'bare NestJS';

const next = random(27);
const randomKey = (count: number) => Math.floor(next() * count);

async function floor(directory: string, log: (line: string) => void): Promise<Counts | undefined> {
  const document = JSON.stringify({
    ...entry(1),
    created_at: '2026-11-22T10:12:25.123000',
    expires_at: '2026-11-23T10:12:25.123000',
    hit_count: 1,
  });
  const server = await startFloorServer('bare-nest.ts', document, 'cache', underCallgrind(directory));
  try {
    const requests: autocannon.Request[] = [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: `/cache/bench/heat-1d/1.0.0/${randomKey(PRELOAD)}` }) },
    ];
    const counted = await measureInstructions(server.pid, server.url, [['bare NestJS 12 GET', requests, {}]], log);
    return counted.values().next().value;
  } finally {
    server.stop();
  }
}

async function service(
  backend: string,
  pgAdminUrl: string,
  directory: string,
  log: (line: string) => void,
  floorCounts: Counts | undefined,
): Promise<void> {
  const database = await createDatabase('cache', backend, pgAdminUrl);
  const running = await startService('cache', database.args, [], {}, underCallgrind(directory));
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
    const reference = floorCounts && { name: FLOOR_NAME, counts: floorCounts };
    await measureInstructions(running.pid, running.url, chosen(scenarios), log, reference);
  } finally {
    await running.stop();
    await database.drop();
  }
}

export async function run({
  backends = ['sqlite', 'postgresql'],
  pgAdminUrl = DEFAULT_PG_ADMIN_URL,
  log = console.log,
}: BenchOptions): Promise<void> {
  await countInstructions(`cache instructions, ${PRELOAD} entries`, log, async (directory) => {
    const floorCounts = process.env.BENCH_FLOORS === '0' ? undefined : await floor(directory, log);
    for (const backend of backends) await service(backend, pgAdminUrl, directory, log, floorCounts);
  });
}
