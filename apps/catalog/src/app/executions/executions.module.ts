import { Module } from '@nestjs/common';
import { ExecutionsController } from './executions.controller';
import { ExecutionsRepository } from './executions.repository';
import { ExecutionsService } from './executions.service';

@Module({
  controllers: [ExecutionsController],
  providers: [ExecutionsService, ExecutionsRepository],
})
export class ExecutionsModule {}
