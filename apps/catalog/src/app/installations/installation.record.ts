import { formatTimestamp, InstallationResponse } from '@simsvc/contracts';

/** A row of catalog_installations. */
export interface InstallationRecord {
  installation_id: string;
  hostname: string | null;
  platform: string | null;
  python_version: string | null;
  sim2l_version: string | null;
  reported_by: string | null;
  first_seen_at: number;
  last_seen_at: number;
}

export function toInstallationResponse(record: InstallationRecord): InstallationResponse {
  return {
    installation_id: record.installation_id,
    hostname: record.hostname,
    platform: record.platform,
    python_version: record.python_version,
    sim2l_version: record.sim2l_version,
    reported_by: record.reported_by,
    first_seen_at: formatTimestamp(record.first_seen_at),
    last_seen_at: formatTimestamp(record.last_seen_at),
  };
}
