import { DomainError, UploadErrorCode } from '@simsvc/contracts';

export { UploadErrorCode };

/** Run databases uploaded (POST /runs) and downloaded (GET /results/{id}/run-database), NDJSON bodies. */
export class UploadError extends DomainError<UploadErrorCode> {}

// The messages thrown from more than one place.
export const uploadTooLarge = (maxBytes: number): UploadError =>
  new UploadError(UploadErrorCode.TooLarge, `run database upload exceeds ${maxBytes} bytes (--max-upload-bytes)`);
export const uploadIncomplete = (): UploadError =>
  new UploadError(UploadErrorCode.Incomplete, 'run database upload ended before its body was complete');
/** A name of the run database that cannot be a directory or file name under the runs root. */
export const unsafeUploadName = (field: string, pattern: string): UploadError =>
  new UploadError(UploadErrorCode.UnsafeName, `${field} of the run database must match ${pattern} to be stored`);
export const runDatabaseNotStored = (): UploadError =>
  new UploadError(UploadErrorCode.RunDatabaseNotStored, 'the result has no run database stored in the runs root');
export const tooManyLines = (what: string): UploadError =>
  new UploadError(UploadErrorCode.TooManyLines, `application/x-ndjson body ${what}`);
