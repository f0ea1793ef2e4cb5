import { DynamicModule, Module } from '@nestjs/common';
import { RESULTS_STORE } from '@simsvc/persistence';
import { PlatformModule, ServiceConfig } from '@simsvc/platform';
import { ResultsConfig } from './results-config';
import { ExportColumnsRepository } from './export/export-columns.repository';
import { ParameterFiguresRepository } from './results/parameter-figures.repository';
import { ResultAggregateRepository } from './results/result-aggregate.repository';
import { ResultSearchRepository } from './results/result-search.repository';
import { ResultsModule } from './results/results.module';
import { ResultsRepository } from './results/results.repository';

/** The results store's repositories, provided with its StoreDatabase (DatabaseModule.forStore). */
const REPOSITORIES = [
  ResultsRepository,
  ResultSearchRepository,
  ResultAggregateRepository,
  ParameterFiguresRepository,
  ExportColumnsRepository,
];

@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig<ResultsConfig>): DynamicModule {
    return { module: AppModule, imports: [PlatformModule.forService(config, RESULTS_STORE, REPOSITORIES), ResultsModule] };
  }
}
