// 6. SIGTERM to a replica under load: in-flight requests finish, no 5xx reaches the client
//    through nginx, the process exits 0.
//    "In flight" is made certain: requests sent straight to the replica, whose headers it has
//    read (100 Continue) and half whose body it has received before the SIGTERM, get the rest
//    of the body after it and must still be answered 200.

import http from 'node:http';
import { waitForBalance } from '../balance.ts';
import { client, createAgent, countBy, mapConcurrent } from '../http.ts';
import { runLoad } from '../load.ts';
import type { ReplicaExit } from '../replica.ts';
import { checker, uniqueId, cacheEntry, formatCounts, statusOf, sleep, type Assertion } from './support.ts';

const WORKERS = 32;
/** The load runs until shortly after the replica has exited, and never longer than this. */
const MAX_LOAD_MS = 45_000;
const LOAD_AFTER_EXIT_MS = 1000;
/** The SIGTERM follows as soon as the direct requests are in flight at the replica. */
const SIGTERM_AT_MS = 1500;
const HALF_SENT = 10;
const BODY_REST_AFTER_MS = 500;
const EXIT_WITHIN_MS = 30_000;

/**
 * A POST sent straight to a replica whose body comes in two parts. `ready` resolves once the
 * replica has accepted the connection and read the headers (it answered `100 Continue`) and half
 * the body is on the wire: from then on the request is in flight at the replica.
 */
interface HalfSentPost {
  ready: Promise<boolean>;
  response: Promise<{ status: number; text?: string; error?: string }>;
  /** Sends the rest of the body. */
  finish: () => void;
}

function halfSentPost(baseUrl: string, path: string, body: unknown, token: string): HalfSentPost {
  const payload = Buffer.from(JSON.stringify(body));
  const split = Math.floor(payload.length / 2);
  const url = new URL(path, baseUrl);
  let markReady: (ready: boolean) => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => {
    markReady = resolve;
  });
  const req = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': payload.length, 'x-session-id': token, expect: '100-continue' },
  });
  const response: HalfSentPost['response'] = new Promise((resolve) => {
    const timer = setTimeout(() => req.destroy(new Error('no response within 30 s')), 30_000);
    req.on('continue', () => {
      req.write(payload.subarray(0, split), () => markReady(true));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      markReady(false);
      resolve({ status: 0, error: error.code ?? error.message });
    });
  });
  req.flushHeaders();
  return { ready, response, finish: () => req.end(payload.subarray(split)) };
}

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

const assertion: Assertion = {
  title: 'SIGTERM under load',
  needs: ['cache'],
  async run({ topology, nginx, token }) {
    const c = checker();
    const victim = topology.replicas.cache[0];
    const agent = createAgent(WORKERS);
    const cache = client(nginx.urls.cache, { token, agent, timeoutMs: 30_000 });
    await waitForBalance(nginx, topology.replicas.cache);
    const prefix = uniqueId('drain');
    const hotKey = `${prefix}/hot`;
    const stored = await cache.post('/cache', cacheEntry(hotKey));
    c.check(stored.status === 200, `storing ${hotKey} answered ${statusOf(stored)}`);

    // Set while the load runs, by its tick callback (`as`: the callbacks assign them).
    let signalledAt = null as number | null;
    let loadStartedAt = 0;
    let exit = null as (ReplicaExit & { ms: number }) | null;
    let halfSent: (HalfSentPost & { key: string; i: number })[] = [];
    let inFlight = 0;
    let drain = null as Promise<void> | null;
    try {
      const results = await runLoad({
        concurrency: WORKERS,
        durationMs: MAX_LOAD_MS,
        stopWhen: () => exit !== null && signalledAt !== null && Date.now() - signalledAt - exit.ms > LOAD_AFTER_EXIT_MS,
        maxPerWorker: 20_000,
        task: async (worker, sequence) => {
          const headers = { 'x-request-id': `${prefix}-${worker}-${sequence}` };
          if (sequence % 3 === 2) {
            const response = await cache.post('/cache', cacheEntry(`${prefix}/${worker}/${sequence}`, sequence), { headers });
            return { kind: 'POST', status: statusOf(response) };
          }
          const response = await cache.get(`/cache/${hotKey}`, { headers });
          return { kind: 'GET', status: statusOf(response) };
        },
        onTick: (elapsed) => {
          if (loadStartedAt === 0) loadStartedAt = Date.now() - elapsed;
          if (elapsed >= SIGTERM_AT_MS && drain === null) {
            drain = (async () => {
              halfSent = Array.from({ length: HALF_SENT }, (_, i) => {
                const key = `${prefix}/half/${i}`;
                return { key, i, ...halfSentPost(victim.url, '/cache', cacheEntry(key, i), token) };
              });
              const ready = await within(Promise.all(halfSent.map((request) => request.ready)), 10_000, []);
              inFlight = ready.filter(Boolean).length;
              const sentAt = Date.now();
              signalledAt = sentAt;
              victim.signal('SIGTERM');
              await sleep(BODY_REST_AFTER_MS);
              for (const request of halfSent) request.finish();
              const exited = await victim.waitExit(EXIT_WITHIN_MS);
              exit = { ...exited, ms: Date.now() - sentAt };
            })();
          }
        },
      });
      await drain;
      const halfAnswers = await Promise.all(halfSent.map((request) => request.response));

      const statuses = countBy(results, (r) => `${r.kind} ${r.status}`);
      const loadMs = Math.max(...results.map((r) => r.doneAt)) - loadStartedAt;
      const serverErrors = results.filter((r) => !/^[1-4]\d\d$/.test(r.status));
      c.check(
        serverErrors.length === 0,
        `${serverErrors.length} requests through nginx got a 5xx or no answer: ${formatCounts(countBy(serverErrors, (r) => `${r.kind} ${r.status}`))}`,
      );
      const finished = halfAnswers.filter((response) => response.status === 200).length;
      c.check(
        inFlight === HALF_SENT,
        `only ${inFlight} of ${HALF_SENT} requests were in flight at ${victim.name} before the SIGTERM (no 100 Continue within 10 s)`,
      );
      c.check(
        finished === HALF_SENT,
        `${HALF_SENT - finished} of ${HALF_SENT} requests in flight at SIGTERM did not finish: ${formatCounts(countBy(halfAnswers, statusOf))}`,
      );
      const reads = await mapConcurrent(halfSent.length, 10, (i) => cache.get(`/cache/${halfSent[i].key}`));
      c.check(
        reads.every((read, i) => halfAnswers[i].status !== 200 || read.status === 200),
        'a request answered 200 during the drain stored nothing',
      );
      c.check(
        exit !== null && exit.code === 0 && !exit.timedOut,
        `${victim.name} exit: ${exit ? `code ${exit.code}, signal ${exit.signal}${exit.timedOut ? ', killed after the timeout' : ''}` : 'none'}`,
      );
      const upstreams = formatCounts(countBy(nginx.accessEntries(prefix), (entry) => entry.upstream));

      const figures =
        `${results.length} requests by ${WORKERS} workers through nginx in ${loadMs} ms (${formatCounts(statuses)}); ` +
        `SIGTERM to ${victim.name} at ${signalledAt === null ? '-' : signalledAt - loadStartedAt} ms; ` +
        `${finished}/${inFlight} requests in flight at it (headers read, half the body sent) finished; exit code ${exit?.code} after ${exit?.ms} ms; upstreams ${upstreams}`;
      await victim.restart();
      return c.done(figures);
    } finally {
      agent.destroy();
      if (!victim.running) await victim.restart().catch(() => undefined);
    }
  },
};

export default assertion;
