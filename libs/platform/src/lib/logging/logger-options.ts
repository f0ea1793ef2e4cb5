import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { ServiceConfig } from '../config/service-config';
import { assignRequestId } from '../http/request-id';

const QUIET_ROUTES = new Set(['/health', '/metrics']);

/** JSON logs, one line per request with its request id; session ids and passwords never logged. */
export function loggerOptions(config: ServiceConfig<unknown>): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      base: { service: config.service },
      genReqId: (request: IncomingMessage, response: ServerResponse) =>
        (request as IncomingMessage & { id?: string }).id ?? assignRequestId(request, response),
      autoLogging: { ignore: (request: IncomingMessage) => QUIET_ROUTES.has(request.url ?? '') },
      serializers: {
        req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: request.url }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
      redact: {
        paths: ['req.headers["x-session-id"]', 'req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
        censor: '[redacted]',
      },
    },
  };
}
