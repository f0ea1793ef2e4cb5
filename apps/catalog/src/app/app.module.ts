import { DynamicModule, Module } from '@nestjs/common';
import { CATALOG_STORE } from '@simsvc/persistence';
import { PlatformModule, ServiceConfig } from '@simsvc/platform';
import { CatalogConfig } from './catalog-config';
import { CatalogSharedModule } from './catalog-shared.module';
import { ExecutionsRepository } from './executions/executions.repository';
import { InstallationsRepository } from './installations/installations.repository';
import { SearchIndexRepository } from './simulations/search-index.repository';
import { SimulationPagesRepository } from './simulations/simulation-pages.repository';
import { SimulationsRepository } from './simulations/simulations.repository';
import { SyncRepository } from './sync/sync.repository';
import { ExecutionsModule } from './executions/executions.module';
import { InstallationsModule } from './installations/installations.module';
import { SimulationsModule } from './simulations/simulations.module';
import { SyncModule } from './sync/sync.module';

/** The repositories of the catalog store (provided with its StoreDatabase by DatabaseModule.forStore). */
const CATALOG_REPOSITORIES = [
  SimulationsRepository,
  SearchIndexRepository,
  SimulationPagesRepository,
  ExecutionsRepository,
  SyncRepository,
  InstallationsRepository,
];

@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig<CatalogConfig>): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService(config, CATALOG_STORE, CATALOG_REPOSITORIES),
        CatalogSharedModule,
        SimulationsModule,
        ExecutionsModule,
        SyncModule,
        InstallationsModule,
      ],
    };
  }
}
