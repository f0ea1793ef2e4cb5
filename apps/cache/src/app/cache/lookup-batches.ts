import { CacheEntryEntity } from '@simsvc/persistence';
import { TurnBatches } from './turn-batches';

/** One GET: the key, the simulation a miss counts against, and when it was asked. */
export interface Lookup {
  cacheKey: string;
  missedSimulationId: number;
  at: number;
}

/** A live entry as the batch statement returns it: its hits of this batch already counted. */
export type BatchedEntry = CacheEntryEntity & { batchHits: number };

/** Runs one batch: the keys (repeats kept), each one's miss simulation, and the batch's time. */
export type RunLookups = (cacheKeys: string[], missedSimulationIds: number[], at: number) => Promise<BatchedEntry[]>;

const POSTGRES_DEADLOCK = '40P01';
const DEADLOCK_ATTEMPTS = 5;

/**
 * The PostgreSQL GETs of one event-loop turn (TurnBatches), looked up and counted by one statement
 * (CACHE_LOOKUPS). A batch's time is its latest lookup's. Several GETs of one key in a batch get
 * the hit counts that key's row gives them in arrival order: hit_count − batchHits + 1, + 2, ….
 */
export class LookupBatches {
  private readonly batches: TurnBatches<Lookup, CacheEntryEntity | undefined>;

  constructor(run: RunLookups) {
    this.batches = new TurnBatches((lookups) => answer(lookups, run));
  }

  /** The live entry with this GET's hit counted, or undefined with its miss counted. */
  lookup(lookup: Lookup): Promise<CacheEntryEntity | undefined> {
    return this.batches.run(lookup);
  }
}

async function answer(lookups: readonly Lookup[], run: RunLookups): Promise<(CacheEntryEntity | undefined)[]> {
  const at = lookups.reduce((latest, lookup) => Math.max(latest, lookup.at), 0);
  const rows = await retryingDeadlocks(() =>
    run(
      lookups.map((lookup) => lookup.cacheKey),
      lookups.map((lookup) => lookup.missedSimulationId),
      at,
    ),
  );
  const live = new Map(rows.map((row) => [row.cacheKey, row]));
  const answered = new Map<string, number>();
  return lookups.map(({ cacheKey }) => {
    const row = live.get(cacheKey);
    if (!row) return undefined;
    const before = answered.get(cacheKey) ?? 0;
    answered.set(cacheKey, before + 1);
    const { batchHits, ...entry } = row;
    return { ...entry, hitCount: row.hitCount - batchHits + before + 1 };
  });
}

/**
 * A batch that PostgreSQL chose as a deadlock's victim committed nothing: it runs again. (Batches
 * and invalidations lock in one order, cache.statements.ts; the purge of expired rows does not.)
 */
async function retryingDeadlocks<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || (error as { code?: string }).code !== POSTGRES_DEADLOCK) throw error;
    }
  }
}
