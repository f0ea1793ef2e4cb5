import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@simsvc/auth';
import { HealthyResponse, UnhealthyResponse } from '@simsvc/contracts';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, SERVICE_DATA_SOURCE } from '../platform.tokens';
import { ServiceConfig } from '../config/service-config';

const PING_TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(SERVICE_DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Whether the service and its database answer' })
  @ApiOkResponse({ type: HealthyResponse, description: 'the service and its database answer' })
  @ApiServiceUnavailableResponse({ type: UnhealthyResponse, description: 'the database does not answer within 2 s' })
  async health(@Res() response: Response): Promise<void> {
    const report = { service: this.config.service, backend: this.config.database.backend };
    if (await this.databaseAnswers()) {
      response.status(HttpStatus.OK).json({ status: 'healthy', ...report });
    } else {
      response.status(HttpStatus.SERVICE_UNAVAILABLE).json({ status: 'unhealthy', ...report, error: 'database unreachable' });
    }
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)));
    const ping = this.dataSource.query('SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
