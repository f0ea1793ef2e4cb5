import { HttpStatus } from '@nestjs/common';
import { DomainError } from '@simsvc/contracts';

// The auth module's rules a request can break. The guard keeps HTTP exceptions only for the
// shape of the request itself (no X-Session-ID header).

/** A token that is malformed, wrongly signed, of no session the store knows, or a login session gone. */
export class InvalidSession extends DomainError {
  readonly status = HttpStatus.UNAUTHORIZED;

  constructor() {
    super('invalid session');
  }
}

/** A token past its `exp`, or a session past the longest lifetime it may reach. */
export class SessionExpired extends DomainError {
  readonly status = HttpStatus.UNAUTHORIZED;

  constructor() {
    super('session expired');
  }
}

/** A session logged out, or ended by a change to its user. */
export class SessionRevoked extends DomainError {
  readonly status = HttpStatus.UNAUTHORIZED;

  constructor() {
    super('session revoked');
  }
}

/** The same answer for an unknown user, a wrong password and a disabled user. */
export class InvalidCredentials extends DomainError {
  readonly status = HttpStatus.UNAUTHORIZED;

  constructor() {
    super('invalid username or password');
  }
}

/** The caller's session lacks a privilege the route, or a privilege asked for, needs. */
export class MissingPrivilege extends DomainError {
  readonly status = HttpStatus.FORBIDDEN;

  constructor(privilege: string) {
    super(`missing privilege ${privilege}`);
  }
}

export class AnonymousSessionsDisabled extends DomainError {
  readonly status = HttpStatus.FORBIDDEN;

  constructor() {
    super('anonymous sessions are disabled');
  }
}

export class UnknownPrivilege extends DomainError {
  readonly status = HttpStatus.BAD_REQUEST;

  constructor(privilege: string) {
    super(`unknown privilege ${privilege}`);
  }
}

/** A session lifetime outside (0, maxHours]; `what` names the field. */
export class LifetimeOutOfRange extends DomainError {
  readonly status = HttpStatus.BAD_REQUEST;

  constructor(what: string, maxHours: number) {
    super(`${what} must be greater than 0 and at most ${maxHours}`);
  }
}

/** With --no-auth every request acts as one principal that has no session. */
export class NoSessionToRefresh extends DomainError {
  readonly status = HttpStatus.BAD_REQUEST;

  constructor() {
    super('authentication is disabled; there is no session to refresh');
  }
}

/** The name anonymous tokens carry as their subject. */
export class ReservedUsername extends DomainError {
  readonly status = HttpStatus.BAD_REQUEST;

  constructor(username: string) {
    super(`username ${username} is reserved`);
  }
}

/** Usernames are unique regardless of case. */
export class UserExists extends DomainError {
  readonly status = HttpStatus.CONFLICT;

  constructor() {
    super('username already exists');
  }
}

export class UserNotFound extends DomainError {
  readonly status = HttpStatus.NOT_FOUND;

  constructor() {
    super('user not found');
  }
}

/** A change that would leave the store without an enabled admin. */
export class LastEnabledAdmin extends DomainError {
  readonly status = HttpStatus.CONFLICT;

  constructor() {
    super('the last enabled admin cannot be demoted, disabled or deleted');
  }
}
