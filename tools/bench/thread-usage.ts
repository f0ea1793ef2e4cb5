// Per-thread CPU of a process from /proc/<pid>/task/*/stat (BENCH_THREADS=1): which of the
// service's threads (the event loop, V8's collector and compiler workers, libuv's pool) spend
// a scenario's CPU, and how much of it is the kernel's (system time).
import fs from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU ticks by thread id: its name, user and system time. */
export type ThreadTicks = Map<string, { name: string; user: number; system: number }>;

export const threadsWanted = (): boolean => process.env.BENCH_THREADS === '1';

export function threadTicks(pid: number): ThreadTicks {
  const ticks: ThreadTicks = new Map();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(tid, { name: tid === String(pid) ? 'main (event loop)' : name, user: Number(fields[11]), system: Number(fields[12]) });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ticks;
}

/** µs per request by thread name (threads of one name summed), user + system, and the totals. */
export function formatThreadUsage(before: ThreadTicks, after: ThreadTicks, requests: number): string {
  const byName = new Map<string, { user: number; system: number }>();
  for (const [tid, end] of after) {
    const start = before.get(tid) ?? { user: 0, system: 0 };
    const sum = byName.get(end.name) ?? { user: 0, system: 0 };
    byName.set(end.name, { user: sum.user + end.user - start.user, system: sum.system + end.system - start.system });
  }
  const micros = (ticks: number) => ((ticks / CLOCK_TICKS_PER_SECOND) * 1e6) / requests;
  const rows = [...byName]
    .filter(([, { user, system }]) => user + system > 0)
    .sort(([, a], [, b]) => b.user + b.system - (a.user + a.system));
  const total = rows.reduce((sum, [, { user, system }]) => ({ user: sum.user + user, system: sum.system + system }), {
    user: 0,
    system: 0,
  });
  return [...rows, ['all threads', total] as const]
    .map(
      ([name, { user, system }]) =>
        `    ${name.padEnd(20)} ${micros(user + system)
          .toFixed(1)
          .padStart(6)} µs/req  (user ${micros(user).toFixed(1)}, system ${micros(system).toFixed(1)})`,
    )
    .join('\n');
}
