import type { Params } from 'nestjs-pino';
import pino from 'pino';
import { ServiceConfig } from '../config/service-config';

/**
 * Nest's own logs as JSON through pino; passwords and tokens never logged. Request lines are
 * written by observeRequests, so nestjs-pino's per-request middleware is mounted on no route.
 *
 * Standard output is written asynchronously: a line is handed to the kernel after the response,
 * and lines logged while a write is in flight go out together in the next one, instead of one
 * blocking write per request (~8 µs of CPU per request on a cache hit). pino flushes what is
 * pending when the process exits (its exit hook writes it synchronously), on a crash included;
 * only a SIGKILL can lose the lines of the write in flight.
 */
let standardOutput: pino.DestinationStream | undefined;

/** One asynchronous writer of standard output for the process, so that its lines keep their order. */
const asyncStandardOutput = (): pino.DestinationStream => (standardOutput ??= pino.destination({ dest: 1, sync: false }));

export function loggerOptions(config: ServiceConfig<unknown>): Params {
  const options = {
    level: config.logLevel,
    base: { service: config.service },
    redact: { paths: ['*.password', '*.token'], censor: '[redacted]' },
  };
  const destination = config.logDestination ?? asyncStandardOutput();
  return { pinoHttp: [options, destination], forRoutes: [] };
}
