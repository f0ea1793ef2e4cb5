import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { MAX_CACHE_KEY_LENGTH, NO_CONTROL_CHARACTERS } from '@simsvc/contracts';
import type { Request } from 'express';
import { CacheError, CacheErrorCode } from './cache.errors';

const PREFIX = '/cache/';

/**
 * The cache key of `/cache/{cache_key}`: everything after the prefix (slashes included),
 * percent-decoded exactly once, from the raw URL so that `%2F` and `/` both work.
 */
export const CacheKeyParam = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<Request>();
  const path = request.originalUrl.split('?', 1)[0];
  // Well-formed: malformed percent-encoding was refused before routing.
  const key = decodeURIComponent(path.slice(PREFIX.length));
  if (key.length === 0 || key.length > MAX_CACHE_KEY_LENGTH) {
    throw new CacheError(CacheErrorCode.InvalidKey, `cache_key must be 1 to ${MAX_CACHE_KEY_LENGTH} characters`);
  }
  if (!NO_CONTROL_CHARACTERS.test(key)) throw new CacheError(CacheErrorCode.InvalidKey, 'cache_key must not contain control characters');
  return key;
});
