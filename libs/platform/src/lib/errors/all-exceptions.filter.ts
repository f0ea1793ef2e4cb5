import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable } from '@simsvc/persistence';
import { DomainError, ErrorBody } from '@simsvc/contracts';
import { answerJson } from '../http/json-answer';
import { answerAndLinger } from '../http/unread-body';
import { errorBody } from './error-body.factory';
import { statusOfCode } from './error-status';
import { RequestRefused } from './request-refused';

/**
 * Turns every failure into the contract's error body: a DomainError (every error simsvc's own
 * code raises, pipes, guard and middleware included) by its code's status in ERROR_STATUS.
 * Nothing internal (stack, SQL, file paths) reaches the client: unexpected errors are logged and
 * answered with a bare 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    answerFailure(exception, http.getRequest<Request>(), http.getResponse<Response>());
  }
}

const logger = new Logger('Errors');

/**
 * What the global filter answers for `exception`. Also called directly by a route answered in
 * front of Nest's router (the cache's plain GET and store): passed to Express's `next`, an error
 * is matched against every route after it on its way to Nest's error handler (path-to-regexp's
 * match alone 4.5 µs of a SQLite cache miss's profile;
 * docs/benchmarks/2026-11-28-request-path-9.md).
 */
export function answerFailure(exception: unknown, request: Request, response: Response): void {
  const body = toBody(exception, (request as { id?: string }).id);
  if (response.headersSent) return;
  if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
    response.setHeader('Retry-After', String(exception.retryAfterSeconds));
  }
  // Refused before routing while the client is still writing its body (see unread-body.ts).
  if (exception instanceof RequestRefused && exception.linger) return answerAndLinger(request, response, body);
  answerJson(response, JSON.stringify(body), body.statusCode);
}

function toBody(exception: unknown, requestId: string | undefined): ErrorBody {
  // Only Nest itself raises HttpExceptions here: the 404 of an unknown route, and whatever its
  // own router or body handling refuses; simsvc's code raises DomainErrors only.
  if (exception instanceof HttpException) return fromHttpException(exception);
  if (exception instanceof RequestRefused) return fromRequestRefused(exception);
  if (exception instanceof DomainError) return fromDomainError(exception);
  // The one failure of the database itself a request can meet anywhere; rules the database
  // enforces (a unique key, a foreign key) are translated by the repository that met them.
  if (isDatabaseUnavailable(exception)) {
    logger.warn({ requestId, msg: `database unavailable: ${(exception as Error).message}` });
    return errorBody(HttpStatus.SERVICE_UNAVAILABLE, 'database unavailable');
  }
  logger.error({ requestId, msg: exception instanceof Error ? (exception.stack ?? exception.message) : String(exception) });
  return errorBody(HttpStatus.INTERNAL_SERVER_ERROR, 'internal server error');
}

function fromHttpException(exception: HttpException): ErrorBody {
  const response = exception.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  return withDetails(exception.getStatus(), typeof message === 'string' ? message : exception.message, {});
}

/** Refusals before routing carry no `details` (not validation failures); the validation pipe's do. */
function fromRequestRefused(refused: RequestRefused): ErrorBody {
  const status = statusOfCode(refused.code);
  return errorBody(status, refused.message, refused.details ? { details: [...refused.details] } : {});
}

function fromDomainError(error: DomainError): ErrorBody {
  const status = statusOfCode(error.code);
  if (error.details) return errorBody(status, error.message, { ...error.extra, details: [...error.details] });
  return withDetails(status, error.message, { ...error.extra });
}

/** Every 400 after routing is a validation failure of some kind, so it always lists what failed. */
function withDetails(status: number, message: string, extra: Record<string, unknown>): ErrorBody {
  return errorBody(status, message, status === HttpStatus.BAD_REQUEST ? { ...extra, details: [message] } : extra);
}
