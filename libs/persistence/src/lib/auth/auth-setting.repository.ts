import { Injectable } from '@nestjs/common';
import { InjectStoreDatabase } from '../database/database.module';
import { StoreDatabase } from '../database/store-database';
import { AuthSettingEntity } from './auth-setting.entity';
import { AUTH_STORE } from './auth.store';

@Injectable()
export class AuthSettingRepository {
  constructor(@InjectStoreDatabase(AUTH_STORE) private readonly db: StoreDatabase) {}

  /**
   * Stores `value` unless the setting exists, then returns the stored value: replicas starting
   * together each propose one and all end up with the same.
   */
  getOrInsert(name: string, value: string): Promise<string> {
    return this.db.run(async (manager) => {
      await manager.createQueryBuilder().insert().into(AuthSettingEntity).values({ name, value }).orIgnore().execute();
      return (await manager.findOneByOrFail(AuthSettingEntity, { name })).value;
    });
  }
}
