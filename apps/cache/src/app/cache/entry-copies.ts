import { CacheEntryEntity } from '@simsvc/persistence';
import { LRUCache } from 'lru-cache';

/**
 * What the copies may hold: the entries' stored sizes plus COPY_OVERHEAD_BYTES each. 8 MiB holds
 * the benchmark's 10,000 entries: its GET hit 208–225 → 180–196 µs of CPU against 2 MiB, with the
 * store's page cache cut to 2 MiB beside it (cache.store.ts; docs/benchmarks/2026-11-28-request-path-6.md).
 */
export const ENTRY_COPIES_MAX_BYTES = 8 * 1024 * 1024;
/** A copy's memory beyond its serialized size: the object, its fourteen fields, their strings' headers. */
const COPY_OVERHEAD_BYTES = 256;

/**
 * SQLite: the entries this process last read, with their current hit_count (stored plus every
 * hit counted since), so that a repeated GET hit answers without reading the store. A SQLite
 * store has one process (README "Exact counts"), and every change to an entry passes through
 * CacheRepository, which drops the copies it changes: `drop` before and after a removal (a hit
 * read between the two is concurrent with the removal, which has not answered yet), `clear`
 * around an invalidation by selectors. Counts written behind change no copy: a copy's hit_count
 * already includes them. An expired copy is dropped and the store read, as for no copy.
 *
 * Measured (docs/benchmarks/2026-11-27-request-path-5.md): the store's read is ~30 µs of a
 * SQLite GET hit's CPU inside the service (11–13 µs alone in a loop: the rest is cold caches).
 */
export class EntryCopies {
  private readonly copies = new LRUCache<string, CacheEntryEntity>({
    maxSize: ENTRY_COPIES_MAX_BYTES,
    sizeCalculation: (entry) => entry.sizeBytes + COPY_OVERHEAD_BYTES,
  });

  /** The copy of a live entry; undefined when there is none or it expired (read the store). */
  live(cacheKey: string, now: number): CacheEntryEntity | undefined {
    const copy = this.copies.get(cacheKey);
    if (copy === undefined || copy.expiresAt > now) return copy;
    this.copies.delete(cacheKey);
    return undefined;
  }

  /** Keeps an entry as just read from the store, its hit_count including the hits not yet written. */
  keep(entry: CacheEntryEntity): void {
    this.copies.set(entry.cacheKey, entry);
  }

  drop(cacheKey: string): void {
    this.copies.delete(cacheKey);
  }

  clear(): void {
    this.copies.clear();
  }
}
