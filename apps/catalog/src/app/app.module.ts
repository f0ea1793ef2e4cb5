import { DynamicModule, Module } from '@nestjs/common';
import { CATALOG_STORE } from '@simsvc/persistence';
import { PlatformModule, ServiceConfig } from '@simsvc/platform';
import { CatalogConfig } from './catalog-config';
import { ExecutionsModule } from './executions/executions.module';
import { InstallationsModule } from './installations/installations.module';
import { SimulationsModule } from './simulations/simulations.module';
import { SyncModule } from './sync/sync.module';

@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig<CatalogConfig>): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService(config, CATALOG_STORE), SimulationsModule, ExecutionsModule, SyncModule, InstallationsModule],
    };
  }
}
