import { Module } from '@nestjs/common';
import { CATALOG_STORE, DatabaseModule } from '@simsvc/persistence';
import { CatalogMetricsModule } from '../catalog-metrics.module';
import { SearchIndexMaintainer } from './search-index.maintainer';
import { SearchIndexRepository } from './search-index.repository';
import { SimulationPagesRepository } from './simulation-pages.repository';
import { SimulationsController } from './simulations.controller';
import { SimulationsRepository } from './simulations.repository';
import { SimulationsService } from './simulations.service';

/** Exported: sync registers the simulations its manifests name (a registration updates the search index). */
const SIMULATIONS = DatabaseModule.forFeature(CATALOG_STORE, [SimulationsRepository, SearchIndexRepository]);

@Module({
  imports: [SIMULATIONS, DatabaseModule.forFeature(CATALOG_STORE, [SimulationPagesRepository]), CatalogMetricsModule],
  controllers: [SimulationsController],
  providers: [SimulationsService, SearchIndexMaintainer],
  exports: [SimulationsService, SIMULATIONS],
})
export class SimulationsModule {}
