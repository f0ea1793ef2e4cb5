import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { RequirePrivileges } from '@simsvc/auth';
import { ExecutionResponse, ListExecutionsQueryDto, RecordExecutionDto, SimulationStatsResponse } from '@simsvc/contracts';
import type { Response } from 'express';
import { IdParam } from '../simulations/simulation-params';
import { pageBody } from '../simulations/simulations.controller';
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
  @ApiNotFoundResponse({ description: 'unknown simulation_id' })
  @ApiConflictResponse({ description: 'a move backwards or out of a final state' })
  async record(@Body() body: RecordExecutionDto, @Res({ passthrough: true }) response: Response): Promise<ExecutionResponse> {
    const outcome = await this.executions.record(body);
    response.status(outcome.created ? 201 : 200);
    return outcome.execution;
  }

  @Get('executions/:execution_id')
  @RequirePrivileges('read_catalog')
  @ApiOkResponse({ type: ExecutionResponse })
  @ApiNotFoundResponse({ description: 'no such execution' })
  get(@Param('execution_id', ExecutionIdPipe) executionId: string): Promise<ExecutionResponse> {
    return this.executions.get(executionId);
  }

  @Get('simulations/:id/executions')
  @RequirePrivileges('read_catalog')
  @ApiParam({ name: 'id', type: Number })
  @ApiOperation({ summary: 'Executions of a simulation, newest first; X-Total-Count' })
  @ApiOkResponse({ type: [ExecutionResponse] })
  async list(
    @IdParam('simulation id') id: number,
    @Query() query: ListExecutionsQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ExecutionResponse[]> {
    return pageBody(response, await this.executions.list(id, query));
  }

  @Get('simulations/:id/stats')
  @RequirePrivileges('read_catalog')
  @ApiParam({ name: 'id', type: Number })
  @ApiOperation({ summary: 'Execution statistics of a simulation' })
  @ApiOkResponse({ type: SimulationStatsResponse })
  @ApiNotFoundResponse({ description: 'unknown simulation id' })
  stats(@IdParam('simulation id') id: number): Promise<SimulationStatsResponse> {
    return this.executions.stats(id);
  }
}
