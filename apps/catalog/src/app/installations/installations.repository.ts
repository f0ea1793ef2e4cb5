import { Injectable } from '@nestjs/common';
import { CATALOG_STORE, CatalogInstallationEntity, InjectStoreDatabase, StoreDatabase } from '@simsvc/persistence';
import { InstallationRecord } from './installation.record';

export type InstallationValues = Omit<InstallationRecord, 'firstSeenAt' | 'lastSeenAt'>;

@Injectable()
export class InstallationsRepository {
  constructor(@InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase) {}

  /**
   * A report replaces what the installation said before and keeps when it was first seen; a
   * first report has first_seen_at = last_seen_at = now. The row is read back in the upsert's
   * transaction, so it is this report's.
   */
  async report(values: InstallationValues, now: number): Promise<InstallationRecord> {
    return this.db.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(CatalogInstallationEntity)
        .values({ ...values, firstSeenAt: now, lastSeenAt: now })
        .orUpdate(['hostname', 'platform', 'python_version', 'sim2l_version', 'reported_by', 'last_seen_at'], ['installation_id'])
        .updateEntity(false)
        .execute();
      return manager.getRepository(CatalogInstallationEntity).findOneByOrFail({ installationId: values.installationId });
    });
  }

  /** Most recently seen first. */
  async list(limit: number, offset: number): Promise<{ records: InstallationRecord[]; total: number }> {
    const [records, total] = await this.db.run((manager) =>
      manager
        .getRepository(CatalogInstallationEntity)
        .findAndCount({ order: { lastSeenAt: 'DESC', installationId: 'ASC' }, take: limit, skip: offset }),
    );
    return { records, total };
  }
}
