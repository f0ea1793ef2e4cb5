import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsRegistry } from './metrics.registry';

/** /metrics and the one MetricsRegistry of the service; a feature module with metrics of its own imports it. */
@Module({
  controllers: [MetricsController],
  providers: [MetricsRegistry],
  exports: [MetricsRegistry],
})
export class MetricsModule {}
