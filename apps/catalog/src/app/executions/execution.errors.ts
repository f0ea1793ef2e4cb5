import { DomainError, ExecutionErrorCode } from '@simsvc/contracts';

export { ExecutionErrorCode };

export class ExecutionError extends DomainError<ExecutionErrorCode> {}
