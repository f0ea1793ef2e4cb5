import { Module } from '@nestjs/common';
import { CATALOG_STORE, DatabaseModule } from '@simsvc/persistence';
import { CatalogMetricsModule } from '../catalog-metrics.module';
import { ExecutionsController } from './executions.controller';
import { ExecutionsRepository } from './executions.repository';
import { ExecutionsService } from './executions.service';

@Module({
  imports: [DatabaseModule.forFeature(CATALOG_STORE, [ExecutionsRepository]), CatalogMetricsModule],
  controllers: [ExecutionsController],
  providers: [ExecutionsService],
})
export class ExecutionsModule {}
