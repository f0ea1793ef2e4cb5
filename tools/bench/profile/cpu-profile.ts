// CPU profiles of a running service, taken over the inspector protocol while one scenario runs
// (`--cpu-prof` would profile start-up and preloading too). The benchmarks profile a scenario when
// SIMSVC_BENCH_PROFILE names a directory: the service starts with --inspect on a free loopback
// port, and `profiled(...)` wraps the scenario's load. The profile is written there as
// <name>.cpuprofile (open it in Chrome DevTools) and summarised by breakdown.ts.
import fs from 'node:fs';
import path from 'node:path';
import { breakdown, formatBreakdown, type CpuProfile } from './breakdown.ts';

export const PROFILE_DIRECTORY = process.env.SIMSVC_BENCH_PROFILE || undefined;
/** Sampling interval (µs): fine enough for ~100 µs requests, coarse enough not to dominate them. */
const SAMPLING_INTERVAL_MICROS = 200;

/** The node options that open the inspector on `port` (only when profiling). */
export const inspectorArgs = (port: number): string[] => (PROFILE_DIRECTORY ? [`--inspect=127.0.0.1:${port}`] : []);

class Inspector {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const pending = message.id === undefined ? undefined : this.waiting.get(message.id);
      if (!pending || message.id === undefined) return;
      this.waiting.delete(message.id);
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message.result);
    });
  }

  static async connect(port: number): Promise<Inspector> {
    const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    return new Inspector(socket);
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject }));
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Runs `work` under the CPU profiler of the service whose inspector listens on `port`, when
 * SIMSVC_BENCH_PROFILE is set; writes `<name>.cpuprofile` and logs where the CPU time went.
 */
export async function profiled<T>(port: number | undefined, name: string, log: (line: string) => void, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIRECTORY || port === undefined) return work();
  const inspector = await Inspector.connect(port);
  try {
    await inspector.send('Profiler.enable');
    await inspector.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_MICROS });
    await inspector.send('Profiler.start');
    const result = await work();
    const { profile } = await inspector.send<{ profile: CpuProfile }>('Profiler.stop');
    fs.mkdirSync(PROFILE_DIRECTORY, { recursive: true });
    const file = path.join(PROFILE_DIRECTORY, `${name.replace(/[^\w.-]+/g, '-')}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    log(`profile ${file}`);
    for (const line of formatBreakdown(breakdown(profile))) log(`  ${line}`);
    return result;
  } finally {
    inspector.close();
  }
}
