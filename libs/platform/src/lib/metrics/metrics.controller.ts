import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@simsvc/auth';
import type { Response } from 'express';
import { MetricsRegistry } from './metrics.registry';

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsRegistry) {}

  @Get()
  @Public()
  @Header('Cache-Control', 'no-store')
  async scrape(@Res() response: Response): Promise<void> {
    response.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
