import { Body, Controller, Delete, Get, Head, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AnonymousReadable, CurrentSession, RequirePrivileges, SessionPrincipal } from '@simsvc/auth';
import {
  ApiErrors,
  ApiHeadErrors,
  CacheEntriesPage,
  CacheEntryResponse,
  CacheMissBody,
  CacheStatsResponse,
  InvalidateDto,
  InvalidateResponse,
  InvalidationsPage,
  ListEntriesQueryDto,
  MAX_CACHE_KEY_LENGTH,
  PageQueryDto,
  SimulationIdQueryDto,
  StoreEntryDto,
  StoreEntryResponse,
} from '@simsvc/contracts';
import type { Response } from 'express';
import { CacheKeyParam } from './cache-key.param';
import { CacheService } from './cache.service';

const CACHE_KEY_PARAM = {
  name: 'cache_key',
  description: 'may contain /; percent-encoding is decoded once',
  schema: { type: 'string', minLength: 1, maxLength: MAX_CACHE_KEY_LENGTH },
} as const;

@ApiTags('cache')
@Controller('cache')
export class CacheController {
  constructor(private readonly cache: CacheService) {}

  @Post()
  @HttpCode(200)
  @RequirePrivileges('write_cache')
  @ApiOperation({ summary: 'Store an entry (an existing key is replaced)' })
  @ApiOkResponse({ type: StoreEntryResponse })
  @ApiErrors(400, 401, 403, 413, 415, 503, {
    429: 'an anonymous session past its writes per minute (--anonymous-writes-per-minute); Retry-After',
  })
  store(@Body() entry: StoreEntryDto, @CurrentSession() session?: SessionPrincipal): Promise<StoreEntryResponse> {
    return this.cache.store(entry, session);
  }

  @Post('invalidate')
  @HttpCode(200)
  @RequirePrivileges('invalidate_cache')
  @ApiOperation({ summary: 'Remove the live entries matching every given selector' })
  @ApiOkResponse({ type: InvalidateResponse })
  @ApiErrors(401, 403, 413, 415, {
    400: 'no selector given, a pattern with more than 8 wildcards, or a field is invalid (details: one line per problem)',
    503: 'database unavailable, or "pattern too expensive" (its matching outran the time limit)',
  })
  invalidate(@Body() request: InvalidateDto, @CurrentSession() session?: SessionPrincipal): Promise<InvalidateResponse> {
    return this.cache.invalidate(request, session);
  }

  @Get('stats')
  @RequirePrivileges('read_cache')
  @AnonymousReadable()
  @ApiOperation({ summary: 'Hit/miss statistics, optionally of one simulation' })
  @ApiOkResponse({ type: CacheStatsResponse })
  @ApiErrors(400, 401, 403, 503)
  stats(@Query() query: SimulationIdQueryDto): Promise<CacheStatsResponse> {
    return this.cache.stats(query.simulation_id);
  }

  @Get('entries')
  @RequirePrivileges('read_cache')
  @ApiOperation({ summary: 'List live entries, newest first' })
  @ApiOkResponse({ type: CacheEntriesPage })
  @ApiErrors(401, 403, {
    400: 'a pattern with more than 8 wildcards, or a field is invalid',
    503: 'database unavailable, or "pattern too expensive" (its matching outran the time limit)',
  })
  entries(@Query() query: ListEntriesQueryDto): Promise<CacheEntriesPage> {
    return this.cache.entries(query);
  }

  @Get('invalidations')
  @RequirePrivileges('read_cache')
  @ApiOperation({ summary: 'Audit log of invalidations, newest first' })
  @ApiOkResponse({ type: InvalidationsPage })
  @ApiErrors(400, 401, 403, 503)
  invalidations(@Query() page: PageQueryDto): Promise<InvalidationsPage> {
    return this.cache.invalidations(page);
  }

  @Head('*cache_key')
  @RequirePrivileges('read_cache')
  @ApiParam(CACHE_KEY_PARAM)
  @ApiOperation({ summary: 'Whether a live entry exists (counts neither hit nor miss)' })
  @ApiResponse({ status: 200, description: 'a live entry exists (no body)' })
  @ApiHeadErrors(400, 401, 403, 503, { 404: 'no live entry (no body)' })
  async exists(@CacheKeyParam() cacheKey: string): Promise<void> {
    await this.cache.requireLive(cacheKey);
  }

  @Get('*cache_key')
  @RequirePrivileges('read_cache')
  @ApiParam(CACHE_KEY_PARAM)
  @ApiOperation({ summary: 'An entry: a hit, or a miss (404) attributed to ?simulation_id when given' })
  @ApiOkResponse({ type: CacheEntryResponse, description: 'the entry; its hit_count includes this hit' })
  @ApiNotFoundResponse({ type: CacheMissBody, description: 'cache miss' })
  @ApiErrors(400, 401, 403, 503)
  // Without a query string the request is answered before routing, by PlainGetMiddleware.
  async retrieve(
    @CacheKeyParam() cacheKey: string,
    @Query() query: SimulationIdQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const json = await this.cache.retrieve(cacheKey, query.simulation_id);
    response.type('json');
    return json;
  }

  @Delete('*cache_key')
  @RequirePrivileges('invalidate_cache')
  @ApiParam(CACHE_KEY_PARAM)
  @ApiOperation({ summary: 'Remove one entry (counts as one invalidation)' })
  @ApiOkResponse({ type: StoreEntryResponse })
  @ApiNotFoundResponse({ type: CacheMissBody, description: 'no live entry of that key (message "cache entry not found")' })
  @ApiErrors(400, 401, 403, 503)
  remove(@CacheKeyParam() cacheKey: string, @CurrentSession() session?: SessionPrincipal): Promise<StoreEntryResponse> {
    return this.cache.remove(cacheKey, session);
  }
}
