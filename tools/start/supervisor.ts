// Runs several long-lived processes as one: prefixed output, SIGTERM to each on stop (and wait
// for their exit, SIGKILL after a timeout), and when one exits on its own, the others are
// stopped and the whole run fails.

import { spawn, type ChildProcess } from 'node:child_process';
import { createFormatter, forEachLine } from './log-format.ts';

const STOP_TIMEOUT_MS = 30_000;
/** npm forwards the terminal's SIGINT that we also receive: a repeat this soon is the same Ctrl-C. */
const DUPLICATE_SIGNAL_MS = 1000;

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface SuperviseOptions {
  processes: ProcessSpec[];
  /** Where formatted lines go. */
  out: (line: string) => void;
  /** Supervisor messages. */
  note: (line: string) => void;
  color: boolean;
  /** Print the services' request lines (`--access-log`). */
  accessLog?: boolean;
  /** Sees every raw output line. */
  onLine?: (name: string, line: string) => void;
}

interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

interface Child {
  name: string;
  process: ChildProcess;
  result: ExitResult | null;
  killTimer: NodeJS.Timeout | undefined;
  expected: (result: ExitResult) => boolean;
}

/** Resolves to the exit status for the whole run. */
export function supervise({ processes, out, note, color, accessLog = false, onLine = () => undefined }: SuperviseOptions): Promise<number> {
  const width = Math.max(...processes.map((p) => p.name.length));
  const children: Child[] = [];
  let stopping = false;
  let failure: { code: number } | null = null;
  let lastSignalAt = 0;

  return new Promise<number>((resolve) => {
    const finishIfDone = () => {
      if (children.every((child) => child.result !== null)) {
        process.removeListener('SIGINT', onSignal);
        process.removeListener('SIGTERM', onSignal);
        process.removeListener('SIGHUP', onSignal);
        process.removeListener('exit', killAll);
        const unclean = children.filter((child) => child.result !== null && !child.expected(child.result));
        if (failure) resolve(failure.code);
        else resolve(unclean.length > 0 ? 1 : 0);
      }
    };

    const stopAll = (why: string): void => {
      if (stopping) return;
      stopping = true;
      note(why);
      for (const child of children) {
        if (child.result !== null) continue;
        child.process.kill('SIGTERM');
        child.killTimer = setTimeout(() => {
          note(`${child.name} did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it`);
          child.process.kill('SIGKILL');
        }, STOP_TIMEOUT_MS);
      }
      finishIfDone();
    };

    function killAll(): void {
      for (const child of children) if (child.result === null) child.process.kill('SIGKILL');
    }

    function onSignal(signal: NodeJS.Signals): void {
      const now = Date.now();
      if (stopping) {
        if (now - lastSignalAt < DUPLICATE_SIGNAL_MS) return;
        note(`${signal} again: killing every service now`);
        killAll();
        return;
      }
      lastSignalAt = now;
      stopAll(
        `${signal} received: stopping ${children
          .filter((c) => c.result === null)
          .map((c) => c.name)
          .join(', ')} (Ctrl-C again to kill)`,
      );
    }

    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.on('SIGHUP', onSignal);
    process.on('exit', killAll);

    processes.forEach((spec, index) => {
      const format = createFormatter({ name: spec.name, width, index, color, accessLog });
      // Own process group: the terminal's Ctrl-C reaches only us, and we stop the services in order.
      const child = spawn(spec.command, spec.args, {
        cwd: spec.cwd,
        env: spec.env ?? process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      const entry: Child = {
        name: spec.name,
        process: child,
        result: null,
        killTimer: undefined,
        expected: (result) => result.code === 0 || (stopping && result.signal === 'SIGTERM'),
      };
      children.push(entry);
      for (const stream of [child.stdout, child.stderr]) {
        forEachLine(stream, (line) => {
          const text = format(line);
          if (text !== undefined) out(text);
          onLine(spec.name, line);
        });
      }
      const settle = (result: ExitResult): void => {
        if (entry.result !== null) return;
        entry.result = result;
        clearTimeout(entry.killTimer);
        if (!stopping) {
          const how = result.error
            ? `could not start: ${result.error.message}`
            : `exited unexpectedly (${result.signal ? `signal ${result.signal}` : `code ${result.code}`})`;
          failure = { code: result.code && result.code !== 0 ? result.code : 1 };
          stopAll(`${spec.name} ${how}: stopping the others`);
        } else if (!entry.expected(result)) {
          note(`${spec.name} stopped with ${result.signal ? `signal ${result.signal}` : `code ${result.code}`}`);
        }
        finishIfDone();
      };
      child.once('error', (error) => settle({ code: null, signal: null, error }));
      // 'close' rather than 'exit': the last lines of output have been read by then.
      child.once('close', (code, signal) => settle({ code, signal }));
    });
  });
}
