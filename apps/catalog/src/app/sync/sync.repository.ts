import { Inject, Injectable } from '@nestjs/common';
import { SyncItemStatus } from '@simsvc/contracts';
import { SqlExecutor } from '@simsvc/persistence';
import { CATALOG_SQL } from '../catalog-shared.module';
import { OPEN_STATUS_LIST, StoredSyncStatus, SyncItemRecord } from './sync-item.record';

/** What a scan decided for one (manifest path, name, version). */
export interface SyncItemValues {
  manifestPath: string;
  /** '' when the manifest gave none. */
  name: string;
  version: string;
  /** The manifest's installation_id. */
  installationId: string | null;
  status: StoredSyncStatus;
  error: string | null;
  /** The normalized registration, JSON (pending items). */
  manifest: string | null;
  simulationId: number | null;
}

// Items already turned into simulations (approved, registered) are never touched by a scan:
// that is what keeps a rescan from queueing or registering the same manifest again.
const UPSERT_OPEN = `INSERT INTO catalog_sync_items (manifest_path, name, version, status, error, manifest, simulation_id, discovered_at,
    updated_at, installation_id)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)
  ON CONFLICT (manifest_path, name, version) DO UPDATE SET status = excluded.status, error = excluded.error,
    manifest = excluded.manifest, simulation_id = excluded.simulation_id, updated_at = excluded.updated_at,
    installation_id = excluded.installation_id
  WHERE catalog_sync_items.status IN (${OPEN_STATUS_LIST})`;

export interface SyncItemFilter {
  status?: SyncItemStatus;
  installationId?: string;
}

/** Every statement on the automatic-registration queue. */
@Injectable()
export class SyncRepository {
  constructor(@Inject(CATALOG_SQL) private readonly sql: SqlExecutor) {}

  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.sql.transaction(work);
  }

  /** The item of this manifest and (name, version) that already became a simulation, if any. */
  async findSettled(tx: SqlExecutor, manifestPath: string, name: string, version: string): Promise<SyncItemRecord | undefined> {
    const [record] = await tx.query<SyncItemRecord>(
      `SELECT * FROM catalog_sync_items WHERE manifest_path = $1 AND name = $2 AND version = $3 AND status IN ('approved', 'registered')`,
      [manifestPath, name, version],
    );
    return record;
  }

  /** Records the outcome for an item that is new or still open; settled items stay as they are. */
  async upsertOpen(tx: SqlExecutor, values: SyncItemValues, now: number): Promise<void> {
    await tx.execute(UPSERT_OPEN, [
      values.manifestPath,
      values.name,
      values.version,
      values.status,
      values.error,
      values.manifest,
      values.simulationId,
      now,
      values.installationId,
    ]);
  }

  /** Drops the open items of a manifest other than the one for (name, version): the file changed. */
  async dropOtherOpen(tx: SqlExecutor, manifestPath: string, name: string, version: string): Promise<void> {
    await tx.execute(
      `DELETE FROM catalog_sync_items WHERE manifest_path = $1 AND status IN (${OPEN_STATUS_LIST}) AND NOT (name = $2 AND version = $3)`,
      [manifestPath, name, version],
    );
  }

  /** Drops the open items of a manifest that no longer exists. */
  async dropOpenOf(manifestPath: string): Promise<number> {
    return this.sql.execute(`DELETE FROM catalog_sync_items WHERE manifest_path = $1 AND status IN (${OPEN_STATUS_LIST})`, [manifestPath]);
  }

  /** Manifest paths with open items (to find those whose file vanished). */
  async openManifestPaths(): Promise<string[]> {
    const rows = await this.sql.query<{ manifest_path: string }>(
      `SELECT DISTINCT manifest_path FROM catalog_sync_items WHERE status IN (${OPEN_STATUS_LIST})`,
    );
    return rows.map((row) => row.manifest_path);
  }

  /**
   * Takes a pending item for approval with one conditional UPDATE (two approvals of one item
   * cannot both win); returns it, or undefined when it is not pending.
   */
  async claimPending(tx: SqlExecutor, id: number, now: number): Promise<SyncItemRecord | undefined> {
    const [record] = await tx.query<SyncItemRecord>(
      `UPDATE catalog_sync_items SET status = 'approved', error = NULL, updated_at = $2 WHERE id = $1 AND status = 'pending' RETURNING *`,
      [id, now],
    );
    return record;
  }

  async settle(tx: SqlExecutor, id: number, simulationId: number): Promise<void> {
    await tx.execute('UPDATE catalog_sync_items SET simulation_id = $2 WHERE id = $1', [id, simulationId]);
  }

  async markDuplicate(tx: SqlExecutor, id: number, error: string, now: number): Promise<void> {
    await tx.execute(`UPDATE catalog_sync_items SET status = 'duplicate', error = $2, updated_at = $3 WHERE id = $1`, [id, error, now]);
  }

  async find(id: number): Promise<SyncItemRecord | undefined> {
    const [record] = await this.sql.query<SyncItemRecord>('SELECT * FROM catalog_sync_items WHERE id = $1', [id]);
    return record;
  }

  /** Open items, oldest discovery first (a queue), of one status and one installation when given. */
  async listOpen(filter: SyncItemFilter, limit: number, offset: number): Promise<{ records: SyncItemRecord[]; total: number }> {
    const conditions = [filter.status === undefined ? `status IN (${OPEN_STATUS_LIST})` : 'status = $1'];
    const params: unknown[] = filter.status === undefined ? [] : [filter.status];
    if (filter.installationId !== undefined) {
      params.push(filter.installationId);
      conditions.push(`installation_id = $${params.length}`);
    }
    const where = conditions.join(' AND ');
    const records = await this.sql.query<SyncItemRecord>(
      `SELECT * FROM catalog_sync_items WHERE ${where} ORDER BY discovered_at, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
    const [{ total }] = await this.sql.query<{ total: number }>(`SELECT COUNT(*) AS total FROM catalog_sync_items WHERE ${where}`, params);
    return { records, total };
  }
}
