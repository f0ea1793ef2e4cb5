import { formatTimestamp, InstallationResponse } from '@simsvc/contracts';
import { CatalogInstallationEntity } from '@simsvc/persistence';

/** A row of catalog_installations. */
export type InstallationRecord = CatalogInstallationEntity;

export function toInstallationResponse(record: InstallationRecord): InstallationResponse {
  return {
    installation_id: record.installationId,
    hostname: record.hostname,
    platform: record.platform,
    python_version: record.pythonVersion,
    sim2l_version: record.sim2lVersion,
    reported_by: record.reportedBy,
    first_seen_at: formatTimestamp(record.firstSeenAt),
    last_seen_at: formatTimestamp(record.lastSeenAt),
  };
}
