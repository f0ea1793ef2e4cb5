import { LoggerService } from '@nestjs/common';
import { Logger, PinoLogger } from 'nestjs-pino';
import { ServiceConfig } from '../config/service-config';
import { loggerOptions } from './logger-options';

/**
 * The service's JSON logger, built before the application so that start-up lines (a database
 * being retried, a store file open to others) are written at once. Nest's `bufferLogs` would
 * hold them until start-up succeeds, i.e. forever when it does not.
 */
export function serviceLogger(config: ServiceConfig<unknown>): LoggerService {
  const params = loggerOptions(config);
  return new Logger(new PinoLogger(params), params);
}
