/** A hit or miss counted but not yet written: at most this long. */
export const WRITE_BEHIND_MS = 1000;

/** Hits and misses to add to one simulation's counters. */
export interface CounterAddition {
  simulationId: number;
  hits: number;
  misses: number;
}

/** Hits to add to one entry's hit_count, and its latest access. */
export interface EntryHits {
  cacheKey: string;
  hits: number;
  lastAccessedAt: number;
}

export interface PendingCounts {
  counters: CounterAddition[];
  entries: EntryHits[];
}

/**
 * Hits and misses counted in memory, to be added to the store (entries' hit_count and
 * last_accessed_at, the simulations' counters) in one transaction: at most WRITE_BEHIND_MS after
 * the first of them (`write`, called by a timer), and whenever the owner writes them itself
 * (before the statistics or a listing are read, at shutdown). Until then an entry's hit_count is
 * its stored one plus `pendingHits`; additions commute, so the store ends up exact. The owner
 * takes a batch inside the transaction that writes it and restores it when that fails.
 */
export class WrittenBehindCounts {
  private counters = new Map<number, CounterAddition>();
  private entries = new Map<string, EntryHits>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly onError: (error: Error) => void,
  ) {}

  get empty(): boolean {
    return this.counters.size === 0 && this.entries.size === 0;
  }

  /** Counts a hit of an entry; its hits not yet written, this one included. */
  hit(cacheKey: string, simulationId: number, at: number): number {
    this.addToCounter(simulationId, 1, 0);
    const entry = this.entries.get(cacheKey);
    if (!entry) {
      this.entries.set(cacheKey, { cacheKey, hits: 1, lastAccessedAt: at });
      return 1;
    }
    entry.hits += 1;
    entry.lastAccessedAt = Math.max(entry.lastAccessedAt, at);
    return entry.hits;
  }

  miss(simulationId: number): void {
    this.addToCounter(simulationId, 0, 1);
  }

  /** The entry was replaced: its hits not yet written belong to the old one (the counters keep them). */
  forget(cacheKey: string): void {
    this.entries.delete(cacheKey);
  }

  /** Everything pending, now no longer pending. */
  take(): PendingCounts {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = { counters: [...this.counters.values()], entries: [...this.entries.values()] };
    this.counters = new Map();
    this.entries = new Map();
    return batch;
  }

  /** A batch whose write failed: pending again, before anything counted since. */
  restore(batch: PendingCounts): void {
    for (const { simulationId, hits, misses } of batch.counters) this.addToCounter(simulationId, hits, misses);
    for (const restored of batch.entries) {
      const entry = this.entries.get(restored.cacheKey);
      if (!entry) this.entries.set(restored.cacheKey, { ...restored });
      else {
        entry.hits += restored.hits;
        entry.lastAccessedAt = Math.max(entry.lastAccessedAt, restored.lastAccessedAt);
      }
    }
  }

  private addToCounter(simulationId: number, hits: number, misses: number): void {
    const counter = this.counters.get(simulationId);
    if (counter) {
      counter.hits += hits;
      counter.misses += misses;
    } else this.counters.set(simulationId, { simulationId, hits, misses });
    if (!this.timer) {
      this.timer = setTimeout(() => void this.write().catch(this.onError), WRITE_BEHIND_MS);
      // Shutdown writes what is pending itself; the timer alone keeps no process alive.
      this.timer.unref();
    }
  }
}
