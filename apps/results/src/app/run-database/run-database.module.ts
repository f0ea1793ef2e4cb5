import { Module } from '@nestjs/common';
import { RunDatabaseReader } from './run-database.reader';

/** The run-database reader, one per service: its worker threads and private copies are shared. */
@Module({
  providers: [{ provide: RunDatabaseReader, useFactory: () => new RunDatabaseReader() }],
  exports: [RunDatabaseReader],
})
export class RunDatabaseModule {}
