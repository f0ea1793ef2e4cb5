import { Module } from '@nestjs/common';
import { DatabaseModule, RESULTS_STORE } from '@simsvc/persistence';
import { MetricsModule } from '@simsvc/platform';
import { ExportColumnsRepository } from '../export/export-columns.repository';
import { RunDatabaseModule } from '../run-database/run-database.module';
import { ParameterFiguresRepository } from './parameter-figures.repository';
import { ParameterStatsCache } from './parameter-stats.cache';
import { ResultAggregateRepository } from './result-aggregate.repository';
import { ResultSearchRepository } from './result-search.repository';
import { ResultsController } from './results.controller';
import { ResultsMetrics } from './results.metrics';
import { ResultsRepository } from './results.repository';
import { ResultsService } from './results.service';
import { RunUploadsController } from '../uploads/run-uploads.controller';
import { RunUploadsService } from '../uploads/run-uploads.service';
import { BulkRegistrationService } from '../uploads/bulk-registration.service';
import { SearchCursors } from './search-cursor';
import { ResultsExportController } from '../export/results-export.controller';
import { ResultsExportService } from '../export/results-export.service';

@Module({
  imports: [
    DatabaseModule.forFeature(RESULTS_STORE, [
      ResultsRepository,
      ResultSearchRepository,
      ResultAggregateRepository,
      ParameterFiguresRepository,
      ExportColumnsRepository,
    ]),
    MetricsModule,
    RunDatabaseModule,
  ],
  controllers: [ResultsController, RunUploadsController, ResultsExportController],
  providers: [
    ResultsService,
    RunUploadsService,
    BulkRegistrationService,
    ParameterStatsCache,
    ResultsMetrics,
    SearchCursors,
    ResultsExportService,
  ],
})
export class ResultsModule {}
