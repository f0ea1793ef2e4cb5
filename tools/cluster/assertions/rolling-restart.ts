// 7. A rolling restart under load: each cache replica in turn gets SIGTERM, exits 0, is started
//    again and takes requests again, while clients keep sending GETs and POSTs through nginx
//    over keep-alive connections. No request gets a 5xx, a reset or no answer, and every POST
//    answered 200 is stored.

import { waitForBalance } from '../balance.ts';
import { client, createAgent, countBy, mapConcurrent } from '../http.ts';
import { runLoad } from '../load.ts';
import type { Nginx } from '../nginx.ts';
import type { Replica, ReplicaExit } from '../replica.ts';
import { checker, uniqueId, cacheEntry, formatCounts, statusOf, type Assertion } from './support.ts';

const WORKERS = 16;
/** The load runs until the last replica is back plus this, and never longer than MAX_LOAD_MS. */
const LOAD_AROUND_MS = 1500;
const MAX_LOAD_MS = 120_000;
/** Docker's default grace period: a replica still running after it would be killed. */
const EXIT_WITHIN_MS = 10_000;
const READ_BACK = 100;

interface RestartStep {
  name: string;
  exit: ReplicaExit;
  exitMs: number;
  balancedMs: number;
}

/** SIGTERM, exit, start, healthy, balanced again: one replica after another. */
async function restartInTurn(nginx: Nginx, replicas: Replica[]): Promise<RestartStep[]> {
  const steps: RestartStep[] = [];
  for (const replica of replicas) {
    const signalledAt = Date.now();
    replica.signal('SIGTERM');
    const exit = await replica.waitExit(EXIT_WITHIN_MS);
    const exitMs = Date.now() - signalledAt;
    replica.start();
    await replica.waitHealthy();
    const balancedMs = await waitForBalance(nginx, replicas);
    steps.push({ name: replica.name, exit, exitMs, balancedMs });
  }
  return steps;
}

const assertion: Assertion = {
  title: 'rolling restart under load',
  needs: ['cache'],
  async run({ topology, nginx, token }) {
    const c = checker();
    const replicas = topology.replicas.cache;
    const agent = createAgent(WORKERS);
    const cache = client(nginx.urls.cache, { token, agent, timeoutMs: 30_000 });
    await waitForBalance(nginx, replicas);
    const prefix = uniqueId('rolling');
    const hotKey = `${prefix}/hot`;
    const stored = await cache.post('/cache', cacheEntry(hotKey));
    c.check(stored.status === 200, `storing ${hotKey} answered ${statusOf(stored)}`);

    // Set by the restart sequence while the load runs (`as`: the callbacks assign them).
    let restarts = null as Promise<void> | null;
    let steps = null as RestartStep[] | null;
    let finishedAt = null as number | null;
    try {
      const results = await runLoad({
        concurrency: WORKERS,
        durationMs: MAX_LOAD_MS,
        stopWhen: () => finishedAt !== null && Date.now() - finishedAt > LOAD_AROUND_MS,
        task: async (worker, sequence) => {
          const headers = { 'x-request-id': `${prefix}-${worker}-${sequence}` };
          if (sequence % 3 === 2) {
            const key = `${prefix}/${worker}/${sequence}`;
            const response = await cache.post('/cache', cacheEntry(key, sequence), { headers });
            return { kind: 'POST', key, status: statusOf(response) };
          }
          const response = await cache.get(`/cache/${hotKey}`, { headers });
          return { kind: 'GET', key: undefined, status: statusOf(response) };
        },
        onTick: (elapsed) => {
          if (elapsed < LOAD_AROUND_MS || restarts !== null) return;
          restarts = restartInTurn(nginx, replicas).then(
            (done) => {
              steps = done;
              finishedAt = Date.now();
            },
            (error: Error) => {
              c.fail(`rolling restart: ${error.message}`);
              finishedAt = Date.now();
            },
          );
        },
      });
      await restarts;

      const statuses = countBy(results, (r) => `${r.kind} ${r.status}`);
      const failed = results.filter((r) => !/^[1-4]\d\d$/.test(r.status));
      c.check(
        failed.length === 0,
        `${failed.length} requests through nginx got a 5xx, a reset or no answer: ${formatCounts(countBy(failed, (r) => `${r.kind} ${r.status}`))}`,
      );
      c.check(
        results.every((r) => r.status === '200'),
        `not every request answered 200: ${formatCounts(statuses)}`,
      );
      for (const step of steps ?? []) {
        c.check(
          step.exit.code === 0 && !step.exit.timedOut,
          `${step.name} exit: code ${step.exit.code}, signal ${step.exit.signal}${step.exit.timedOut ? `, still running after ${EXIT_WITHIN_MS / 1000} s` : ''}`,
        );
      }
      const posted = results.filter((r) => r.kind === 'POST' && r.status === '200');
      const sample = posted.filter((_, i) => i % Math.max(1, Math.floor(posted.length / READ_BACK)) === 0);
      const reads = await mapConcurrent(sample.length, 8, (i) => cache.get(`/cache/${sample[i].key}`));
      const lost = reads.filter((read) => read.status !== 200).length;
      c.check(lost === 0, `${lost} of ${sample.length} POSTs answered 200 during the restarts were not stored`);

      const figures =
        `${results.length} requests by ${WORKERS} workers through nginx (${formatCounts(statuses)}); ` +
        (steps ?? [])
          .map((s) => `${s.name} exit ${s.exit.code} after ${s.exitMs} ms, balanced again ${s.balancedMs} ms after start`)
          .join('; ') +
        `; ${sample.length - lost}/${sample.length} sampled POSTs read back`;
      return c.done(figures);
    } finally {
      agent.destroy();
      await restarts;
      for (const replica of replicas.filter((r) => !r.running)) {
        replica.start();
        await replica.waitHealthy().catch(() => undefined);
      }
    }
  },
};

export default assertion;
