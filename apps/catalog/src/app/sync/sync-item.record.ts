import { formatTimestamp, SyncItemResponse, SyncItemStatus } from '@simsvc/contracts';
import { CatalogSyncItemEntity } from '@simsvc/persistence';
import { NewSimulation, provenanceFrom } from '../simulations/simulation-registration';
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
    // sim2l's names of the same item (its sync_requests rows), for its client.
    simulation_name: record.name === '' ? null : record.name,
    simulation_version: record.version === '' ? null : record.version,
    operation: 'register',
    payload: record.manifest === null ? null : registrationPayload(JSON.parse(record.manifest) as NewSimulation),
    created_at: formatTimestamp(record.discoveredAt),
  };
}

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

/** A queued registration as stored (normalized when it was scanned), in the field names of POST /simulations. */
function registrationPayload(simulation: NewSimulation): Record<string, unknown> {
  // An item stored by a service version without provenance has none.
  const provenance = { ...provenanceFrom({}), ...simulation.provenance };
  return {
    name: simulation.name,
    version: simulation.version,
    description: simulation.description,
    author: simulation.author,
    tags: simulation.tags,
    input_schema: simulation.inputSchema,
    output_schema: simulation.outputSchema,
    status: simulation.status,
    installation_id: provenance.installation_id,
    workflow_type: provenance.workflow_type,
    workflow_hash: provenance.workflow_hash,
    workflow_bundle: parsed(provenance.workflow_bundle),
    dependencies: parsed(provenance.dependencies),
    metadata: parsed(provenance.metadata),
    auto_approve: provenance.auto_approve,
    visibility: provenance.visibility,
    license: provenance.license,
  };
}
