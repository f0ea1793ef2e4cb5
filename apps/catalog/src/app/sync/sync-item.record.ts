import { formatTimestamp, SyncItemResponse, SyncItemStatus } from '@simsvc/contracts';
import { shownManifestPath } from './manifest-files';

/** Queue states: the three the API lists, and the two of manifests already turned into simulations. */
export type StoredSyncStatus = SyncItemStatus | 'approved' | 'registered';
export const OPEN_STATUSES: readonly SyncItemStatus[] = ['pending', 'invalid', 'duplicate'];
export const OPEN_STATUS_LIST = OPEN_STATUSES.map((status) => `'${status}'`).join(', ');

/** A row of catalog_sync_items. */
export interface SyncItemRecord {
  id: number;
  manifest_path: string;
  name: string;
  version: string;
  installation_id: string | null;
  status: StoredSyncStatus;
  error: string | null;
  manifest: string | null;
  simulation_id: number | null;
  discovered_at: number;
  updated_at: number;
}

/** The item as clients see it; root is the watch directory, which they need not know. */
export function toSyncItemResponse(record: SyncItemRecord, root: string): SyncItemResponse {
  return {
    id: record.id,
    name: record.name === '' ? null : record.name,
    version: record.version === '' ? null : record.version,
    installation_id: record.installation_id,
    manifest_path: shownManifestPath(root, record.manifest_path),
    status: record.status as SyncItemStatus,
    error: record.error,
    discovered_at: formatTimestamp(record.discovered_at),
  };
}
