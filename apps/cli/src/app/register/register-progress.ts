// How `simsvc results register` shows its progress: on a terminal a bar with rate and ETA
// (cli-progress, on stderr); otherwise one line per failure as it happens. Both end with the
// summary `registered N (U uploaded), skipped M, failed K` on stdout.
import { SingleBar } from 'cli-progress';
import { isAbsolute, relative } from 'node:path';
import type { RunOutcome } from './register-runs';

export interface RegisterProgress {
  start(total: number): void;
  outcome(outcome: RunOutcome): void;
  /** Stops the bar; the failures a bar had to hold back are written now. */
  stop(): void;
}

export interface Counts {
  registered: number;
  /** Of the registered, those uploaded (POST /runs). */
  uploaded: number;
  skipped: number;
  failed: number;
}

export function countOutcomes(outcomes: RunOutcome[]): Counts {
  const counts = { registered: 0, uploaded: 0, skipped: 0, failed: 0 };
  for (const outcome of outcomes) {
    counts[outcome.outcome] += 1;
    if (outcome.outcome === 'registered' && outcome.uploaded) counts.uploaded += 1;
  }
  return counts;
}

export function summaryLine({ registered, uploaded, skipped, failed }: Counts): string {
  return `registered ${registered}${uploaded > 0 ? ` (${uploaded} uploaded)` : ''}, skipped ${skipped}, failed ${failed}`;
}

export function failureLine(outcome: RunOutcome): string {
  if (outcome.outcome !== 'failed') return '';
  const status = outcome.error.status === undefined ? '' : `${outcome.error.status} `;
  return `simsvc: ${shownPath(outcome.file)}: ${status}${outcome.error.message}`;
}

/** A file below the current directory as a relative path, any other as is. */
function shownPath(file: string): string {
  const path = relative(process.cwd(), file);
  return path === '' || path.startsWith('..') || isAbsolute(path) ? file : path;
}

/** One line per failure on stderr, as they come. */
export function lineProgress(stderr: (text: string) => void): RegisterProgress {
  return {
    start: () => undefined,
    outcome: (outcome) => {
      if (outcome.outcome === 'failed') stderr(`${failureLine(outcome)}\n`);
    },
    stop: () => undefined,
  };
}

/** A progress bar on the terminal (stderr); failures are listed once it stops, so they do not tear it. */
export function barProgress(stream: NodeJS.WriteStream = process.stderr): RegisterProgress {
  const bar = new SingleBar({
    format: 'registering {bar} {value}/{total} | {rate} runs/s | ETA {eta_formatted} | failed {failed}',
    stream,
    hideCursor: true,
    etaBuffer: 50,
    fps: 10,
  });
  const failures: RunOutcome[] = [];
  let started = 0;
  let done = 0;
  return {
    start(total) {
      started = performance.now();
      bar.start(total, 0, { rate: '0', failed: 0 });
    },
    outcome(outcome) {
      done += 1;
      if (outcome.outcome === 'failed') failures.push(outcome);
      const seconds = (performance.now() - started) / 1000;
      bar.update(done, { rate: seconds > 0 ? (done / seconds).toFixed(0) : '0', failed: failures.length });
    },
    stop() {
      bar.stop();
      for (const failure of failures) stream.write(`${failureLine(failure)}\n`);
    },
  };
}
