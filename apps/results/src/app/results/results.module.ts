import { Module } from '@nestjs/common';
import { RunDatabaseModule } from '../run-database/run-database.module';
import { ParameterStatsCache } from './parameter-stats.cache';
import { ResultsController } from './results.controller';
import { ResultsMetrics } from './results.metrics';
import { ResultsRepository } from './results.repository';
import { ResultsService } from './results.service';

@Module({
  imports: [RunDatabaseModule],
  controllers: [ResultsController],
  providers: [ResultsService, ResultsRepository, ParameterStatsCache, ResultsMetrics],
})
export class ResultsModule {}
