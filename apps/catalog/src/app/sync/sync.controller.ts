import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePrivileges } from '@simsvc/auth';
import {
  ApiErrors,
  ApproveSyncItemResponse,
  ListSyncItemsQueryDto,
  SyncItemResponse,
  SyncScanResponse,
  SyncStatusResponse,
} from '@simsvc/contracts';
import type { Response } from 'express';
import { ApiIdParam, IdParam } from '../simulations/simulation-params';
import { pageBody, TOTAL_COUNT_API } from '../simulations/simulations.controller';
import { SyncService } from './sync.service';
import { invalidSyncItemId } from './sync.errors';

@ApiTags('sync')
@Controller('sync')
export class SyncController {
  constructor(private readonly sync: SyncService) {}

  @Get('pending')
  // Not read_catalog (contract §5), which anonymous sessions hold: the queue shows what lies in
  // the server's watch directory and why each manifest failed. update_catalog is what approving
  // needs, so whoever may act on the queue may see it.
  @RequirePrivileges('update_catalog')
  @ApiOperation({
    summary:
      'Manifests found in the watch directory and not registered: pending, invalid or duplicate (oldest first); X-Total-Count. Needs update_catalog',
  })
  @ApiOkResponse({ type: [SyncItemResponse], headers: TOTAL_COUNT_API })
  @ApiErrors(400, 401, 403, 503)
  async pending(@Query() query: ListSyncItemsQueryDto, @Res({ passthrough: true }) response: Response): Promise<SyncItemResponse[]> {
    return pageBody(response, await this.sync.pending(query));
  }

  @Get('status')
  @RequirePrivileges('update_catalog')
  @ApiOperation({ summary: 'Whether the service watches a directory for manifests, and how. Needs update_catalog' })
  @ApiOkResponse({ type: SyncStatusResponse })
  @ApiErrors(400, 401, 403, 503)
  status(): SyncStatusResponse {
    return this.sync.status();
  }

  @Post('scan')
  @HttpCode(200)
  @RequirePrivileges('update_catalog')
  @ApiOperation({ summary: 'Scan the watch directory now' })
  @ApiOkResponse({ type: SyncScanResponse })
  @ApiErrors(400, 401, 403, 413, 415, 503, { 409: 'no --watch-dir configured' })
  scan(): Promise<SyncScanResponse> {
    return this.sync.scan();
  }

  @Post(':id/approve')
  @HttpCode(200)
  @RequirePrivileges('update_catalog')
  @ApiIdParam('sync item id')
  @ApiOperation({ summary: 'Register a pending manifest' })
  @ApiOkResponse({ type: ApproveSyncItemResponse })
  @ApiErrors(400, 401, 403, 413, 415, 503, {
    404: 'no such item',
    409: 'the item is not pending, or its (name, version) is registered already',
  })
  approve(@IdParam('sync item id', 'id', invalidSyncItemId) id: number): Promise<ApproveSyncItemResponse> {
    return this.sync.approve(id);
  }
}
