import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { MAX_CACHE_KEY_LENGTH, NO_CONTROL_CHARACTERS } from '@simsvc/contracts';
import type { Request } from 'express';
import { CacheError, CacheErrorCode } from './cache.errors';

const PREFIX = '/cache/';

/**
 * The cache key of `/cache/{cache_key}`: everything after the prefix (slashes included),
 * percent-decoded exactly once, from the raw URL so that `%2F` and `/` both work; CacheError
 * (400) when it is empty, too long or holds a control character.
 */
export function cacheKeyOf(request: Request): string {
  const path = request.originalUrl.split('?', 1)[0];
  // Well-formed: malformed percent-encoding was refused before routing.
  const key = decodeURIComponent(path.slice(PREFIX.length));
  if (key.length === 0 || key.length > MAX_CACHE_KEY_LENGTH) {
    throw new CacheError(CacheErrorCode.InvalidKey, `cache_key must be 1 to ${MAX_CACHE_KEY_LENGTH} characters`);
  }
  if (!NO_CONTROL_CHARACTERS.test(key)) throw new CacheError(CacheErrorCode.InvalidKey, 'cache_key must not contain control characters');
  return key;
}

export const CacheKeyParam = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  cacheKeyOf(context.switchToHttp().getRequest<Request>()),
);
