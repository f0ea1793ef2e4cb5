import { Module } from '@nestjs/common';
import { ResultsController } from './results.controller';
import { ResultsMetrics } from './results.metrics';
import { ResultsRepository } from './results.repository';
import { ResultsService } from './results.service';
import { SearchReader } from './search-reader';

@Module({
  controllers: [ResultsController],
  providers: [ResultsService, ResultsRepository, SearchReader, ResultsMetrics],
})
export class ResultsModule {}
