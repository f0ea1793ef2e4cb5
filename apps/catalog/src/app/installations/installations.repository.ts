import { Inject, Injectable } from '@nestjs/common';
import { SqlExecutor } from '@simsvc/persistence';
import { CATALOG_SQL } from '../catalog-shared.module';
import { InstallationRecord } from './installation.record';

export type InstallationValues = Omit<InstallationRecord, 'first_seen_at' | 'last_seen_at'>;

// A report replaces what the installation said before and keeps when it was first seen;
// `created` tells a first report (first_seen_at = last_seen_at = now) from a later one.
const UPSERT = `INSERT INTO catalog_installations (installation_id, hostname, platform, python_version, sim2l_version, reported_by,
    first_seen_at, last_seen_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
  ON CONFLICT (installation_id) DO UPDATE SET hostname = excluded.hostname, platform = excluded.platform,
    python_version = excluded.python_version, sim2l_version = excluded.sim2l_version, reported_by = excluded.reported_by,
    last_seen_at = excluded.last_seen_at
  RETURNING *`;

@Injectable()
export class InstallationsRepository {
  constructor(@Inject(CATALOG_SQL) private readonly sql: SqlExecutor) {}

  async report(values: InstallationValues, now: number): Promise<InstallationRecord> {
    const [record] = await this.sql.query<InstallationRecord>(UPSERT, [
      values.installation_id,
      values.hostname,
      values.platform,
      values.python_version,
      values.sim2l_version,
      values.reported_by,
      now,
    ]);
    return record;
  }

  /** Most recently seen first. */
  async list(limit: number, offset: number): Promise<{ records: InstallationRecord[]; total: number }> {
    const records = await this.sql.query<InstallationRecord>(
      'SELECT * FROM catalog_installations ORDER BY last_seen_at DESC, installation_id LIMIT $1 OFFSET $2',
      [limit, offset],
    );
    const [{ total }] = await this.sql.query<{ total: number }>('SELECT COUNT(*) AS total FROM catalog_installations');
    return { records, total };
  }
}
