import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { catchError, Observable, throwError } from 'rxjs';
import { RetryLater } from './retry-later.error';

/** Puts `Retry-After` on a 429 or 503 of RetryLater (the shared error filter writes only the body). */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof RetryLater) {
          context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(error.retryAfterSeconds));
        }
        return throwError(() => error);
      }),
    );
  }
}

/**
 * For endpoints whose body fields are all optional: no body at all means `{}`. Interceptors run
 * before pipes, so the global validation pipe then sees an object.
 */
@Injectable()
export class OptionalBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.body === undefined || request.body === null) request.body = {};
    return next.handle();
  }
}
