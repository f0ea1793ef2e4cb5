import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequirePrivileges } from '@simsvc/auth';
import { ApproveSyncItemResponse, ListSyncItemsQueryDto, SyncItemResponse, SyncScanResponse } from '@simsvc/contracts';
import type { Response } from 'express';
import { IdParam } from '../simulations/simulation-params';
import { pageBody } from '../simulations/simulations.controller';
import { SyncService } from './sync.service';

@ApiTags('sync')
@Controller('sync')
export class SyncController {
  constructor(private readonly sync: SyncService) {}

  @Get('pending')
  @RequirePrivileges('read_catalog')
  @ApiOperation({
    summary: 'Manifests found in the watch directory and not registered: pending, invalid or duplicate (oldest first); X-Total-Count',
  })
  @ApiOkResponse({ type: [SyncItemResponse] })
  async pending(@Query() query: ListSyncItemsQueryDto, @Res({ passthrough: true }) response: Response): Promise<SyncItemResponse[]> {
    return pageBody(response, await this.sync.pending(query));
  }

  @Post('scan')
  @HttpCode(200)
  @RequirePrivileges('update_catalog')
  @ApiOperation({ summary: 'Scan the watch directory now' })
  @ApiOkResponse({ type: SyncScanResponse })
  @ApiConflictResponse({ description: 'no --watch-dir configured' })
  scan(): Promise<SyncScanResponse> {
    return this.sync.scan();
  }

  @Post(':id/approve')
  @HttpCode(200)
  @RequirePrivileges('update_catalog')
  @ApiParam({ name: 'id', type: Number })
  @ApiOperation({ summary: 'Register a pending manifest' })
  @ApiOkResponse({ type: ApproveSyncItemResponse })
  @ApiNotFoundResponse({ description: 'no such item' })
  @ApiConflictResponse({ description: 'the item is not pending, or its (name, version) is registered already' })
  approve(@IdParam('sync item id') id: number): Promise<ApproveSyncItemResponse> {
    return this.sync.approve(id);
  }
}
