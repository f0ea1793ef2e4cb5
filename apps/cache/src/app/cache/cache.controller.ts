import { Body, Controller, Delete, Get, Head, HttpCode, NotFoundException, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentSession, RequirePrivileges, SessionPrincipal } from '@simsvc/auth';
import {
  CacheEntriesPage,
  CacheEntryResponse,
  CacheStatsResponse,
  InvalidateDto,
  InvalidateResponse,
  InvalidationsPage,
  ListEntriesQueryDto,
  PageQueryDto,
  SimulationIdQueryDto,
  StoreEntryDto,
  StoreEntryResponse,
} from '@simsvc/contracts';
import { CacheKeyParam } from './cache-key.param';
import { CacheService } from './cache.service';

@ApiTags('cache')
@Controller('cache')
export class CacheController {
  constructor(private readonly cache: CacheService) {}

  @Post()
  @HttpCode(200)
  @RequirePrivileges('write_cache')
  @ApiOperation({ summary: 'Store an entry (an existing key is replaced)' })
  store(@Body() entry: StoreEntryDto): Promise<StoreEntryResponse> {
    return this.cache.store(entry);
  }

  @Post('invalidate')
  @HttpCode(200)
  @RequirePrivileges('invalidate_cache')
  @ApiOperation({ summary: 'Remove the live entries matching every given selector' })
  invalidate(@Body() request: InvalidateDto, @CurrentSession() session?: SessionPrincipal): Promise<InvalidateResponse> {
    return this.cache.invalidate(request, session);
  }

  @Get('stats')
  @RequirePrivileges('read_cache')
  @ApiOperation({ summary: 'Hit/miss statistics, optionally of one simulation' })
  stats(@Query() query: SimulationIdQueryDto): Promise<CacheStatsResponse> {
    return this.cache.stats(query.simulation_id);
  }

  @Get('entries')
  @RequirePrivileges('read_cache')
  @ApiOperation({ summary: 'List live entries, newest first' })
  entries(@Query() query: ListEntriesQueryDto): Promise<CacheEntriesPage> {
    return this.cache.entries(query);
  }

  @Get('invalidations')
  @RequirePrivileges('read_cache')
  @ApiOperation({ summary: 'Audit log of invalidations, newest first' })
  invalidations(@Query() page: PageQueryDto): Promise<InvalidationsPage> {
    return this.cache.invalidations(page);
  }

  @Head('*cache_key')
  @RequirePrivileges('read_cache')
  @ApiParam({ name: 'cache_key', description: 'may contain /' })
  @ApiOperation({ summary: 'Whether a live entry exists (counts neither hit nor miss)' })
  async exists(@CacheKeyParam() cacheKey: string): Promise<void> {
    if (!(await this.cache.exists(cacheKey))) throw new NotFoundException();
  }

  @Get('*cache_key')
  @RequirePrivileges('read_cache')
  @ApiParam({ name: 'cache_key', description: 'may contain /' })
  @ApiOkResponse({ description: 'the entry; its hit_count includes this hit' })
  @ApiNotFoundResponse({ description: '{statusCode: 404, error: "Not Found", message: "cache miss", cache_key}' })
  retrieve(@CacheKeyParam() cacheKey: string, @Query() query: SimulationIdQueryDto): Promise<CacheEntryResponse> {
    return this.cache.retrieve(cacheKey, query.simulation_id);
  }

  @Delete('*cache_key')
  @RequirePrivileges('invalidate_cache')
  @ApiParam({ name: 'cache_key', description: 'may contain /' })
  @ApiOperation({ summary: 'Remove one entry (counts as one invalidation)' })
  remove(@CacheKeyParam() cacheKey: string, @CurrentSession() session?: SessionPrincipal): Promise<StoreEntryResponse> {
    return this.cache.remove(cacheKey, session);
  }
}
