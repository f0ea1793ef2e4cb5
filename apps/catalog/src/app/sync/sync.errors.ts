import { DomainError, SyncErrorCode } from '@simsvc/contracts';

export { SyncErrorCode };

export class SyncError extends DomainError<SyncErrorCode> {}
