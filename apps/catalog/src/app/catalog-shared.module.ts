import { Global, Module } from '@nestjs/common';
import { createSqlExecutor } from '@simsvc/persistence';
import { SERVICE_DATA_SOURCE } from '@simsvc/platform';
import { DataSource } from 'typeorm';
import { CatalogMetrics } from './catalog.metrics';

/**
 * The one SqlExecutor of the catalog store, shared by every repository. On SQLite all
 * statements go through a single connection and the executor keeps other statements out of an
 * open transaction only among its own callers, so repositories must not each create their own.
 */
export const CATALOG_SQL = Symbol('CATALOG_SQL');

@Global()
@Module({
  providers: [
    CatalogMetrics,
    { provide: CATALOG_SQL, useFactory: (dataSource: DataSource) => createSqlExecutor(dataSource), inject: [SERVICE_DATA_SOURCE] },
  ],
  exports: [CatalogMetrics, CATALOG_SQL],
})
export class CatalogSharedModule {}
