/** A hit or miss counted but not yet written: at most this long. */
export const WRITE_BEHIND_MS = 100;

/** Hits and misses to add to one simulation's counters. */
export interface CountAddition {
  simulationId: number;
  hits: number;
  misses: number;
}

/**
 * Hit and miss counts kept in memory and added to the store's counters in one transaction at
 * most WRITE_BEHIND_MS after the first of them, and whenever `flush()` is called (before the
 * statistics are read, at shutdown). A write that fails keeps its counts for the next one.
 * Additions commute, so the counters end up exact; until a flush they lag by the counts of at
 * most WRITE_BEHIND_MS (a SIGKILL loses those).
 */
export class WrittenBehindCounts {
  private pending = new Map<number, CountAddition>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly write: (additions: CountAddition[]) => Promise<void>,
    private readonly onError: (error: Error) => void,
  ) {}

  add(simulationId: number, hits: number, misses: number): void {
    const counts = this.pending.get(simulationId);
    if (counts) {
      counts.hits += hits;
      counts.misses += misses;
    } else this.pending.set(simulationId, { simulationId, hits, misses });
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush().catch(this.onError), WRITE_BEHIND_MS);
      // Shutdown flushes explicitly; the timer alone keeps no process alive.
      this.timer.unref();
    }
  }

  /** Writes every pending count; rejects (keeping them pending) when the write fails. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.write([...batch.values()]);
    } catch (error) {
      for (const { simulationId, hits, misses } of batch.values()) this.add(simulationId, hits, misses);
      throw error;
    }
  }
}
