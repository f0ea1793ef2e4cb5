import { formatTimestamp, SyncItemResponse, SyncItemStatus } from '@simsvc/contracts';
import { CatalogSyncItemEntity } from '@simsvc/persistence';
import { shownManifestPath } from './manifest-files';

/** Queue states: the three the API lists, and the two of manifests already turned into simulations. */
export type StoredSyncStatus = SyncItemStatus | 'approved' | 'registered';
export const OPEN_STATUSES: readonly SyncItemStatus[] = ['pending', 'invalid', 'duplicate'];

/** A row of catalog_sync_items. */
export type SyncItemRecord = Omit<CatalogSyncItemEntity, 'status'> & { status: StoredSyncStatus };

/** The item as clients see it; root is the watch directory, which they need not know. */
export function toSyncItemResponse(record: SyncItemRecord, root: string): SyncItemResponse {
  return {
    id: record.id,
    name: record.name === '' ? null : record.name,
    version: record.version === '' ? null : record.version,
    installation_id: record.installationId,
    manifest_path: shownManifestPath(root, record.manifestPath),
    status: record.status as SyncItemStatus,
    error: record.error,
    discovered_at: formatTimestamp(record.discoveredAt),
  };
}
