import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorBody } from './error-body';

/** The error statuses of the contract (§1, §3–§6); a 500 is a server fault and not documented. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 422 | 429 | 503;

const MEANING: Record<ErrorStatus, string> = {
  400: 'invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem)',
  401: 'missing X-Session-ID header, invalid session, session expired or session revoked',
  403: 'the session lacks a privilege the operation needs (the message names it)',
  404: 'not found',
  409: 'conflict with the stored state',
  413: 'request body over 1 MiB',
  415: 'request body not application/json',
  416: 'Range not satisfiable',
  422: 'the request is well-formed but its content cannot be processed',
  429: 'too many requests; Retry-After says when to retry',
  503: 'database unavailable',
};

const RETRY_AFTER = { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer', minimum: 1 } } };

/** A status, or statuses with what they mean for this operation. */
export type ErrorEntry = ErrorStatus | Partial<Record<ErrorStatus, string>>;

function describedStatuses(entries: ErrorEntry[]): [ErrorStatus, string][] {
  return entries.flatMap((entry) =>
    typeof entry === 'number'
      ? [[entry, MEANING[entry]] as [ErrorStatus, string]]
      : Object.entries(entry).map(([status, meaning]) => [Number(status) as ErrorStatus, meaning as string] as [ErrorStatus, string]),
  );
}

/**
 * The error responses an operation can send, each with the shared error body:
 * `@ApiErrors(400, 401, 403, 503, { 404: 'result not found' })`.
 */
export function ApiErrors(...entries: ErrorEntry[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...describedStatuses(entries).map(([status, description]) =>
      ApiResponse({ status, description, type: ErrorBody, headers: status === 429 ? RETRY_AFTER : undefined }),
    ),
  );
}

/** ApiErrors of a HEAD operation: the same statuses, never a body. */
export function ApiHeadErrors(...entries: ErrorEntry[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...describedStatuses(entries).map(([status, description]) => ApiResponse({ status, description })));
}
