// Domain errors of run-database access. Messages never carry a server path: the client only
// ever sees the path it sent, or "run database".
import { HttpStatus } from '@nestjs/common';
import { RetryLater } from '@simsvc/auth';
import { DomainError } from '@simsvc/contracts';

export class RunDatabaseOutsideRoot extends DomainError {
  readonly status = 403;

  constructor() {
    super('run_db_path is outside the runs root');
  }
}

export class RunDatabaseNotFound extends DomainError {
  readonly status = 404;

  constructor() {
    super('run database not found');
  }
}

/** The file exists but is not a readable sim2l run database; the reason names what is wrong. */
export class InvalidRunDatabase extends DomainError {
  readonly status = 422;

  constructor(reason: string, cause?: unknown) {
    super(reason);
    if (cause !== undefined) this.cause = cause;
  }
}

/** The run database holds more than the service agrees to load. */
export class RunDatabaseTooLarge extends DomainError {
  readonly status = 413;
}

/** Reading the run database overran its deadline; the worker reading it was terminated. */
export class RunDatabaseTimeout extends DomainError {
  readonly status = 422;

  constructor() {
    super('run database took too long to read');
  }
}

/** No worker came free for the read before its deadline, or too many reads wait already. */
export class RunDatabaseReadersBusy extends RetryLater {
  constructor(retryAfterMs: number) {
    super('run database readers are busy; retry later', retryAfterMs * 1000, HttpStatus.SERVICE_UNAVAILABLE);
  }
}

/** The client's address has as many reads waiting or running as one address may. */
export class TooManyRunDatabaseReads extends RetryLater {
  constructor(perAddress: number, retryAfterMs: number) {
    super(
      `too many run databases being read for this address; at most ${perAddress} at once`,
      retryAfterMs * 1000,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
