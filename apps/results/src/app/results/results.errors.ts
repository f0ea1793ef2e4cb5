import { DomainError, ResultErrorCode } from '@simsvc/contracts';

export { ResultErrorCode };

export class ResultError extends DomainError<ResultErrorCode> {}

// The messages thrown from more than one place.
export const resultNotFound = (): ResultError => new ResultError(ResultErrorCode.NotFound, 'result not found');
/** A search cursor this service did not sign (tampered, truncated, made up). */
export const invalidCursor = (): ResultError => new ResultError(ResultErrorCode.InvalidCursor, 'cursor is not valid');
