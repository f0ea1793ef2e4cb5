import { DynamicModule, Inject, Module, Provider, Type } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { availableParallelism } from 'node:os';
import { DatabaseConfig } from './database-config';
import { dataSourceOptions, StoreDefinition } from './data-source-options';
import { openDataSource } from './open-data-source';
import { SnapshotReader } from './snapshot-reader';
import { StoreDatabase } from './store-database';

/** The injection token of a store's StoreDatabase. */
export const storeDatabaseToken = (store: Pick<StoreDefinition, 'name'>): string => `simsvc:store-database:${store.name}`;

/** The injection token of a store's SnapshotReader (a repository takes it as `SnapshotReader`, see forFeature). */
export const snapshotReaderToken = (store: Pick<StoreDefinition, 'name'>): string => `simsvc:snapshot-reader:${store.name}`;

/** Injects the StoreDatabase of `store` (a repository's constructor parameter). */
export const InjectStoreDatabase = (store: Pick<StoreDefinition, 'name'>): ParameterDecorator & PropertyDecorator =>
  Inject(storeDatabaseToken(store));

/**
 * A store's database for the modules that use it, declared the way TypeOrmModule does:
 * - `forStore(config, store)`, once per store (the service's own in PlatformModule, the auth
 *   store in AuthModule): one TypeORM data source, opened with retry and migrated at start-up,
 *   with the store's StoreDatabase and SnapshotReader. Like TypeORM's data source, these two are
 *   reachable from every module, so that each feature module can declare its repositories;
 * - `forFeature(store, repositories)`, in each feature module: its repositories of that store
 *   (`@Injectable()` classes taking `@InjectStoreDatabase(store)` and, for reads off the main
 *   thread, `SnapshotReader`), exported to the module that imports it. A repository is declared
 *   in one feature module; other modules import that module.
 * openDataSource does all the retrying: @nestjs/typeorm's own retry (10 attempts, 3 s apart, each
 * around ours) is turned off, or an unreachable server would hold start-up for minutes.
 */
@Module({})
export class DatabaseModule {
  static forStore(config: DatabaseConfig, store: StoreDefinition): DynamicModule {
    const storeDatabase: Provider = {
      provide: storeDatabaseToken(store),
      inject: [getDataSourceToken(store.name)],
      useFactory: (dataSource: DataSource) => new StoreDatabase(dataSource),
    };
    const snapshotReader: Provider = {
      provide: snapshotReaderToken(store),
      inject: [getDataSourceToken(store.name)],
      useFactory: (dataSource: DataSource) =>
        new SnapshotReader(dataSource, config.path, store.sqliteReadWorkers?.(availableParallelism())),
    };
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          name: store.name,
          useFactory: () => ({ ...dataSourceOptions(config, store), toRetry: () => false }),
          dataSourceFactory: (options) => openDataSource(store.name, options!, config.startupTimeoutSeconds, store.ownerOnlyFile),
        }),
      ],
      providers: [storeDatabase, snapshotReader],
      exports: [storeDatabase, snapshotReader],
    };
  }

  static forFeature(store: Pick<StoreDefinition, 'name'>, repositories: readonly Type[]): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [{ provide: SnapshotReader, useExisting: snapshotReaderToken(store) }, ...repositories],
      exports: [...repositories],
    };
  }
}
