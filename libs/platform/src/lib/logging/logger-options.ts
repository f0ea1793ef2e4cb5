import type { Params } from 'nestjs-pino';
import pino from 'pino';
import { ServiceConfig } from '../config/service-config';
import { bufferedStandardOutput } from './buffered-standard-output';

/**
 * Nest's own logs as JSON through pino; passwords and tokens never logged. Request lines are
 * written by observeRequests, so nestjs-pino's per-request middleware is mounted on no route.
 * Standard output is written in batches from the event loop (buffered-standard-output.ts).
 */
let standardOutput: pino.DestinationStream | undefined;

/** One writer of standard output for the process, so that its lines keep their order. */
const sharedStandardOutput = (): pino.DestinationStream => (standardOutput ??= bufferedStandardOutput());

export function loggerOptions(config: ServiceConfig<unknown>): Params {
  const options = {
    level: config.logLevel,
    base: { service: config.service },
    redact: { paths: ['*.password', '*.token'], censor: '[redacted]' },
  };
  const destination = config.logDestination ?? sharedStandardOutput();
  return { pinoHttp: [options, destination], forRoutes: [] };
}
