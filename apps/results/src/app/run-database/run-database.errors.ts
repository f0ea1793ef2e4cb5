// Domain errors of run-database access. Messages never carry a server path: the client only
// ever sees the path it sent, or "run database".
import { ForbiddenException, NotFoundException, PayloadTooLargeException, UnprocessableEntityException } from '@nestjs/common';

export class RunDatabaseOutsideRootError extends ForbiddenException {
  constructor() {
    super('run_db_path is outside the runs root');
  }
}

export class RunDatabaseNotFoundError extends NotFoundException {
  constructor() {
    super('run database not found');
  }
}

/** The file exists but is not a readable sim2l run database; the reason names what is wrong. */
export class InvalidRunDatabaseError extends UnprocessableEntityException {
  constructor(reason: string, cause?: unknown) {
    super(reason, cause === undefined ? undefined : { cause });
  }
}

/** The run database holds more than the service agrees to load. */
export class RunDatabaseTooLargeError extends PayloadTooLargeException {
  constructor(reason: string) {
    super(reason);
  }
}

/** Reading the run database overran its deadline; the worker reading it was terminated. */
export class RunDatabaseTimeoutError extends UnprocessableEntityException {
  constructor() {
    super('run database took too long to read');
  }
}
