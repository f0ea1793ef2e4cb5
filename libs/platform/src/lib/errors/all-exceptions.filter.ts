import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable } from '@simsvc/persistence';
import { DomainError, ErrorBody } from '@simsvc/contracts';
import { answerAndLinger } from '../http/unread-body';
import { errorBody } from './error-body.factory';
import { statusOfCode } from './error-status';
import { RequestRefused } from './request-refused';

/**
 * Turns every failure into the contract's error body: a DomainError by its code's status in
 * ERROR_STATUS, Nest's own HTTP exceptions (an unknown route, a failed validation pipe) by
 * theirs. Nothing internal (stack, SQL, file paths) reaches the client: unexpected errors are
 * logged and answered with a bare 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request & { id?: string }>();
    const response = http.getResponse<Response>();
    const body = this.toBody(exception, request.id);
    if (response.headersSent) return;
    if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    // Refused before routing while the client is still writing its body (see unread-body.ts).
    if (exception instanceof RequestRefused && exception.linger) return answerAndLinger(request, response, body);
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, requestId: string | undefined): ErrorBody {
    if (exception instanceof HttpException) return fromHttpException(exception);
    if (exception instanceof RequestRefused) return errorBody(statusOfCode(exception.code), exception.message);
    if (exception instanceof DomainError) return fromDomainError(exception);
    // The one failure of the database itself a request can meet anywhere; rules the database
    // enforces (a unique key, a foreign key) are translated by the repository that met them.
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ requestId, msg: `database unavailable: ${(exception as Error).message}` });
      return errorBody(HttpStatus.SERVICE_UNAVAILABLE, 'database unavailable');
    }
    this.logger.error({ requestId, msg: exception instanceof Error ? (exception.stack ?? exception.message) : String(exception) });
    return errorBody(HttpStatus.INTERNAL_SERVER_ERROR, 'internal server error');
  }
}

function fromHttpException(exception: HttpException): ErrorBody {
  const status = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'string') return withDetails(status, response, {});
  const { message, details, statusCode: _statusCode, error: _error, ...extra } = response as Record<string, unknown>;
  if (Array.isArray(details)) return errorBody(status, String(message), { ...extra, details: details.map(String) });
  if (Array.isArray(message)) return errorBody(status, String(message[0]), { ...extra, details: message.map(String) });
  return withDetails(status, typeof message === 'string' ? message : exception.message, extra);
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
