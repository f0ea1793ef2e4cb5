import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable, isUniqueViolation } from '@simsvc/persistence';
import { DomainError, ErrorBody } from '@simsvc/contracts';
import { errorBody } from './error-body.factory';

/**
 * Turns every failure into the contract's error body. Nothing internal (stack, SQL, file paths)
 * reaches the client: unexpected errors are logged and answered with a bare 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const body = this.toBody(exception, http.getRequest<Request & { id?: string }>().id);
    if (response.headersSent) return;
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, requestId: string | undefined): ErrorBody {
    if (exception instanceof HttpException) return fromHttpException(exception);
    if (exception instanceof DomainError) return fromDomainError(exception);
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ requestId, msg: `database unavailable: ${(exception as Error).message}` });
      return errorBody(HttpStatus.SERVICE_UNAVAILABLE, 'database unavailable');
    }
    if (isUniqueViolation(exception)) return errorBody(HttpStatus.CONFLICT, 'already exists');
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
  if (error.details) return errorBody(error.status, error.message, { ...error.extra, details: [...error.details] });
  return withDetails(error.status, error.message, { ...error.extra });
}

/** Every 400 is a validation failure of some kind, so it always lists what failed. */
function withDetails(status: number, message: string, extra: Record<string, unknown>): ErrorBody {
  return errorBody(status, message, status === HttpStatus.BAD_REQUEST ? { ...extra, details: [message] } : extra);
}
