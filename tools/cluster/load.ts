// Closed-loop load: `concurrency` workers, each sending one request after another until the
// duration has passed, `stopWhen` says so, or it has sent `maxPerWorker` requests.

export interface LoadOptions<R> {
  concurrency: number;
  /** The load stops after this long at the latest ... */
  durationMs: number;
  /** ... or as soon as this returns true. */
  stopWhen?: () => boolean;
  maxPerWorker?: number;
  /** Resolves to a result record. */
  task: (worker: number, sequence: number) => Promise<R>;
  /** Called about every 50 ms while the load runs. */
  onTick?: (elapsedMs: number) => void;
}

/** A task's result with who sent it and when (ms since the epoch). */
export type LoadResult<R> = R & { worker: number; sequence: number; sentAt: number; doneAt: number };

export async function runLoad<R extends object>({
  concurrency,
  durationMs,
  maxPerWorker = 100_000,
  task,
  onTick,
  stopWhen = () => false,
}: LoadOptions<R>): Promise<LoadResult<R>[]> {
  const started = Date.now();
  const stopAt = started + durationMs;
  const results: LoadResult<R>[] = [];
  let ticking = true;
  const ticker = onTick
    ? (async () => {
        while (ticking) {
          onTick(Date.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })()
    : Promise.resolve();
  const worker = async (index: number): Promise<void> => {
    for (let sequence = 0; sequence < maxPerWorker && Date.now() < stopAt && !stopWhen(); sequence += 1) {
      const sentAt = Date.now();
      const result = await task(index, sequence);
      results.push({ ...result, worker: index, sequence, sentAt, doneAt: Date.now() });
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  } finally {
    ticking = false;
    await ticker;
  }
  return results;
}
