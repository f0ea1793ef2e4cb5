import { DomainError } from '@simsvc/contracts';

export class SyncItemNotFound extends DomainError {
  readonly status = 404;
  constructor(id: number) {
    super(`sync item ${id} not found`);
  }
}

export class SyncItemNotPending extends DomainError {
  readonly status = 409;
  constructor(id: number, status: string) {
    super(`sync item ${id} is ${status}, not pending`);
  }
}

export class AutomaticRegistrationOff extends DomainError {
  readonly status = 409;
  constructor() {
    super('automatic registration is off: start the service with --watch-dir');
  }
}
