// The key-pattern attack of issue 22 item 2 against the cache: an anonymous client stores ~5,000
// entries with 1 KB keys, then attacker clients send GET /cache/entries?pattern=* + 1000 × a + b*
// over and over. Measured: /health and another user's GET /cache/{key} (p50/p99), without and
// with the attack; the target is p99 under attack within 2× of the unattacked run.
// `npm run bench -- cache-pattern [--backend sqlite|postgresql]`; SIMSVC_BENCH_DIST=<dir> runs
// another build (e.g. of the commit before the fix); BENCH_DURATION: seconds per phase (8).
import os from 'node:os';
import { cacheEntry, DEFAULT_PG_ADMIN_URL, inParallel, login, withService, type BenchOptions } from './harness.ts';

const ATTACK_ENTRIES = 5_000;
const ATTACKERS = 2;
const OTHER_USERS = 2;
const OTHER_ENTRIES = 200;
const PHASE_SECONDS = Number(process.env.BENCH_DURATION ?? 8);
const ATTACK_PATTERN = `*${'a'.repeat(1000)}b*`;

/** 1 KB keys on which `*` + 1000 × a + `b*` backtracks: a thousand `a`, never a `b`. */
const attackKey = (index: number) => `${'a'.repeat(1000)}-${String(index).padStart(23, '0')}`;

async function post(url: string, token: string, body: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${url}/cache`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': token },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

async function anonymousToken(url: string): Promise<string> {
  const response = await fetch(`${url}/session/anonymous`, { method: 'POST' });
  if (!response.ok) throw new Error(`anonymous session failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** Timed GETs, one after another, until `until()`; their latencies (ms) and statuses. */
async function timedLoop(
  path: () => string,
  token: string | undefined,
  until: () => boolean,
): Promise<{ ms: number[]; statuses: Record<string, number> }> {
  const ms: number[] = [];
  const statuses: Record<string, number> = {};
  while (!until()) {
    const started = performance.now();
    const status = await fetch(path(), { headers: token ? { 'x-session-id': token } : {} })
      .then(async (response) => {
        await response.arrayBuffer();
        return String(response.status);
      })
      .catch(() => 'error');
    ms.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { ms, statuses };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};
const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${count}×${status}`)
    .join(' ');

interface Phase {
  health: number[];
  reads: number[];
  attack?: { ms: number[]; statuses: Record<string, number> };
}

/** One phase: the observers (and the attackers, when given) for PHASE_SECONDS. */
async function phase(url: string, userToken: string, attackerToken: string | undefined): Promise<Phase> {
  const end = Date.now() + PHASE_SECONDS * 1000;
  const over = () => Date.now() >= end;
  const health = timedLoop(() => `${url}/health`, undefined, over);
  const reads = Array.from({ length: OTHER_USERS }, () =>
    timedLoop(() => `${url}/cache/bench/user/${Math.floor(Math.random() * OTHER_ENTRIES)}`, userToken, over),
  );
  const attackPath = `${url}/cache/entries?pattern=${encodeURIComponent(ATTACK_PATTERN)}`;
  const attackers = attackerToken ? Array.from({ length: ATTACKERS }, () => timedLoop(() => attackPath, attackerToken, over)) : [];
  const readResults = await Promise.all(reads);
  const attackResults = await Promise.all(attackers);
  return {
    health: (await health).ms,
    reads: readResults.flatMap((result) => result.ms),
    attack: attackerToken
      ? {
          ms: attackResults.flatMap((result) => result.ms),
          statuses: attackResults.reduce<Record<string, number>>((all, result) => {
            for (const [status, count] of Object.entries(result.statuses)) all[status] = (all[status] ?? 0) + count;
            return all;
          }, {}),
        }
      : undefined,
  };
}

async function benchBackend(backend: string, pgAdminUrl: string, log: (line: string) => void): Promise<void> {
  await withService('cache', backend, pgAdminUrl, async (service) => {
    const user = await login(service.url);
    await inParallel(OTHER_ENTRIES, 16, async (index) => {
      if ((await post(service.url, user, cacheEntry(`bench/user/${index}`, index))) !== 200) throw new Error('user store failed');
    });
    // The attacker stores anonymously as fast as it is allowed to; what a rate limit refuses is
    // stored by a user session, so both builds match the pattern against 5,000 keys.
    const attacker = await anonymousToken(service.url);
    const statuses: Record<string, number> = {};
    const refused: number[] = [];
    const started = performance.now();
    await inParallel(ATTACK_ENTRIES, 16, async (index) => {
      const status = await post(service.url, attacker, cacheEntry(attackKey(index), index));
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== 200) refused.push(index);
    });
    const anonymousMs = performance.now() - started;
    await inParallel(refused.length, 16, async (position) => {
      const index = refused[position];
      if ((await post(service.url, user, cacheEntry(attackKey(index), index))) !== 200) throw new Error('user store failed');
    });
    log(
      `${backend}: anonymous stores of ${ATTACK_ENTRIES} 1 KB keys in ${Math.round(anonymousMs)} ms: ${statusList(statuses)}` +
        (refused.length > 0 ? `; the ${refused.length} refused were stored by a user session` : ''),
    );
    const quiet = await phase(service.url, user, undefined);
    const attacked = await phase(service.url, user, attacker);
    const row = (name: string, figures: Phase) =>
      `| ${backend} | ${name} | ${ms(percentile(figures.health, 50))} | ${ms(percentile(figures.health, 99))} | ${ms(percentile(figures.reads, 50))} | ${ms(percentile(figures.reads, 99))} | ${
        figures.attack
          ? `${figures.attack.ms.length} (${statusList(figures.attack.statuses)}), p50 ${ms(percentile(figures.attack.ms, 50))}`
          : '–'
      } |`;
    log('| backend | phase | /health p50 | /health p99 | GET /cache/{key} p50 | GET /cache/{key} p99 | attack requests, p50 (ms) |');
    log('| --- | --- | ---: | ---: | ---: | ---: | --- |');
    log(row('without attack', quiet));
    log(row(`${ATTACKERS} attackers`, attacked));
    const ratio = (key: 'health' | 'reads') => percentile(attacked[key], 99) / percentile(quiet[key], 99);
    log(`${backend}: p99 under attack / without: /health ${ratio('health').toFixed(2)}×, GET /cache/{key} ${ratio('reads').toFixed(2)}×`);
  });
}

export async function run({
  backends = ['sqlite', 'postgresql'],
  pgAdminUrl = DEFAULT_PG_ADMIN_URL,
  log = console.log,
}: BenchOptions): Promise<void> {
  log(
    `cache-pattern benchmark: ${ATTACKERS} attackers, ${OTHER_USERS} readers + 1 /health client (one request at a time each), ` +
      `${PHASE_SECONDS} s per phase, ${os.cpus().length} cores, build ${process.env.SIMSVC_BENCH_DIST ?? 'dist/'}`,
  );
  for (const backend of backends) await benchBackend(backend, pgAdminUrl, log);
}
