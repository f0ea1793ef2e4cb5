// Who may wait for a run-database worker, for how long, and who goes next. A slow file holds a
// worker for up to the read deadline; with an unbounded first-come queue and a deadline that
// started only once a worker was free, 8 such files from one address made an ordinary
// registration wait 39.9 s. The rules:
// - The deadline counts from arrival: a read still waiting when it passes leaves the queue (503).
// - At most RUN_DATABASE_READS_WAITING reads wait, all addresses together; more are refused at
//   once (503).
// - One address has at most RUN_DATABASE_READS_PER_ADDRESS reads waiting or running; more are
//   refused at once (429).
// - One address runs on all workers but one at most: its further reads wait while a read of
//   another address takes the free worker. A freed worker goes to the oldest waiting read whose
//   address is below that share.
// Refusals carry Retry-After: the read deadline, by when every running read has ended.
import { retryAfterSeconds } from '@simsvc/contracts';
import { RunDatabaseError, RunDatabaseErrorCode } from './run-database.errors';

/** Reads waiting for a worker, all addresses together. */
export const RUN_DATABASE_READS_WAITING = 64;
/** Reads of one address waiting or running. */
export const RUN_DATABASE_READS_PER_ADDRESS = 8;

interface AddressShare {
  running: number;
  admitted: number;
}

interface WaitingRead {
  share: AddressShare;
  deadlineAt: number;
  start: () => void;
  refuse: () => void;
  timer: NodeJS.Timeout;
}

export class RunDatabaseQueue {
  private running = 0;
  private readonly shares = new Map<string, AddressShare>();
  private readonly waiting: WaitingRead[] = [];
  /** Workers one address may hold at once. */
  private readonly runningPerAddress: number;

  constructor(private readonly workers: number) {
    this.runningPerAddress = Math.max(1, workers - 1);
  }

  /**
   * Waits for a worker of its own until deadlineAt (performance.now() time) and resolves with
   * the function that gives it back; refuses with 429 or 503 when the bounds above say so.
   */
  enter(address: string, deadlineAt: number, retryAfterMs: number): Promise<() => void> {
    const share = this.shares.get(address) ?? { running: 0, admitted: 0 };
    if (share.admitted >= RUN_DATABASE_READS_PER_ADDRESS) {
      return Promise.reject(
        new RunDatabaseError(
          RunDatabaseErrorCode.TooManyReads,
          `too many run databases being read for this address; at most ${RUN_DATABASE_READS_PER_ADDRESS} at once`,
          { retryAfterSeconds: retryAfterSeconds(retryAfterMs * 1000) },
        ),
      );
    }
    const startsNow = this.mayStart(share);
    if (!startsNow && this.waiting.length >= RUN_DATABASE_READS_WAITING) return Promise.reject(readersBusy(retryAfterMs));
    share.admitted += 1;
    this.shares.set(address, share);
    let left = false;
    const leave = (): void => {
      if (left) return;
      left = true;
      this.running -= 1;
      share.running -= 1;
      this.forget(address, share);
      this.dispatch();
    };
    if (startsNow) {
      this.start(share);
      return Promise.resolve(leave);
    }
    return new Promise((resolve, reject) => {
      const read: WaitingRead = {
        share,
        deadlineAt,
        start: () => {
          clearTimeout(read.timer);
          resolve(leave);
        },
        refuse: () => {
          clearTimeout(read.timer);
          this.forget(address, share);
          reject(readersBusy(retryAfterMs));
        },
        timer: setTimeout(
          () => {
            this.waiting.splice(this.waiting.indexOf(read), 1);
            read.refuse();
          },
          Math.max(0, deadlineAt - performance.now()),
        ),
      };
      this.waiting.push(read);
    });
  }

  /** Refuses every waiting read: the service is stopping. */
  close(): void {
    for (const read of this.waiting.splice(0)) read.refuse();
  }

  private mayStart(share: AddressShare): boolean {
    return this.running < this.workers && share.running < this.runningPerAddress;
  }

  private start(share: AddressShare): void {
    this.running += 1;
    share.running += 1;
  }

  private forget(address: string, share: AddressShare): void {
    share.admitted -= 1;
    if (share.admitted === 0) this.shares.delete(address);
  }

  private dispatch(): void {
    for (let index = 0; index < this.waiting.length && this.running < this.workers;) {
      const read = this.waiting[index] as WaitingRead;
      // Its timer is due: a worker started now would be killed at once.
      if (read.deadlineAt <= performance.now()) {
        this.waiting.splice(index, 1);
        read.refuse();
        continue;
      }
      if (!this.mayStart(read.share)) {
        index += 1;
        continue;
      }
      this.waiting.splice(index, 1);
      this.start(read.share);
      read.start();
    }
  }
}

/** No worker came free for the read before its deadline, or too many reads wait already. */
const readersBusy = (retryAfterMs: number): RunDatabaseError =>
  new RunDatabaseError(RunDatabaseErrorCode.ReadersBusy, 'run database readers are busy; retry later', {
    retryAfterSeconds: retryAfterSeconds(retryAfterMs * 1000),
  });
