import { DomainError } from '@simsvc/contracts';

export class ExecutionNotFound extends DomainError {
  readonly status = 404;
  constructor(executionId: string) {
    super(`execution ${executionId} not found`);
  }
}

/** The execution changed between the attempts of one record (it was deleted meanwhile). */
export class ExecutionChangedConcurrently extends DomainError {
  readonly status = 409;
  constructor(executionId: string) {
    super(`execution ${executionId} changed concurrently; retry`);
  }
}

export class ExecutionOfAnotherSimulation extends DomainError {
  readonly status = 409;
  constructor(executionId: string, owner: number | null, given: number | null) {
    super(`execution ${executionId} belongs to simulation ${owner}, not ${given}`);
  }
}

/** A state move the transition table refuses; `reason` from refusalReason. */
export class ExecutionMoveRefused extends DomainError {
  readonly status = 409;
  constructor(reason: string, executionId: string) {
    super(`${reason} (execution ${executionId})`);
  }
}

export class ExecutionTimesOutOfOrder extends DomainError {
  readonly status = 400;
  constructor() {
    super('completed_at must not be before started_at');
  }
}
