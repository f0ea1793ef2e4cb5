// Worker processes that run every SQLite statement on a run database, each lease under a hard
// deadline. better-sqlite3 is synchronous: on the main thread one hostile file (a schema of
// 100,000 views) held up every other request for minutes and ignored SIGTERM. Here the event
// loop stays free, and a worker that overruns its deadline is killed, whatever SQLite is doing.
// Processes, not worker threads: terminating a thread waits until SQLite returns to JavaScript,
// which a hostile file can put off for minutes; SIGKILL does not wait. The worker also takes the
// file by descriptor and makes the private copy SQLite reads, with the first batch: synchronous
// system calls there cost less than the same calls through libuv's thread pool here, and a
// copy that stalls is under the deadline too. Who gets a worker, and until when, is the
// queue's rule (run-database-queue.ts): the deadline counts from a read's arrival.
import type { OnModuleDestroy } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { type ChildProcess, fork } from 'node:child_process';
import { unlink } from 'node:fs/promises';
import { workerScript } from '@simsvc/persistence';
import { RunDatabaseQueue } from './run-database-queue';
import { RunDatabaseError, RunDatabaseErrorCode } from './run-database.errors';
import type {
  RunDatabaseSource,
  Statement,
  StatementParams,
  StatementResult,
  WorkerFailure,
  WorkerReply,
  WorkerRequest,
} from './run-database.worker';

const WORKER = workerScript(__dirname, 'run-database.worker');

export type { RunDatabaseSource, Statement, StatementParams, StatementResult, WorkerFailure };

/**
 * One run database open in one worker, for as long as a lease lasts. A batch of statements costs
 * one round trip: on a busy machine each round trip waits for the worker to be scheduled.
 */
export interface RunDatabaseSession {
  /** Rows: the row type of each statement, in order. */
  batch<Rows extends unknown[]>(statements: { [K in keyof Rows]: Statement }): Promise<{ [K in keyof Rows]: StatementResult<Rows[K]> }>;
  all<Row>(sql: string, params?: StatementParams): Promise<StatementResult<Row>>;
}

type Request = Omit<WorkerRequest, 'id'>;

/** Who asks for a read, and since when (performance.now() time): the deadline counts from then. */
export interface RunDatabaseLease {
  /** The client's address: fairness between addresses is by it. */
  client?: string;
  arrivedAt?: number;
}

/** The client of reads made for no request (specs, tools). */
const LOCAL_CLIENT = 'local';

/**
 * One worker per core and at least two (so that one address never holds them all), started when
 * first needed and kept for the next read (starting a process and loading better-sqlite3 in it
 * takes about 50 ms, a read about 1 ms). A lease waits in the queue while its turn has not come;
 * a worker that overran or failed is replaced by a new one.
 */
export class RunDatabaseWorkers implements OnModuleDestroy {
  private readonly idle: RunDatabaseWorker[] = [];
  private readonly queue: RunDatabaseQueue;
  private closed = false;

  constructor(size = Math.max(2, availableParallelism())) {
    this.queue = new RunDatabaseQueue(size);
  }

  /**
   * Copies the file and opens the copy in a worker, and runs work against it. The lease waits
   * for its turn (refused with 429 or 503 when the queue says so), and the worker is killed when
   * deadlineMs after the lease's arrival have passed: work then fails with RunDatabaseTimeout.
   * The worker deletes the copy when the lease ends.
   */
  async withDatabase<T>(
    database: RunDatabaseSource,
    deadlineMs: number,
    work: (session: RunDatabaseSession) => Promise<T>,
    lease: RunDatabaseLease = {},
  ): Promise<T> {
    const deadlineAt = (lease.arrivedAt ?? performance.now()) + deadlineMs;
    const leave = await this.queue.enter(lease.client ?? LOCAL_CLIENT, deadlineAt, deadlineMs);
    const worker = this.idle.pop() ?? new RunDatabaseWorker();
    const timer = setTimeout(
      () => void worker.terminate(new RunDatabaseError(RunDatabaseErrorCode.Timeout, 'run database took too long to read')),
      Math.max(0, deadlineAt - performance.now()),
    );
    // The file is copied and opened with the first batch, and closed (the copy deleted) after
    // the last without waiting, so that this overlaps the caller's own work (closing with the
    // last batch measured slower): the next lease's requests queue behind the close.
    let open: RunDatabaseSource | undefined = database;
    const run = async (statements: readonly Statement[]): Promise<StatementResult<unknown>[]> => {
      const request = { open, statements };
      open = undefined;
      return worker.request(request);
    };
    const session: RunDatabaseSession = {
      batch: (statements) => run(statements) as never,
      all: async <Row>(sql: string, params?: StatementParams) => (await run([{ sql, params }]))[0] as StatementResult<Row>,
    };
    try {
      const result = await work(session);
      worker.request({ close: true }).catch(() => undefined);
      return result;
    } catch (error) {
      // A failed lease may leave the file open: close it, or replace the worker if it cannot.
      if (worker.alive) await worker.request({ close: true }).catch(() => worker.terminate(error));
      throw error;
    } finally {
      clearTimeout(timer);
      // A killed worker could not delete its copy.
      if (!worker.alive) await unlink(database.target).catch(() => undefined);
      this.release(worker);
      leave();
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.queue.close();
    const workers = this.idle.splice(0);
    await Promise.all(workers.map((worker) => worker.terminate(new Error('run database workers closed'))));
  }

  /** Keeps a live worker for the next lease; the queue lets no more leases run than the pool's size. */
  private release(worker: RunDatabaseWorker): void {
    if (!worker.alive) return;
    if (this.closed) void worker.terminate(new Error('run database workers closed'));
    else this.idle.push(worker);
  }
}

class RunDatabaseWorker {
  // No inherited flags (an --inspect port, say); stdout unused, stderr shared for native crashes.
  private readonly worker: ChildProcess = fork(WORKER.file, [], {
    execArgv: WORKER.execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  private readonly pending = new Map<number, { resolve: (reply: WorkerReply) => void; reject: (error: unknown) => void }>();
  private nextId = 0;
  private failure?: unknown;

  constructor() {
    this.worker.on('message', (reply: WorkerReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      pending?.resolve(reply);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => this.fail(new Error('run database worker exited')));
    // Not one of the reasons the service stays alive: an idle worker must not delay its exit.
    this.worker.unref();
    this.worker.channel?.unref();
  }

  get alive(): boolean {
    return this.failure === undefined;
  }

  async request(message: Request): Promise<StatementResult<unknown>[]> {
    if (this.failure !== undefined) throw this.failure;
    const id = this.nextId++;
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.send({ id, ...message } satisfies WorkerRequest, (error) => {
        if (error) this.fail(error);
      });
    });
    if (reply.error) throw Object.assign(new Error(reply.error.message), reply.error);
    return reply.results ?? [];
  }

  /** Ends the worker at once, failing what it had in hand with reason. */
  async terminate(reason: unknown): Promise<void> {
    this.fail(reason);
    if (this.worker.exitCode !== null || this.worker.signalCode !== null) return;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.kill('SIGKILL');
    await exited;
  }

  private fail(reason: unknown): void {
    this.failure ??= reason;
    for (const { reject } of this.pending.values()) reject(this.failure);
    this.pending.clear();
  }
}
