import { CacheEntryListItem, CacheEntryResponse, formatOptionalTimestamp, formatTimestamp } from '@simsvc/contracts';

/** A row of cache_entries as the repository returns it. */
export interface CacheEntryRecord {
  cache_key: string;
  /** 0 or null as sent: no simulation. */
  simulation_id: number | null;
  simulation_name: string;
  simulation_version: string;
  execution_id: string;
  squid_id: string;
  input_hash: string;
  run_db_path: string;
  metadata: string | null;
  created_at: number;
  expires_at: number;
  last_accessed_at: number | null;
  hit_count: number;
  size_bytes: number;
}

export function toEntryResponse(record: CacheEntryRecord): CacheEntryResponse {
  return {
    cache_key: record.cache_key,
    simulation_id: record.simulation_id,
    simulation_name: record.simulation_name,
    simulation_version: record.simulation_version,
    execution_id: record.execution_id,
    squid_id: record.squid_id,
    input_hash: record.input_hash,
    run_db_path: record.run_db_path,
    created_at: formatTimestamp(record.created_at),
    expires_at: formatTimestamp(record.expires_at),
    hit_count: record.hit_count,
    metadata: record.metadata === null ? null : (JSON.parse(record.metadata) as Record<string, unknown>),
  };
}

/**
 * UTF-8 length of the entry as GET returns it. Stored once with hit_count 0; the current size
 * adds the extra digits of the hit count (SQL does the same sum in the statistics).
 */
export function serializedSize(response: CacheEntryResponse): number {
  return Buffer.byteLength(JSON.stringify(response), 'utf8');
}

export function currentSize(record: CacheEntryRecord): number {
  return record.size_bytes + String(record.hit_count).length - 1;
}

export function toListItem(record: CacheEntryRecord): CacheEntryListItem {
  return {
    ...toEntryResponse(record),
    size_bytes: currentSize(record),
    last_accessed_at: formatOptionalTimestamp(record.last_accessed_at),
  };
}
