/** GET /cache/{cache_key}. */
export interface CacheEntryResponse {
  cache_key: string;
  /** As stored: 0 or null for an entry of no simulation. */
  simulation_id: number | null;
  simulation_name: string;
  simulation_version: string;
  execution_id: string;
  squid_id: string;
  input_hash: string;
  run_db_path: string;
  created_at: string;
  expires_at: string;
  hit_count: number;
  metadata: Record<string, unknown> | null;
}

/** An item of GET /cache/entries. */
export interface CacheEntryListItem extends CacheEntryResponse {
  size_bytes: number;
  last_accessed_at: string | null;
}

export interface StoreEntryResponse {
  success: true;
  cache_key: string;
}

export interface InvalidateResponse {
  success: true;
  invalidated_count: number;
}

export interface CacheStatsResponse {
  total_entries: number;
  total_hits: number;
  total_misses: number;
  hit_rate: number;
  total_size_bytes: number;
  invalidation_count: number;
}

export interface InvalidationRecord {
  at: string;
  by: string;
  cache_key?: string;
  simulation_id?: number | null;
  simulation_name?: string | null;
  simulation_version?: string | null;
  pattern?: string | null;
  reason: string | null;
  invalidated_count: number;
}

export interface PageOf {
  total: number;
  limit: number;
  offset: number;
}

export interface CacheEntriesPage extends PageOf {
  entries: CacheEntryListItem[];
}

export interface InvalidationsPage extends PageOf {
  invalidations: InvalidationRecord[];
}
