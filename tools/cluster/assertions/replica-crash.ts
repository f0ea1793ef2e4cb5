// 4. kill -9 of one cache replica in the middle of a write load: every write acknowledged with
//    200 is readable afterwards, and nginx keeps serving through the survivor. Only writes that
//    were on the wire to the killed replica may fail; every write sent after it died succeeds.
//    The killed replica is started again (same port) for the assertions that follow.

import { waitForBalance } from '../balance.ts';
import { client, createAgent, countBy, mapConcurrent } from '../http.ts';
import { runLoad } from '../load.ts';
import { checker, uniqueId, cacheEntry, formatCounts, statusOf, type Assertion } from './support.ts';

const WRITERS = 32;
const DURATION_MS = 4000;
const KILL_AT_MS = 1500;

const assertion: Assertion = {
  title: 'kill -9 under write load',
  needs: ['cache'],
  async run({ topology, nginx, token }) {
    const c = checker();
    const victim = topology.replicas.cache[topology.replicas.cache.length - 1];
    const agent = createAgent(WRITERS);
    const cache = client(nginx.urls.cache, { token, agent, timeoutMs: 30_000 });
    const prefix = uniqueId('crash');
    let killedAt = null as number | null;
    let killing = null as Promise<void> | null;
    try {
      await waitForBalance(nginx, topology.replicas.cache);
      const results = await runLoad({
        concurrency: WRITERS,
        durationMs: DURATION_MS,
        maxPerWorker: 5000,
        task: async (worker, sequence) => {
          const key = `${prefix}/${worker}/${sequence}`;
          const response = await cache.post('/cache', cacheEntry(key, sequence), {
            headers: { 'x-request-id': `${prefix}-${worker}-${sequence}` },
          });
          return { key, n: sequence, status: statusOf(response) };
        },
        onTick: (elapsed) => {
          if (elapsed >= KILL_AT_MS && !killing) {
            killing = victim.kill().then(() => {
              killedAt = Date.now();
            });
          }
        },
      });
      await killing;

      const acknowledged = results.filter((r) => r.status === '200');
      const afterDeath = results.filter((r) => killedAt !== null && r.sentAt > killedAt);
      const failedAfterDeath = afterDeath.filter((r) => r.status !== '200');
      const failedBefore = results.filter((r) => r.status !== '200' && !(killedAt !== null && r.sentAt > killedAt));
      c.check(killedAt !== null, `${victim.name} was not killed during the load`);
      c.check(afterDeath.length > 0, 'no write was sent after the kill');
      c.check(
        failedAfterDeath.length === 0,
        `${failedAfterDeath.length} writes sent after the kill failed: ${formatCounts(countBy(failedAfterDeath, (r) => r.status))}`,
      );
      c.check(
        failedBefore.length <= WRITERS,
        `${failedBefore.length} writes in flight at the kill failed, more than the ${WRITERS} on the wire`,
      );

      const reads = await mapConcurrent(acknowledged.length, 32, (i) => cache.get(`/cache/${acknowledged[i].key}`));
      const lost = acknowledged.filter(
        (r, i) => !(reads[i].status === 200 && reads[i].body?.execution_id === cacheEntry(r.key, r.n).execution_id),
      );
      c.check(
        lost.length === 0,
        `${lost.length} acknowledged writes are not readable: ${lost
          .slice(0, 5)
          .map((r) => r.key)
          .join(', ')}`,
      );
      const byUpstream = formatCounts(countBy(nginx.accessEntries(prefix), (entry) => entry.upstream));

      const restartedAt = Date.now();
      await victim.restart();
      const restartMs = Date.now() - restartedAt;

      return c.done(
        `${results.length} writes by ${WRITERS} writers in ${DURATION_MS} ms, ${victim.name} killed at ${KILL_AT_MS} ms; ` +
          `acknowledged ${acknowledged.length}, failed in flight ${failedBefore.length} (${formatCounts(countBy(failedBefore, (r) => r.status))}), ` +
          `sent after the kill ${afterDeath.length} of which failed ${failedAfterDeath.length}; ${acknowledged.length - lost.length}/${acknowledged.length} acknowledged readable; ` +
          `upstreams ${byUpstream}; ${victim.name} restarted in ${restartMs} ms`,
      );
    } finally {
      agent.destroy();
      if (!victim.running) await victim.restart().catch(() => undefined);
    }
  },
};

export default assertion;
