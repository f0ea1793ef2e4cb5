import { HttpStatus } from '@nestjs/common';
import { DomainError } from '@simsvc/contracts';

/** GET of a key with no live entry (the miss is counted). */
export class CacheMiss extends DomainError {
  readonly status = HttpStatus.NOT_FOUND;
  override readonly extra: Readonly<Record<string, unknown>>;

  constructor(cacheKey: string) {
    super('cache miss');
    this.extra = { cache_key: cacheKey };
  }
}

/** DELETE of a key with no live entry. */
export class CacheEntryNotFound extends DomainError {
  readonly status = HttpStatus.NOT_FOUND;
  override readonly extra: Readonly<Record<string, unknown>>;

  constructor(cacheKey: string) {
    super('cache entry not found');
    this.extra = { cache_key: cacheKey };
  }
}

/** An invalidation must select by something: it never removes every entry. */
export class NoInvalidationSelector extends DomainError {
  readonly status = HttpStatus.BAD_REQUEST;

  constructor() {
    super('give at least one of simulation_id, simulation_name, simulation_version, pattern');
  }
}

/** A key pattern with more wildcards than matching is bounded for. */
export class TooManyPatternWildcards extends DomainError {
  readonly status = HttpStatus.BAD_REQUEST;

  constructor(found: number, limit: number) {
    super(`pattern has ${found} wildcards (* or %); at most ${limit} are allowed`);
  }
}

/** A key pattern whose matching outran the statement time limit (PostgreSQL). */
export class PatternTooExpensive extends DomainError {
  readonly status = HttpStatus.SERVICE_UNAVAILABLE;

  constructor() {
    super('pattern too expensive');
  }
}
