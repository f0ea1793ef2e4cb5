import { Global, Module } from '@nestjs/common';
import { CatalogMetrics } from './catalog.metrics';

@Global()
@Module({
  providers: [CatalogMetrics],
  exports: [CatalogMetrics],
})
export class CatalogSharedModule {}
