// The demo's part in the cache: an entry per completed run (keyed by its inputs' hash), then
// lookups as a sweep's next round would make them: one entry in five asked for (some of them
// three times: hits), and one key in ten of inputs never run (misses). Entries the cache already
// holds for the same simulation are left alone and not looked up again, so a second demo changes
// neither the entries nor the hit and miss counts.
import type { SimsvcClient } from '@simsvc/client';
import { SimsvcError } from '@simsvc/client';
import { BEAM_SIMULATION, sweepInputs } from './beam-model';
import { forEachConcurrently } from './concurrently';
import { inputIdentity, type DemoRun } from './demo-sweep';

const PAGE = 1000;
const TTL_HOURS = 24 * 30;

export interface CacheFill {
  written: number;
  hits: number;
  misses: number;
}

export async function fillDemoCache(
  client: SimsvcClient,
  simulationId: number | undefined,
  runs: DemoRun[],
  concurrency: number,
): Promise<CacheFill> {
  const stored = await storedEntries(client);
  const owner = simulationId ?? 0;
  const toWrite = runs.filter((run) => run.status === 'completed' && stored.get(run.cache_key) !== owner);
  await forEachConcurrently(toWrite, concurrency, async (run) => {
    await client.cache.POST('/cache', {
      body: {
        cache_key: run.cache_key,
        simulation_id: owner,
        simulation_name: BEAM_SIMULATION.name,
        simulation_version: BEAM_SIMULATION.version,
        execution_id: run.execution_id,
        squid_id: run.squid_id,
        input_hash: run.input_hash,
        run_db_path: run.file,
        ttl_hours: TTL_HOURS,
        metadata: { source: 'simsvc demo' },
      },
    });
  });

  const hitKeys = toWrite.flatMap((run, i) =>
    i % 5 !== 0 ? [] : i % 25 === 0 ? [run.cache_key, run.cache_key, run.cache_key] : [run.cache_key],
  );
  // Sweep points past the end: inputs no run of this sweep has, so keys the cache cannot hold.
  const missKeys = toWrite.flatMap((_, i) => (i % 10 !== 0 ? [] : [inputIdentity(sweepInputs(runs.length + 1 + i)).cache_key]));
  let hits = 0;
  let misses = 0;
  await forEachConcurrently([...hitKeys, ...missKeys], concurrency, async (key) => {
    try {
      await client.cache.GET('/cache/{cache_key}', { params: { path: { cache_key: key }, query: { simulation_id: owner || undefined } } });
      hits += 1;
    } catch (error) {
      if (!(error instanceof SimsvcError && error.status === 404)) throw error;
      misses += 1;
    }
  });
  return { written: toWrite.length, hits, misses };
}

/** The demo's live entries: cache key → the simulation id they were stored under. */
async function storedEntries(client: SimsvcClient): Promise<Map<string, number>> {
  const entries = new Map<string, number>();
  const pattern = `${BEAM_SIMULATION.name}/${BEAM_SIMULATION.version}/*`;
  for (let offset = 0; ; offset += PAGE) {
    const page = await client.cache.GET('/cache/entries', { params: { query: { pattern, limit: PAGE, offset } } });
    for (const entry of page.entries) entries.set(entry.cache_key, entry.simulation_id ?? 0);
    if (page.entries.length < PAGE) return entries;
  }
}
