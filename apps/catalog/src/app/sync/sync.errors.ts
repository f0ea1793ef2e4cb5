import { DomainError, SyncErrorCode } from '@simsvc/contracts';

export { SyncErrorCode };

export class SyncError extends DomainError<SyncErrorCode> {}

/** A sync item id in the path that no item can have (IdParam's refusal for sync items). */
export const invalidSyncItemId = (message: string): SyncError => new SyncError(SyncErrorCode.InvalidItemId, message);
