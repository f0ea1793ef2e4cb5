import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { actorName, CurrentSession, RequirePrivileges, SessionPrincipal } from '@simsvc/auth';
import { ApiErrors, InstallationListResponse, InstallationResponse, PageQueryDto, RegisterInstallationDto } from '@simsvc/contracts';
import type { Response } from 'express';
import { InstallationsService } from './installations.service';

@ApiTags('installations')
@Controller('installations')
export class InstallationsController {
  constructor(private readonly installations: InstallationsService) {}

  @Post()
  @RequirePrivileges('record_execution')
  @ApiOperation({ summary: 'A sim2l installation reports itself (its CatalogClient does at start-up): 201 when new, 200 when known' })
  @ApiCreatedResponse({ type: InstallationResponse, description: 'first report of this installation' })
  @ApiOkResponse({ type: InstallationResponse, description: 'a later report; what it says replaces the earlier report' })
  @ApiErrors(400, 401, 403, 413, 415, 503)
  async report(
    @Body() body: RegisterInstallationDto,
    @CurrentSession() session: SessionPrincipal | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<InstallationResponse> {
    const outcome = await this.installations.report(body, actorName(session));
    response.status(outcome.created ? 201 : 200);
    return outcome.installation;
  }

  @Get()
  @RequirePrivileges('admin')
  @ApiOperation({ summary: 'Installations that reported, most recently seen first' })
  @ApiOkResponse({ type: InstallationListResponse })
  @ApiErrors(400, 401, 403, 503)
  list(@Query() page: PageQueryDto): Promise<InstallationListResponse> {
    return this.installations.list(page);
  }
}
