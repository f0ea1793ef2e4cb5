// npm run bench -- cluster: cache GET-hit requests per second through nginx (docker/nginx.conf)
// in front of one and then two cache replicas on PostgreSQL, in the same run, and their ratio.
// The replicas share one fresh database; both phases read the same pre-stored keys.
//
// Settings (environment): SIMSVC_BENCH_SECONDS (measured seconds per phase, default 10),
// SIMSVC_BENCH_WARMUP_SECONDS (default 3), SIMSVC_BENCH_CONNECTIONS (default 64),
// SIMSVC_BENCH_KEYS (distinct keys read, default 256). Runs standalone too:
// `node tools/bench/cluster.ts`.

import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import { createCleanup } from '../cluster/cleanup.ts';
import { login } from '../cluster/auth.ts';
import { client, mapConcurrent } from '../cluster/http.ts';
import type { Replica } from '../cluster/replica.ts';
import { startTopology } from '../cluster/topology.ts';
import type { BenchOptions } from './harness.ts';
import { cacheEntry } from '../cluster/assertions/support.ts';

const SECONDS = Number(process.env.SIMSVC_BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.SIMSVC_BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.SIMSVC_BENCH_CONNECTIONS ?? 64);
const KEYS = Number(process.env.SIMSVC_BENCH_KEYS ?? 256);

function keyPath(i: number): string {
  return `/cache/bench/key-${i}`;
}

/** autocannon against one URL; every request reads one of the stored keys (each is a hit). */
function hammer(url: string, token: string, seconds: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'x-session-id': token },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          next = (next + 1) % KEYS;
          return { ...request, path: keyPath(next) };
        },
      },
    ],
  });
}

/** CPU seconds used so far by a process (Linux /proc), or null. */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Busy and total jiffies of the whole machine (Linux /proc/stat), or null. */
function machineJiffies(): { busy: number; total: number } | null {
  try {
    const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = values[3] + (values[4] ?? 0);
    const total = values.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Where the CPU went during the measured seconds: each replica's share of one core, and the machine's. */
function cpuSampler(replicas: Replica[]): () => string {
  const before = replicas.map((replica) => processCpuSeconds(replica.pid));
  const machineBefore = machineJiffies();
  const started = Date.now();
  return () => {
    const seconds = (Date.now() - started) / 1000;
    const parts = replicas.map((replica, i) => {
      const now = processCpuSeconds(replica.pid);
      const was = before[i];
      return now === null || was === null ? null : `${replica.name} ${Math.round(((now - was) / seconds) * 100)}%`;
    });
    const machineAfter = machineJiffies();
    if (machineBefore && machineAfter) {
      const busy = (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
      parts.push(`machine ${Math.round(busy * 100)}% of ${os.cpus().length} CPUs`);
    }
    return parts.filter(Boolean).join(', ');
  };
}

interface PhaseFigures {
  /** Where the CPU went. */
  cpu: string;
  rps: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

async function measure(url: string, token: string, replicas: Replica[]): Promise<PhaseFigures> {
  if (WARMUP_SECONDS > 0) await hammer(url, token, WARMUP_SECONDS);
  const cpu = cpuSampler(replicas);
  const result = await hammer(url, token, SECONDS);
  const ok = result['2xx'];
  return {
    cpu: cpu(),
    rps: ok / (result.duration || SECONDS),
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

function describe(label: string, m: PhaseFigures): string {
  return `${label}: ${m.rps.toFixed(0)} GET hits/s (${m.ok} in ${SECONDS} s, latency p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.failed} failed; CPU ${m.cpu || 'n/a'})`;
}

export async function run({ log = console.log, backends }: BenchOptions = {}): Promise<{
  oneReplica: PhaseFigures;
  twoReplicas: PhaseFigures;
  ratio: number;
}> {
  if (backends && !backends.includes('postgresql')) log('note: the cluster bench always runs on PostgreSQL (replicas share one database)');
  const cleanup = createCleanup({ log });
  const uninstall = cleanup.installProcessHandlers();
  try {
    log(
      `cluster bench: cache GET hits through nginx, ${CONNECTIONS} connections, ${KEYS} keys, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per phase, ${os.cpus().length} CPUs`,
    );
    // warn: per-request log lines would make the harness, not the service, the bottleneck.
    const topology = await startTopology({
      services: ['cache'],
      replicas: 2,
      cleanup,
      log: (line) => log(`  ${line}`),
      logLevel: 'warn',
      label: 'bench',
    });
    const [first] = topology.replicas.cache;
    const token = await login(first.url, topology.admin);
    const stores = await mapConcurrent(KEYS, 16, (i) =>
      client(first.url, { token }).post('/cache', cacheEntry(keyPath(i).slice('/cache/'.length), i)),
    );
    const failedStores = stores.filter((r) => r.status !== 200).length;
    if (failedStores > 0) throw new Error(`${failedStores} of ${KEYS} keys could not be stored`);

    const single = await topology.startNginx('nginx-1-replica', 1);
    const one = await measure(single.urls.cache, token, topology.replicas.cache);
    await single.stop();
    log(describe('1 replica ', one));

    const both = await topology.startNginx('nginx-2-replicas', 2);
    const two = await measure(both.urls.cache, token, topology.replicas.cache);
    await both.stop();
    log(describe('2 replicas', two));

    const ratio = two.rps / one.rps;
    log(`ratio 2/1 replicas: ${ratio.toFixed(2)}`);
    if (one.failed + two.failed > 0) log(`warning: ${one.failed + two.failed} requests failed; the figures count only 2xx`);
    return { oneReplica: one, twoReplicas: two, ratio };
  } finally {
    await cleanup.run();
    uninstall();
  }
}

if (import.meta.filename === process.argv[1]) {
  run().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(`cluster bench: ${error.stack ?? error.message}`);
      process.exit(1);
    },
  );
}
