import { Module } from '@nestjs/common';
import { MetricsModule } from '@simsvc/platform';
import { CatalogMetrics } from './catalog.metrics';

/** The catalog's metrics, shared by the modules that count what they do. */
@Module({
  imports: [MetricsModule],
  providers: [CatalogMetrics],
  exports: [CatalogMetrics],
})
export class CatalogMetricsModule {}
