import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import { positionalArgs, PositionalSql, toPositional } from './named-statement';
import type { WorkerReply, WorkerRequest } from './sqlite-read.worker';
import { workerScript } from './worker-script';

/** A statement with `$n` placeholders and its parameters. */
export interface ReadStatement {
  sql: string;
  params: readonly unknown[];
}

const WORKER = workerScript(__dirname, 'sqlite-read.worker');
const CACHED_STATEMENTS = 64;

/**
 * Expensive SQLite reads (searches) on read-only connections in worker threads. better-sqlite3
 * is synchronous, so on the main thread a 2 ms search holds up every other request for 2 ms;
 * here the main thread parses, checks and answers other requests meanwhile, and the two cores
 * both work. Like any second connection in WAL mode, a worker sees committed data only.
 */
export class SqliteReadPool {
  private readonly workers: ReadWorker[];
  private readonly positional = new LRUCache<string, PositionalSql>({ max: CACHED_STATEMENTS });

  constructor(path: string, size = defaultPoolSize()) {
    this.workers = Array.from({ length: size }, () => new ReadWorker(path));
  }

  get size(): number {
    return this.workers.length;
  }

  /** Runs the statements in one snapshot; their rows, in order. */
  read(statements: readonly ReadStatement[]): Promise<unknown[][]> {
    const worker = this.workers.reduce((idlest, candidate) => (candidate.inFlight < idlest.inFlight ? candidate : idlest));
    return worker.read(
      statements.map(({ sql, params }) => {
        let positional = this.positional.get(sql);
        if (!positional) this.positional.set(sql, (positional = toPositional(sql)));
        return { text: positional.text, args: positionalArgs(positional.order, params) };
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}

/** One worker per core: measured on 2 cores, two workers served 418 two-range searches/s, one 316. */
function defaultPoolSize(): number {
  return availableParallelism();
}

interface Pending {
  resolve: (rows: unknown[][]) => void;
  reject: (error: Error) => void;
}

class ReadWorker {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private worker?: Worker;

  constructor(private readonly path: string) {
    this.worker = this.start();
  }

  get inFlight(): number {
    return this.pending.size;
  }

  read(statements: WorkerRequest['statements']): Promise<unknown[][]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker ??= this.start();
      this.worker.postMessage({ id, statements } satisfies WorkerRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    worker?.removeAllListeners('exit');
    await worker?.terminate();
    this.failPending(new Error('SQLite read pool closed'));
  }

  private start(): Worker {
    const worker = new Worker(WORKER.file, { workerData: { path: this.path, cachedStatements: CACHED_STATEMENTS } });
    worker.on('message', (reply: WorkerReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('rows' in reply) pending?.resolve(reply.rows);
      else pending?.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      this.failPending(Object.assign(new Error(error.message || 'SQLite read worker failed'), { code: error.code })),
    );
    // A worker that died (out of memory, a native crash) fails what it had; the next read starts
    // a new one, so one bad moment does not end searching for good.
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      this.failPending(new Error(`SQLite read worker exited with code ${code}`));
    });
    return worker;
  }

  private failPending(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
