import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseConfig } from './database-config';
import { dataSourceOptions, StoreDefinition } from './data-source-options';
import { openDataSource } from './open-data-source';

/**
 * One TypeORM data source per store (a service's own database, the shared auth store), opened
 * with retry and migrated at start-up. Inject it with `@InjectDataSource(store.name)`.
 */
@Module({})
export class DatabaseModule {
  static forStore(config: DatabaseConfig, store: StoreDefinition): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          name: store.name,
          useFactory: () => dataSourceOptions(config, store),
          dataSourceFactory: (options) => openDataSource(store.name, options!),
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
