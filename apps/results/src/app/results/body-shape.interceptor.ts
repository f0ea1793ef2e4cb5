import { BadRequestException, CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { MAX_VALUE_NESTING } from '@simsvc/contracts';
import type { Request } from 'express';
import { Observable } from 'rxjs';

/** Room above a value's own nesting for the body, the field and a filter's operator and array. */
export const MAX_BODY_NESTING = MAX_VALUE_NESTING + 8;

/**
 * Refuses, before the global validation pipe sees it, a body that pipe would mishandle:
 * - nested deeper than any valid request: the pipe walks bodies recursively, so a 1 MiB body of
 *   `[[[[…]]]]` would overflow the stack there (a 500);
 * - with a key `__proto__` anywhere: the pipe deletes such keys to prevent prototype pollution,
 *   which would silently drop a parameter or a filter of that name.
 * Runs after the session guard, so 401/403 still come first.
 */
@Injectable()
export class BodyShapeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const problem = bodyProblem(context.switchToHttp().getRequest<Request>().body);
    if (problem) throw new BadRequestException({ message: problem, details: [problem] });
    return next.handle();
  }
}

export function bodyProblem(body: unknown): string | undefined {
  const pending: [unknown, number][] = [[body, 0]];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [node, depth] = item;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_BODY_NESTING) return `request body is nested more than ${MAX_BODY_NESTING} levels deep`;
    if (!Array.isArray(node) && Object.hasOwn(node, '__proto__')) return 'request body must not use __proto__ as a key';
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return undefined;
}
