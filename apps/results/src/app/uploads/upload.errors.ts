// Domain errors of run databases uploaded (POST /runs) and downloaded (GET /results/{id}/run-database).
import { DomainError } from '@simsvc/contracts';

export class UploadTooLarge extends DomainError {
  readonly status = 413;

  constructor(maxBytes: number) {
    super(`run database upload exceeds ${maxBytes} bytes (--max-upload-bytes)`);
  }
}

export class UploadIncomplete extends DomainError {
  readonly status = 400;

  constructor() {
    super('run database upload ended before its body was complete');
  }
}

/** A name of the run database that cannot be a directory or file name under the runs root. */
export class UnsafeUploadName extends DomainError {
  readonly status = 422;

  constructor(field: string, pattern: string) {
    super(`${field} of the run database must match ${pattern} to be stored`);
  }
}

export class RunDatabaseNotStored extends DomainError {
  readonly status = 404;

  constructor() {
    super('the result has no run database stored in the runs root');
  }
}

export class RangeNotSatisfiable extends DomainError {
  readonly status = 416;

  constructor() {
    super('requested range is not satisfiable');
  }
}
