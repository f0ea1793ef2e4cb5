import type { Params } from 'nestjs-pino';
import { ServiceConfig } from '../config/service-config';

/**
 * Nest's own logs as JSON through pino; passwords and tokens never logged. Request lines are
 * written by observeRequests, so nestjs-pino's per-request middleware is mounted on no route.
 */
export function loggerOptions(config: ServiceConfig<unknown>): Params {
  const options = {
    level: config.logLevel,
    base: { service: config.service },
    redact: { paths: ['*.password', '*.token'], censor: '[redacted]' },
  };
  return { pinoHttp: config.logDestination ? [options, config.logDestination] : options, forRoutes: [] };
}
