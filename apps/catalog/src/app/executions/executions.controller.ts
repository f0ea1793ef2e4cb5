import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AnonymousReadable, RequirePrivileges } from '@simsvc/auth';
import {
  ApiErrors,
  ExecutionResponse,
  IDENTIFIER_PATTERN,
  ListExecutionsQueryDto,
  RecordExecutionDto,
  SimulationStatsResponse,
} from '@simsvc/contracts';
import type { Response } from 'express';
import { ApiIdParam, IdParam } from '../simulations/simulation-params';
import { pageBody, TOTAL_COUNT_API } from '../simulations/simulations.controller';
import { ExecutionIdPipe } from './execution-id.pipe';
import { ExecutionsService } from './executions.service';

@ApiTags('executions')
@Controller()
export class ExecutionsController {
  constructor(private readonly executions: ExecutionsService) {}

  @Post('executions')
  @RequirePrivileges('record_execution')
  @ApiOperation({ summary: 'Record an execution (201) or move an existing one forward (200); `success` is taken as `completed`' })
  @ApiCreatedResponse({ type: ExecutionResponse, description: 'a new execution' })
  @ApiOkResponse({ type: ExecutionResponse, description: 'an existing execution moved to the state (or already in it)' })
  @ApiErrors(400, 401, 403, 413, 415, 503, { 404: 'unknown simulation_id', 409: 'a move backwards or out of a final state' })
  async record(@Body() body: RecordExecutionDto, @Res({ passthrough: true }) response: Response): Promise<ExecutionResponse> {
    const outcome = await this.executions.record(body);
    response.status(outcome.created ? 201 : 200);
    return outcome.execution;
  }

  @Get('executions/:execution_id')
  @RequirePrivileges('read_catalog')
  @ApiParam({ name: 'execution_id', schema: { type: 'string', pattern: IDENTIFIER_PATTERN.source } })
  @ApiOperation({ summary: 'One execution' })
  @ApiOkResponse({ type: ExecutionResponse })
  @ApiErrors(400, 401, 403, 503, { 404: 'no such execution' })
  get(@Param('execution_id', ExecutionIdPipe) executionId: string): Promise<ExecutionResponse> {
    return this.executions.get(executionId);
  }

  @Get('simulations/:id/executions')
  @RequirePrivileges('read_catalog')
  @ApiIdParam('simulation id')
  @ApiOperation({ summary: 'Executions of a simulation, newest first; X-Total-Count' })
  @ApiOkResponse({ type: [ExecutionResponse], headers: TOTAL_COUNT_API })
  @ApiErrors(400, 401, 403, 503, { 404: 'unknown simulation id' })
  async list(
    @IdParam('simulation id') id: number,
    @Query() query: ListExecutionsQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ExecutionResponse[]> {
    return pageBody(response, await this.executions.list(id, query));
  }

  @Get('simulations/:id/stats')
  @RequirePrivileges('read_catalog')
  @AnonymousReadable()
  @ApiIdParam('simulation id')
  @ApiOperation({ summary: 'Execution statistics of a simulation; an unknown id has zero counts and null durations' })
  @ApiOkResponse({ type: SimulationStatsResponse })
  @ApiErrors(400, 401, 403, 503)
  stats(@IdParam('simulation id') id: number): Promise<SimulationStatsResponse> {
    return this.executions.stats(id);
  }
}
