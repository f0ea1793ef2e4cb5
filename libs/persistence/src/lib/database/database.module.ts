import { DynamicModule, Inject, Module, Provider, Type } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DatabaseConfig } from './database-config';
import { dataSourceOptions, StoreDefinition } from './data-source-options';
import { openDataSource } from './open-data-source';
import { StoreDatabase } from './store-database';

/** The injection token of a store's StoreDatabase. */
export const storeDatabaseToken = (store: Pick<StoreDefinition, 'name'>): string => `simsvc:store-database:${store.name}`;

/** Injects the StoreDatabase of `store` (a repository's constructor parameter). */
export const InjectStoreDatabase = (store: Pick<StoreDefinition, 'name'>): ParameterDecorator & PropertyDecorator =>
  Inject(storeDatabaseToken(store));

/**
 * One TypeORM data source per store (a service's own database, the shared auth store), opened
 * with retry and migrated at start-up, with its StoreDatabase and the store's repositories
 * (`@Injectable()` classes taking `@InjectStoreDatabase(store)`).
 * openDataSource does all the retrying: @nestjs/typeorm's own retry (10 attempts, 3 s apart, each
 * around ours) is turned off, or an unreachable server would hold start-up for minutes.
 */
@Module({})
export class DatabaseModule {
  static forStore(config: DatabaseConfig, store: StoreDefinition, repositories: readonly Type[] = []): DynamicModule {
    const storeDatabase: Provider = {
      provide: storeDatabaseToken(store),
      inject: [getDataSourceToken(store.name)],
      useFactory: (dataSource: DataSource) => new StoreDatabase(dataSource),
    };
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          name: store.name,
          useFactory: () => ({ ...dataSourceOptions(config, store), toRetry: () => false }),
          dataSourceFactory: (options) => openDataSource(store.name, options!, config.startupTimeoutSeconds, store.ownerOnlyFile),
        }),
      ],
      providers: [storeDatabase, ...repositories],
      exports: [TypeOrmModule, storeDatabase, ...repositories],
    };
  }
}
