// Latency of a real login while a flood of logins with random usernames arrives: from one
// client address, and from a new address per request. The service trusts loopback as its proxy
// (SIMSVC_TRUSTED_PROXIES), so X-Forwarded-For picks each request's client address.
// `npm run bench -- login-flood [--backend sqlite|postgresql]`
import { randomBytes } from 'node:crypto';
import type { Credentials } from '../cluster/auth.ts';
import { ADMIN, createDatabase, startService, type BenchOptions } from './harness.ts';

const REAL_LOGINS = 20;
const FLOOD_CONNECTIONS = 64;
const REAL_ADDRESS = '10.200.0.1';

async function attempt(url: string, address: string, credentials: Credentials): Promise<{ status: number | 'error'; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(credentials),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** REAL_LOGINS logins of the admin one after another: median and 90th percentile (ms), statuses. */
interface LoginFigures {
  median: number;
  p90: number;
  statuses: Record<string, number>;
}

async function realLogins(url: string): Promise<LoginFigures> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  for (let i = 0; i < REAL_LOGINS; i++) {
    const { status, ms } = await attempt(url, REAL_ADDRESS, ADMIN);
    statuses[status] = (statuses[status] ?? 0) + 1;
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)], statuses };
}

/** Floods until stopped; returns the count of answers by status. */
function flood(url: string, addressOf: (sequence: number) => string): () => Promise<Record<string, number>> {
  let running = true;
  const statuses: Record<string, number> = {};
  let sequence = 0;
  const worker = async () => {
    while (running) {
      sequence += 1;
      const credentials = { username: `nobody-${randomBytes(6).toString('hex')}`, password: 'wrong-password' };
      const { status } = await attempt(url, addressOf(sequence), credentials).catch(() => ({ status: 'error' as const }));
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const workers = Array.from({ length: FLOOD_CONNECTIONS }, worker);
  return async () => {
    running = false;
    await Promise.all(workers);
    return statuses;
  };
}

const format = (name: string, figures: LoginFigures, floodStatuses?: Record<string, number>): string =>
  `${name.padEnd(30)} median ${figures.median.toFixed(0).padStart(5)} ms  p90 ${figures.p90.toFixed(0).padStart(5)} ms  ` +
  `real ${JSON.stringify(figures.statuses)}${floodStatuses ? `  flood ${JSON.stringify(floodStatuses)}` : ''}`;

export async function run({
  backends = ['sqlite', 'postgresql'],
  pgAdminUrl = 'postgresql://postgres@127.0.0.1:5432/postgres',
  log = console.log,
}: BenchOptions): Promise<void> {
  for (const backend of backends) {
    const database = await createDatabase('cache', backend, pgAdminUrl);
    const service = await startService('cache', database.args, [], { SIMSVC_TRUSTED_PROXIES: 'loopback' });
    try {
      log(`login-flood (${backend}): ${REAL_LOGINS} sequential admin logins; flood of ${FLOOD_CONNECTIONS} connections`);
      log(format('idle', await realLogins(service.url)));
      const floods: [name: string, addressOf: (sequence: number) => string][] = [
        ['flood from one address', () => '10.100.0.1'],
        ['flood from many addresses', (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`],
      ];
      for (const [name, addressOf] of floods) {
        const stop = flood(service.url, addressOf);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const figures = await realLogins(service.url);
        log(format(name, figures, await stop()));
      }
    } finally {
      await service.stop();
      await database.drop();
    }
  }
}
