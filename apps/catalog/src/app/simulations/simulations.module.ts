import { Module } from '@nestjs/common';
import { SearchIndexMaintainer } from './search-index.maintainer';
import { SimulationsController } from './simulations.controller';
import { SimulationsRepository } from './simulations.repository';
import { SimulationsService } from './simulations.service';

@Module({
  controllers: [SimulationsController],
  providers: [SimulationsService, SimulationsRepository, SearchIndexMaintainer],
  exports: [SimulationsRepository],
})
export class SimulationsModule {}
