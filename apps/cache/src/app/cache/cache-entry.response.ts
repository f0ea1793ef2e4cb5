import { CacheEntryListItem, CacheEntryResponse, formatOptionalTimestamp, formatTimestamp } from '@simsvc/contracts';
import { CacheEntryEntity } from '@simsvc/persistence';

/** An entry as GET returns it. */
export function toEntryResponse(entry: CacheEntryEntity): CacheEntryResponse {
  return {
    cache_key: entry.cacheKey,
    simulation_id: entry.simulationId,
    simulation_name: entry.simulationName,
    simulation_version: entry.simulationVersion,
    execution_id: entry.executionId,
    squid_id: entry.squidId,
    input_hash: entry.inputHash,
    run_db_path: entry.runDbPath,
    created_at: formatTimestamp(entry.createdAt),
    expires_at: formatTimestamp(entry.expiresAt),
    hit_count: entry.hitCount,
    metadata: entry.metadata === null ? null : (JSON.parse(entry.metadata) as Record<string, unknown>),
  };
}

/**
 * UTF-8 length of the entry as GET returns it. Stored once with hit_count 0; the current size
 * adds the extra digits of the hit count (SQL does the same sum in the statistics).
 */
export function serializedSize(response: CacheEntryResponse): number {
  return Buffer.byteLength(JSON.stringify(response), 'utf8');
}

export function currentSize(entry: CacheEntryEntity): number {
  return entry.sizeBytes + String(entry.hitCount).length - 1;
}

export function toListItem(entry: CacheEntryEntity): CacheEntryListItem {
  return {
    ...toEntryResponse(entry),
    size_bytes: currentSize(entry),
    last_accessed_at: formatOptionalTimestamp(entry.lastAccessedAt),
  };
}
