import { DynamicModule, Module } from '@nestjs/common';
import { RESULTS_STORE } from '@simsvc/persistence';
import { PlatformModule, ServiceConfig } from '@simsvc/platform';
import { ResultsConfig } from './results-config';
import { ResultsModule } from './results/results.module';

@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig<ResultsConfig>): DynamicModule {
    return { module: AppModule, imports: [PlatformModule.forService(config, RESULTS_STORE), ResultsModule] };
  }
}
