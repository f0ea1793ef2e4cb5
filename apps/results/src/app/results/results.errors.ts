// Domain errors of results: each message is built here, once.
import { DomainError } from '@simsvc/contracts';

export class ResultNotFound extends DomainError {
  readonly status = 404;

  constructor() {
    super('result not found');
  }
}

/** Malformed search filters: every reason, each once, the first as the message. */
export class InvalidSearch extends DomainError {
  readonly status = 400;
  override readonly details: readonly string[];

  constructor(reasons: readonly string[]) {
    super(reasons[0]);
    this.details = reasons;
  }
}

/** GET /stats given both `class` and `param_class`, differing. */
export class ParameterClassConflict extends DomainError {
  readonly status = 400;

  constructor() {
    super('class and param_class disagree; give one of them');
  }
}

/** A search cursor this service did not sign (tampered, truncated, made up). */
export class InvalidCursor extends DomainError {
  readonly status = 400;

  constructor() {
    super('cursor is not valid');
  }
}

/** A genuine cursor sent with other filters or another order than the search it came from. */
export class CursorOfAnotherSearch extends DomainError {
  readonly status = 400;

  constructor() {
    super('cursor belongs to another search (filters or order_by differ)');
  }
}

/** Both paging styles in one search. */
export class CursorWithOffset extends DomainError {
  readonly status = 400;

  constructor() {
    super('send cursor or offset, not both');
  }
}
