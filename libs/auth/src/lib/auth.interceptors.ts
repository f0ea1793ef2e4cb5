import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';

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
