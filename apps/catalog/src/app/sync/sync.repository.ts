import { Injectable } from '@nestjs/common';
import { SyncItemStatus } from '@simsvc/contracts';
import { CATALOG_STORE, CatalogSyncItemEntity, InjectStoreDatabase, StoreDatabase } from '@simsvc/persistence';
import { EntityManager, FindOptionsWhere, In } from 'typeorm';
import { OPEN_STATUSES, SyncItemRecord } from './sync-item.record';

/** What a scan decided for one (manifest path, name, version); name and version are '' when the manifest gave none. */
export type SyncItemValues = Pick<
  SyncItemRecord,
  'manifestPath' | 'name' | 'version' | 'installationId' | 'status' | 'error' | 'manifest' | 'simulationId'
>;

export interface SyncItemFilter {
  status?: SyncItemStatus;
  installationId?: string;
}

const open = () => In([...OPEN_STATUSES]);
const SETTLED = ['approved', 'registered'];

/** Every statement on the automatic-registration queue. */
@Injectable()
export class SyncRepository {
  constructor(@InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase) {}

  /** The item of this manifest and (name, version) that already became a simulation, if any. */
  async findSettled(manager: EntityManager, manifestPath: string, name: string, version: string): Promise<SyncItemRecord | null> {
    return this.items(manager).findOneBy({ manifestPath, name, version, status: In(SETTLED) }) as Promise<SyncItemRecord | null>;
  }

  /**
   * Records the outcome for an item that is new or still open. Items already turned into
   * simulations (approved, registered) are never touched by a scan: that is what keeps a rescan
   * from queueing or registering the same manifest again.
   */
  async upsertOpen(manager: EntityManager, values: SyncItemValues, now: number): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(CatalogSyncItemEntity)
      .values({ ...values, discoveredAt: now, updatedAt: now })
      .orIgnore()
      .updateEntity(false)
      .execute();
    const { manifestPath, name, version, ...outcome } = values;
    await this.items(manager).update({ manifestPath, name, version, status: open() }, { ...outcome, updatedAt: now });
  }

  /** Drops the open items of a manifest other than the one for (name, version): the file changed. */
  async dropOtherOpen(manager: EntityManager, manifestPath: string, name: string, version: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .delete()
      .from(CatalogSyncItemEntity)
      .where('manifest_path = :manifestPath AND status IN (:...open) AND NOT (name = :name AND version = :version)', {
        manifestPath,
        open: OPEN_STATUSES,
        name,
        version,
      })
      .execute();
  }

  /** Drops the open items of a manifest that no longer exists. */
  async dropOpenOf(manifestPath: string): Promise<void> {
    await this.db.run((manager) => this.items(manager).delete({ manifestPath, status: open() }));
  }

  /** Manifest paths with open items (to find those whose file vanished). */
  async openManifestPaths(): Promise<string[]> {
    const rows = await this.db.run((manager) =>
      this.items(manager)
        .createQueryBuilder('i')
        .select('DISTINCT i.manifest_path', 'path')
        .where({ status: open() })
        .getRawMany<{ path: string }>(),
    );
    return rows.map((row) => row.path);
  }

  /**
   * Takes a pending item for approval with one conditional UPDATE (two approvals of one item
   * cannot both win); returns it, or null when it is not pending.
   */
  async claimPending(manager: EntityManager, id: number, now: number): Promise<SyncItemRecord | null> {
    const { affected } = await this.items(manager).update({ id, status: 'pending' }, { status: 'approved', error: null, updatedAt: now });
    if (!affected) return null;
    return this.items(manager).findOneBy({ id }) as Promise<SyncItemRecord | null>;
  }

  async settle(manager: EntityManager, id: number, simulationId: number): Promise<void> {
    await this.items(manager).update({ id }, { simulationId });
  }

  async markDuplicate(manager: EntityManager, id: number, error: string, now: number): Promise<void> {
    await this.items(manager).update({ id }, { status: 'duplicate', error, updatedAt: now });
  }

  async find(id: number): Promise<SyncItemRecord | null> {
    return this.db.run((manager) => this.items(manager).findOneBy({ id })) as Promise<SyncItemRecord | null>;
  }

  /** Open items, oldest discovery first (a queue), of one status and one installation when given. */
  async listOpen(filter: SyncItemFilter, limit: number, offset: number): Promise<{ records: SyncItemRecord[]; total: number }> {
    const where: FindOptionsWhere<CatalogSyncItemEntity> = { status: filter.status ?? open() };
    if (filter.installationId !== undefined) where.installationId = filter.installationId;
    const [records, total] = await this.db.run((manager) =>
      this.items(manager).findAndCount({ where, order: { discoveredAt: 'ASC', id: 'ASC' }, take: limit, skip: offset }),
    );
    return { records: records as SyncItemRecord[], total };
  }

  private items(manager: EntityManager) {
    return manager.getRepository(CatalogSyncItemEntity);
  }
}
