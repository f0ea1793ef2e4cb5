import { Module } from '@nestjs/common';
import { RegisterDirectDto, RegisterResultDto } from '@simsvc/contracts';
import { nulCheckedByDto } from '@simsvc/platform';
import { RunDatabaseModule } from '../run-database/run-database.module';
import { ParameterStatsCache } from './parameter-stats.cache';
import { ResultsController } from './results.controller';
import { ResultsMetrics } from './results.metrics';
import { ResultsService } from './results.service';
import { RunUploadsController } from '../uploads/run-uploads.controller';
import { RunUploadsService } from '../uploads/run-uploads.service';
import { BulkRegistrationService } from '../uploads/bulk-registration.service';
import { SearchCursors } from './search-cursor';
import { ResultsExportController } from '../export/results-export.controller';
import { ResultsExportService } from '../export/results-export.service';

// Their own rules keep U+0000 in values and metadata (stored as JSON text) and refuse it in names.
nulCheckedByDto(RegisterDirectDto, RegisterResultDto);

@Module({
  imports: [RunDatabaseModule],
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
