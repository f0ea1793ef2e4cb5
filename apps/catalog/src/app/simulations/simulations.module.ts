import { Module } from '@nestjs/common';
import { SearchIndexMaintainer } from './search-index.maintainer';
import { SimulationsController } from './simulations.controller';
import { SimulationsService } from './simulations.service';

@Module({
  controllers: [SimulationsController],
  providers: [SimulationsService, SearchIndexMaintainer],
  exports: [SimulationsService],
})
export class SimulationsModule {}
