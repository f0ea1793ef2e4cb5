import { Module } from '@nestjs/common';
import { SERVICE_CONFIG, type ServiceConfig } from '@simsvc/platform';
import type { ResultsConfig } from '../results-config';
import { RunDatabaseReader } from './run-database.reader';

/** The run-database reader, one per service: its worker processes and private copies are shared. */
@Module({
  providers: [
    {
      provide: RunDatabaseReader,
      inject: [SERVICE_CONFIG],
      useFactory: (config: ServiceConfig<ResultsConfig>) => new RunDatabaseReader({ maxFileBytes: config.extra.maxRunDbBytes }),
    },
  ],
  exports: [RunDatabaseReader],
})
export class RunDatabaseModule {}
