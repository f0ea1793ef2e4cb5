import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { RequirePrivileges } from '@simsvc/auth';
import {
  DeleteResultResponse,
  ParameterStatsQueryDto,
  ParameterStatsResponse,
  RegisterDirectDto,
  RegisterResultDto,
  RegisterResultResponse,
  ResultResponse,
  SearchResultsDto,
  SearchResultsResponse,
} from '@simsvc/contracts';
import { ExecutionIdPipe, ResultNamePipe } from './result-path.pipes';
import { ResultsService } from './results.service';

@ApiTags('results')
@Controller()
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Post('register')
  @HttpCode(200)
  @RequirePrivileges('write_results')
  @ApiOperation({
    summary: 'Register a finished run by introspecting its run database (read-only, below the runs root)',
    description: 'An execution_id registered already is updated in place: same result_id, values read again.',
  })
  @ApiForbiddenResponse({ description: 'run_db_path resolves outside the runs root' })
  @ApiNotFoundResponse({ description: 'run database not found' })
  @ApiUnprocessableEntityResponse({ description: 'not a sim2l run database, or one of another execution' })
  register(@Body() request: RegisterResultDto): Promise<RegisterResultResponse> {
    return this.results.register(request);
  }

  @Post('register_direct')
  @HttpCode(200)
  @RequirePrivileges('write_results')
  @ApiOperation({
    summary: 'Register a result given inline; the schema is inferred from the values',
    description: 'replace: true updates a result registered already in place (same result_id).',
  })
  @ApiConflictResponse({ description: 'execution_id already registered and replace is not true' })
  registerDirect(@Body() request: RegisterDirectDto): Promise<RegisterResultResponse> {
    return this.results.registerDirect(request);
  }

  @Post('search')
  @HttpCode(200)
  @RequirePrivileges('read_results')
  @ApiOperation({ summary: 'Results of a simulation, or of all without simulation_name, matching input and output filters, newest first' })
  search(@Body() request: SearchResultsDto): Promise<SearchResultsResponse> {
    return this.results.search(request);
  }

  @Get('results/:execution_id')
  @RequirePrivileges('read_results')
  @ApiOperation({ summary: 'One result' })
  @ApiNotFoundResponse({ description: 'result not found' })
  find(@Param('execution_id', ExecutionIdPipe) executionId: string): Promise<ResultResponse> {
    return this.results.find(executionId);
  }

  @Delete('results/:execution_id')
  @RequirePrivileges('write_results')
  @ApiOperation({ summary: 'Delete one result' })
  @ApiNotFoundResponse({ description: 'result not found' })
  remove(@Param('execution_id', ExecutionIdPipe) executionId: string): Promise<DeleteResultResponse> {
    return this.results.remove(executionId);
  }

  @Get('stats/:simulation_name/:param_name')
  @RequirePrivileges('read_results')
  @ApiOperation({
    summary: 'count, mean, min and max of the numeric values of one parameter across the runs of a simulation',
    description: 'A simulation or parameter without values gives count 0 and the rest null.',
  })
  stats(
    @Param('simulation_name', new ResultNamePipe('simulation_name')) simulationName: string,
    @Param('param_name', new ResultNamePipe('param_name')) paramName: string,
    @Query() query: ParameterStatsQueryDto,
  ): Promise<ParameterStatsResponse> {
    return this.results.stats(simulationName, paramName, query);
  }
}
