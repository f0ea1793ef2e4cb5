import { Module } from '@nestjs/common';
import { ParameterStatsCache } from './parameter-stats.cache';
import { ResultsController } from './results.controller';
import { ResultsMetrics } from './results.metrics';
import { ResultsRepository } from './results.repository';
import { ResultsService } from './results.service';

@Module({
  controllers: [ResultsController],
  providers: [ResultsService, ResultsRepository, ParameterStatsCache, ResultsMetrics],
})
export class ResultsModule {}
