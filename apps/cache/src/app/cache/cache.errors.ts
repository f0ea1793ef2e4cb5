import { CacheErrorCode, DomainError } from '@simsvc/contracts';

export { CacheErrorCode };

export class CacheError extends DomainError<CacheErrorCode> {}
