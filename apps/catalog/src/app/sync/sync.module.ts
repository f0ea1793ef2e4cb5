import { Module } from '@nestjs/common';
import { CATALOG_STORE, DatabaseModule } from '@simsvc/persistence';
import { CatalogMetricsModule } from '../catalog-metrics.module';
import { SimulationsModule } from '../simulations/simulations.module';
import { ManifestProcessor } from './manifest-processor';
import { ManifestWatcher } from './manifest-watcher';
import { SyncController } from './sync.controller';
import { SyncRepository } from './sync.repository';
import { SyncService } from './sync.service';

@Module({
  imports: [DatabaseModule.forFeature(CATALOG_STORE, [SyncRepository]), SimulationsModule, CatalogMetricsModule],
  controllers: [SyncController],
  providers: [SyncService, ManifestProcessor, ManifestWatcher],
})
export class SyncModule {}
