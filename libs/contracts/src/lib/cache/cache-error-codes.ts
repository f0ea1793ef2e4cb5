// The cache module's error codes; their statuses are in libs/platform (error-status.ts).
export enum CacheErrorCode {
  /** GET of a key with no live entry (the miss is counted). */
  Miss = 'CACHE_MISS',
  /** A cache key in the path that no entry can have (empty, too long, control characters). */
  InvalidKey = 'CACHE_INVALID_KEY',
  /** DELETE or HEAD of a key with no live entry. */
  EntryNotFound = 'CACHE_ENTRY_NOT_FOUND',
  /** An invalidation must select by something: it never removes every entry. */
  NoInvalidationSelector = 'CACHE_NO_INVALIDATION_SELECTOR',
  /** A key pattern with more wildcards than matching is bounded for. */
  TooManyPatternWildcards = 'CACHE_TOO_MANY_PATTERN_WILDCARDS',
  /** A key pattern whose matching outran the statement time limit (PostgreSQL). */
  PatternTooExpensive = 'CACHE_PATTERN_TOO_EXPENSIVE',
  /** An anonymous session past its writes per minute (Retry-After). */
  AnonymousWritesLimited = 'CACHE_ANONYMOUS_WRITES_LIMITED',
}
