import { LoggerService } from '@nestjs/common';
import { Logger, PinoLogger } from 'nestjs-pino';
import { ServiceConfig } from '../config/service-config';
import { loggerOptions } from './logger-options';

/**
 * Nest's own start-up lines: the application starting, every module wired and every route mapped
 * (~45 lines a service). They say nothing an operator acts on, so they are written at debug
 * (`--log-level debug` shows them).
 */
const START_UP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

class ServiceLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && START_UP_CONTEXTS.has(context)) super.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }
}

/**
 * The service's JSON logger, built before the application so that start-up lines (a database
 * being retried, a store file open to others) are written at once. Nest's `bufferLogs` would
 * hold them until start-up succeeds, i.e. forever when it does not.
 */
export function serviceLogger(config: ServiceConfig<unknown>): LoggerService {
  const params = loggerOptions(config);
  return new ServiceLogger(new PinoLogger(params), params);
}
