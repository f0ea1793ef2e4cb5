import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseConfig } from './database-config';
import { dataSourceOptions, StoreDefinition } from './data-source-options';
import { openDataSource } from './open-data-source';

/**
 * One TypeORM data source per store (a service's own database, the shared auth store), opened
 * with retry and migrated at start-up. Inject it with `@InjectDataSource(store.name)`.
 * openDataSource does all the retrying: @nestjs/typeorm's own retry (10 attempts, 3 s apart, each
 * around ours) is turned off, or an unreachable server would hold start-up for minutes.
 */
@Module({})
export class DatabaseModule {
  static forStore(config: DatabaseConfig, store: StoreDefinition): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          name: store.name,
          useFactory: () => ({ ...dataSourceOptions(config, store), toRetry: () => false }),
          dataSourceFactory: (options) => openDataSource(store.name, options!, config.startupTimeoutSeconds),
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
