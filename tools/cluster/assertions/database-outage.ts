// 5. PostgreSQL stopped: /health on every replica answers 503 within 5 s and requests answer 503
//    (not hang, not 500); PostgreSQL started again: everything recovers without restarting any
//    service. PostgreSQL is always started again, whatever happens here.

import { waitForBalance } from '../balance.ts';
import { client, countBy, type Client, type HttpResult } from '../http.ts';
import * as postgres from '../postgres.ts';
import { login, type Credentials } from '../auth.ts';
import type { Replica } from '../replica.ts';
import { checker, uniqueId, cacheEntry, formatCounts, statusOf, sleep, type Assertion } from './support.ts';

const UNHEALTHY_WITHIN_MS = 5000;
/** A request that takes longer than this while the database is down counts as hanging. */
const ANSWER_WITHIN_MS = 12_000;
const RECOVER_WITHIN_MS = 30_000;
/**
 * Each replica trusts a session it has seen live for 2 s without asking the auth store (libs/auth
 * SessionStateCache); requests are probed after that, so that every one of them needs the database.
 */
const SESSION_CACHE_MS = 2500;

interface Probe {
  name: string;
  call: (api: Client, admin: Credentials) => Promise<HttpResult>;
}

/** Protected requests per service that need the database (unknown ids: 404 when it answers). */
function probes(service: string, key: string): Probe[] {
  const common: Probe[] = [
    { name: 'GET /session', call: (api) => api.get('/session') },
    { name: 'POST /session/login', call: (api, admin) => api.post('/session/login', admin, { token: undefined }) },
  ];
  const own: Record<string, Probe[]> = {
    cache: [
      { name: 'GET /cache/{key}', call: (api) => api.get(`/cache/${key}`) },
      { name: 'POST /cache', call: (api) => api.post('/cache', cacheEntry(uniqueId('outage'))) },
      { name: 'GET /cache/stats', call: (api) => api.get('/cache/stats') },
    ],
    catalog: [
      { name: 'GET /simulations/{name}', call: (api) => api.get('/simulations/no-such-simulation') },
      { name: 'GET /executions/{id}', call: (api) => api.get('/executions/no-such-execution') },
    ],
    results: [{ name: 'GET /results/{id}', call: (api) => api.get('/results/no-such-execution') }],
  };
  return [...common, ...(own[service] ?? [])];
}

type Poll = { replica: Replica; last: HttpResult } & ({ ms: number } | { ms: null });

async function pollHealth(replica: Replica, wanted: number, sinceMs: number, deadlineMs: number): Promise<Poll> {
  let last: HttpResult = { ms: 0, status: 0, error: 'not polled' };
  while (Date.now() - sinceMs <= deadlineMs) {
    last = await client(replica.url).get('/health', { timeoutMs: 5000 });
    if (last.status === wanted) return { replica, ms: Date.now() - sinceMs, last };
    await sleep(100);
  }
  return { replica, ms: null, last };
}

const assertion: Assertion = {
  title: 'PostgreSQL outage',
  needs: [],
  async run({ topology, nginx, token }) {
    const c = checker();
    const { all } = topology;
    const key = uniqueId('outage-key');
    const pidsBefore = all.map((replica) => replica.pid);
    const startsBefore = all.map((replica) => replica.starts);
    const cacheReady = topology.replicas.cache ? await client(nginx.urls.cache, { token }).post('/cache', cacheEntry(key)) : null;
    if (cacheReady) c.check(cacheReady.status === 200, `storing ${key} before the outage answered ${statusOf(cacheReady)}`);

    let stopped = false;
    let outageFigures = '';
    try {
      const stopStarted = Date.now();
      await postgres.stop();
      stopped = true;
      const stoppedAt = Date.now();

      const unhealthy = await Promise.all(all.map((replica) => pollHealth(replica, 503, stoppedAt, UNHEALTHY_WITHIN_MS)));
      for (const result of unhealthy) {
        if (result.ms === null)
          c.fail(
            `${result.replica.name} /health still answers ${statusOf(result.last)} ${UNHEALTHY_WITHIN_MS} ms after PostgreSQL stopped`,
          );
        else c.check(result.last.body?.status === 'unhealthy', `${result.replica.name} /health 503 body: ${result.last.text}`);
      }
      const slowestUnhealthy = Math.max(...unhealthy.map((r) => r.ms ?? Infinity));

      await sleep(Math.max(0, stoppedAt + SESSION_CACHE_MS - Date.now()));
      // Every probe on every replica directly, and one per service through nginx.
      const targets = [
        ...all.map((replica) => ({ label: replica.name, service: replica.service, url: replica.url })),
        ...Object.keys(topology.replicas).map((service) => ({ label: `nginx:${service}`, service, url: nginx.urls[service] })),
      ];
      const answers = await Promise.all(
        targets.flatMap((target) =>
          probes(target.service, key).map(async (probe) => {
            const response = await probe.call(client(target.url, { token, timeoutMs: ANSWER_WITHIN_MS + 3000 }), topology.admin);
            return { target, probe, response };
          }),
        ),
      );
      for (const { target, probe, response } of answers) {
        if (response.status !== 503)
          c.fail(
            `${target.label} ${probe.name} answered ${statusOf(response)} ${(response.text ?? '').slice(0, 120)} with PostgreSQL down, expected 503`,
          );
        else if (response.ms > ANSWER_WITHIN_MS) c.fail(`${target.label} ${probe.name} took ${response.ms} ms to answer 503`);
      }
      const slowestAnswer = Math.max(...answers.map((a) => a.response.ms));
      outageFigures =
        `PostgreSQL stopped in ${stoppedAt - stopStarted} ms; /health 503 on ${unhealthy.filter((r) => r.ms !== null).length}/${all.length} within ${slowestUnhealthy} ms; ` +
        `${answers.length} requests: ${formatCounts(countBy(answers, (a) => statusOf(a.response)))}, slowest ${slowestAnswer} ms`;
    } finally {
      if (stopped || !(await postgres.isAnswering())) await postgres.start();
    }
    const startedAt = Date.now();

    const healthy = await Promise.all(all.map((replica) => pollHealth(replica, 200, startedAt, RECOVER_WITHIN_MS)));
    healthy
      .filter((r) => r.ms === null)
      .forEach((r) => c.fail(`${r.replica.name} /health still ${statusOf(r.last)} ${RECOVER_WITHIN_MS} ms after PostgreSQL started`));
    const recoveredMs = Math.max(...healthy.map((r) => r.ms ?? Infinity));

    // Real work on every replica again, with the old session and with a new login.
    const work = await Promise.all(
      all.map(async (replica) => {
        const api = client(replica.url, { token });
        const checks = [await api.get('/session')];
        const fresh = await login(replica.url, topology.admin).catch((error: Error) => error);
        checks.push(fresh instanceof Error ? { ms: 0, status: 0, error: fresh.message } : { ms: 0, status: 200 });
        if (replica.service === 'cache')
          checks.push(await api.get(`/cache/${key}`), await api.post('/cache', cacheEntry(uniqueId('recovered'))));
        return { replica, checks };
      }),
    );
    for (const { replica, checks } of work) {
      const bad = checks.filter((response) => response.status !== 200);
      c.check(
        bad.length === 0,
        `${replica.name} after recovery: ${bad.map((r) => `${statusOf(r)} ${(r.text ?? '').slice(0, 100)}`).join('; ')}`,
      );
    }
    // nginx took the replicas' 503s as failures (max_fails, fail_timeout 5 s): it routes to every
    // replica again once that has passed.
    const throughNginx = await Promise.all(
      Object.values(topology.replicas).map((replicas) =>
        waitForBalance(nginx, replicas, { timeoutMs: RECOVER_WITHIN_MS }).then(
          () => Date.now() - startedAt,
          (error: Error) => c.fail(error.message),
        ),
      ),
    );
    const nginxMs = Math.max(...throughNginx.map((ms) => ms ?? Infinity));

    const restarted = all.filter((replica, i) => replica.pid !== pidsBefore[i] || replica.starts !== startsBefore[i] || !replica.running);
    c.check(restarted.length === 0, `replicas restarted or gone: ${restarted.map((r) => r.name).join(', ')}`);

    return c.done(
      `${outageFigures}; PostgreSQL started again: all ${all.length} healthy within ${recoveredMs} ms, ` +
        `${work.filter((w) => w.checks.every((r) => r.status === 200)).length}/${all.length} serving, nginx routing to every replica again within ${nginxMs} ms, ` +
        `${all.length - restarted.length}/${all.length} same processes`,
    );
  },
};

export default assertion;
