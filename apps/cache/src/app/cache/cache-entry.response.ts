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
 * The entry as GET returns it, written as JSON text: JSON.stringify(toEntryResponse(entry)) byte
 * for byte (cache-entry.response.spec.ts), without parsing the stored metadata and writing it
 * again (it is stored as JSON.stringify wrote it). A GET hit answers this text as it is.
 */
export function entryJson(entry: CacheEntryEntity): string {
  return (
    `{"cache_key":${JSON.stringify(entry.cacheKey)},"simulation_id":${JSON.stringify(entry.simulationId)}` +
    `,"simulation_name":${JSON.stringify(entry.simulationName)},"simulation_version":${JSON.stringify(entry.simulationVersion)}` +
    `,"execution_id":${JSON.stringify(entry.executionId)},"squid_id":${JSON.stringify(entry.squidId)}` +
    `,"input_hash":${JSON.stringify(entry.inputHash)},"run_db_path":${JSON.stringify(entry.runDbPath)}` +
    `,"created_at":"${formatTimestamp(entry.createdAt)}","expires_at":"${formatTimestamp(entry.expiresAt)}"` +
    `,"hit_count":${JSON.stringify(entry.hitCount)},"metadata":${entry.metadata ?? 'null'}}`
  );
}

/**
 * UTF-8 length of the entry as GET returns it. Stored once with hit_count 0; the current size
 * adds the extra digits of the hit count (SQL does the same sum in the statistics).
 */
export function serializedSize(entry: CacheEntryEntity): number {
  return Buffer.byteLength(entryJson(entry), 'utf8');
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
