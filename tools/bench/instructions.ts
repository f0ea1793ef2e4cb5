// Instructions per request, counted by valgrind's callgrind. Unlike CPU time, an instruction
// count does not grow with cache misses and context switches under other load. Work paid per unit
// of time (timers, batches) is charged to ~50× fewer requests than natively, and the more so the
// longer a scenario takes: compare builds side by side (SIMSVC_BENCH_DIST), at low load. A process
// runs under callgrind with instrumentation off until it has started (and has its data); then it
// is switched on, each scenario is warmed up (V8 optimises the hot path), the counters are zeroed,
// a fixed number of requests is sent and the counters are read. An idle period's count per second
// is subtracted for each scenario's duration (timers that run whether requests arrive or not).
// "main" is the event-loop thread, "all" adds V8's compiler and collector threads and libuv's
// pool. Under callgrind a process runs ~50× slower: BENCH_REQUESTS (default 1,000) requests per
// scenario after BENCH_WARMUP (default 1,000).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import { load, type Launch } from './harness.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1_000);
const IDLE_MS = 5_000;
const CONNECTIONS = 4;
const SCENARIO_FILTERS = (process.env.BENCH_SCENARIOS ?? '').split(',');
/** A directory to keep callgrind's profile of each scenario in (callgrind_annotate reads them). */
const DUMP_DIRECTORY = process.env.BENCH_CALLGRIND_DUMP || undefined;
const run$ = promisify(execFile);

export interface Counts {
  main: number;
  all: number;
}

export type Scenario = [name: string, requests: autocannon.Request[], headers: Record<string, string>];

/** Only the scenarios whose name contains one of BENCH_SCENARIOS's comma-separated texts (default: all). */
export const chosen = (scenarios: Scenario[]): Scenario[] =>
  scenarios.filter(([name]) => SCENARIO_FILTERS.some((filter) => name.includes(filter)));

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

/**
 * Logs what is counted, then runs `work` with a directory for callgrind's output files:
 * BENCH_CALLGRIND_DUMP's (kept), or a temporary one removed afterwards.
 */
export async function countInstructions(
  title: string,
  log: (line: string) => void,
  work: (directory: string) => Promise<void>,
): Promise<void> {
  log(
    `${title} (callgrind): ${REQUESTS} requests per scenario after ${WARMUP} warm-up, ${CONNECTIONS} connections; build ${process.env.SIMSVC_BENCH_DIST ?? 'dist/'}`,
  );
  const directory = DUMP_DIRECTORY ?? fs.mkdtempSync(path.join(os.tmpdir(), 'simsvc-bench-callgrind-'));
  try {
    await work(directory);
  } finally {
    if (!DUMP_DIRECTORY) fs.rmSync(directory, { recursive: true, force: true });
  }
}

/** Starts a process under callgrind, instrumentation off, its output file in `directory`. */
export function underCallgrind(directory: string): Launch {
  return {
    wrapper: ['valgrind', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${path.join(directory, 'callgrind.out')}`],
    healthTimeoutMs: 600_000,
    stderr: 'ignore',
  };
}

const thousands = (count: number) =>
  Math.round(count / 1000)
    .toString()
    .padStart(5);

/** Counts each scenario's instructions per request in the running process `pid` (started underCallgrind). */
export async function measureInstructions(
  pid: number,
  url: string,
  scenarios: Scenario[],
  log: (line: string) => void,
  reference?: { name: string; counts: Counts },
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
    const ratio = reference
      ? `  (${(counted.main / reference.counts.main).toFixed(2)}× / ${(counted.all / reference.counts.all).toFixed(2)}× ${reference.name})`
      : '';
    log(`${name.padEnd(44)} main ${thousands(counted.main)} k  all ${thousands(counted.all)} k instructions/request${ratio}`);
  }
  log(`  (idle: main ${Math.round(idle.main / IDLE_MS)} k, all ${Math.round(idle.all / IDLE_MS)} k instructions/s, subtracted)`);
  return result;
}
