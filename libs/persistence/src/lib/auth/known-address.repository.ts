import { Injectable } from '@nestjs/common';
import { LessThanOrEqual, MoreThan } from 'typeorm';
import { InjectStoreDatabase } from '../database/database.module';
import { StoreDatabase } from '../database/store-database';
import { AUTH_STORE } from './auth.store';
import { KnownAddressEntity } from './known-address.entity';

/** Addresses that logged in successfully as a user, with the time of the latest such login. */
@Injectable()
export class KnownAddressRepository {
  constructor(@InjectStoreDatabase(AUTH_STORE) private readonly db: StoreDatabase) {}

  /** Whether `clientAddress` logged in as `subject` after `since` (microseconds). */
  isKnownSince(subject: string, clientAddress: string, since: number): Promise<boolean> {
    return this.db.run((manager) => manager.existsBy(KnownAddressEntity, { subject, clientAddress, lastLoginAt: MoreThan(since) }));
  }

  /** Records a successful login at `at`, the latest one winning. */
  async remember(subject: string, clientAddress: string, at: number): Promise<void> {
    await this.db.run((manager) =>
      manager.upsert(KnownAddressEntity, { subject, clientAddress, lastLoginAt: at }, ['subject', 'clientAddress']),
    );
  }

  deleteOlderThan(before: number): Promise<number> {
    return this.db.run(
      async (manager) => (await manager.delete(KnownAddressEntity, { lastLoginAt: LessThanOrEqual(before) })).affected ?? 0,
    );
  }
}
