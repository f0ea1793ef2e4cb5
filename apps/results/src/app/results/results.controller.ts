import { Body, Controller, createParamDecorator, ExecutionContext, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { clientAddress, RequirePrivileges } from '@simsvc/auth';
import {
  AggregateResultsDto,
  AggregateResultsResponse,
  ApiErrors,
  BulkRegisterResponse,
  DeleteResultResponse,
  IDENTIFIER_PATTERN,
  MAX_RESULT_NAME_LENGTH,
  ParameterStatsQueryDto,
  ParameterStatsResponse,
  RegisterDirectDto,
  RegisterResultDto,
  RegisterResultResponse,
  ResultParameterSchema,
  ResultResponse,
  SearchResultsDto,
  SearchResultsResponse,
} from '@simsvc/contracts';
import type { Request } from 'express';
import { ContractValidationPipe } from '@simsvc/platform';
import { NDJSON_TYPE } from '../results-config';
import { BulkRegistrationService, MAX_NDJSON_LINES } from '../uploads/bulk-registration.service';
import { ExecutionIdPipe, ResultNamePipe } from './result-path.pipes';
import { ResultsService } from './results.service';
import { RUN_DATABASE_REGISTRATION_ERRORS } from './registration-error-meanings';

/**
 * The parsed JSON body (or nothing, for a streamed one), left alone by the global validation
 * pipe, which does not look at custom parameters: POST /register_direct validates it itself
 * once it knows the body is JSON.
 */
const UnvalidatedBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<Request>().body,
);

const EXECUTION_ID_PARAM = { name: 'execution_id', schema: { type: 'string', pattern: IDENTIFIER_PATTERN.source } } as const;
const RESULT_NAME_SCHEMA = { type: 'string', minLength: 1, maxLength: MAX_RESULT_NAME_LENGTH } as const;

@ApiTags('results')
@ApiExtraModels(ResultParameterSchema, RegisterResultResponse, BulkRegisterResponse)
@Controller()
export class ResultsController {
  private readonly validation = new ContractValidationPipe();

  constructor(
    private readonly results: ResultsService,
    private readonly bulk: BulkRegistrationService,
  ) {}

  @Post('register')
  @HttpCode(200)
  @RequirePrivileges('write_results')
  @ApiOperation({
    summary: 'Register a finished run by introspecting its run database (read-only, below the runs root)',
    description: 'An execution_id registered already is updated in place: same result_id, values read again.',
  })
  @ApiOkResponse({ type: RegisterResultResponse })
  @ApiErrors(400, 401, 415, {
    ...RUN_DATABASE_REGISTRATION_ERRORS,
    403: 'the session lacks write_results, or run_db_path resolves outside the runs root',
    404: 'run database not found',
    413: 'request body over 1 MiB, a run database over --max-run-db-bytes, or holding more than the service loads',
    422: 'not a sim2l run database (the message names what is missing), one of another execution, or one that took too long to read',
  })
  register(@Body() request: RegisterResultDto, @Req() http: Request): Promise<RegisterResultResponse> {
    return this.results.register(request, clientAddress(http));
  }

  @Post('register_direct')
  @HttpCode(200)
  @RequirePrivileges('write_results')
  @ApiOperation({
    summary: 'Register a result given inline, or many as application/x-ndjson (one per line); the schema is inferred from the values',
    description:
      'An execution_id registered already is updated in place (same result_id and created_at), as sim2l does; replace is accepted and changes nothing. ' +
      `An application/x-ndjson body holds at most ${MAX_NDJSON_LINES} lines, each a JSON body; the valid ones are stored in transactions of at most 1,000 ` +
      'and the answer is {registered, updated, failed: [{line, message}]}.',
  })
  @ApiConsumes('application/json', NDJSON_TYPE)
  @ApiBody({ type: RegisterDirectDto })
  @ApiOkResponse({ schema: { oneOf: [{ $ref: getSchemaPath(RegisterResultResponse) }, { $ref: getSchemaPath(BulkRegisterResponse) }] } })
  @ApiErrors(400, 401, 403, 503, {
    413: `request body over 1 MiB; as application/x-ndjson, more than ${MAX_NDJSON_LINES} lines or 64 MiB`,
    415: 'request body not application/json or application/x-ndjson',
  })
  async registerDirect(@UnvalidatedBody() body: unknown, @Req() http: Request): Promise<RegisterResultResponse | BulkRegisterResponse> {
    if (http.headers['content-type']?.split(';')[0].trim().toLowerCase() === NDJSON_TYPE) return this.bulk.register(http);
    const request = (await this.validation.transform(body, { type: 'body', metatype: RegisterDirectDto })) as RegisterDirectDto;
    return this.results.registerDirect(request);
  }

  @Post('search')
  @HttpCode(200)
  @RequirePrivileges('read_results')
  @ApiOperation({
    summary:
      'Results of a simulation, or of all without simulation_name, matching input and output filters, in order_by order (newest first without it)',
    description:
      'Pages by offset, or by cursor: each answer carries next_cursor (null on the last page), which a tampered cursor or one of another search fails with 400.',
  })
  @ApiOkResponse({ type: SearchResultsResponse })
  @ApiErrors(400, 401, 403, 413, 415, 503)
  search(@Body() request: SearchResultsDto): Promise<SearchResultsResponse> {
    return this.results.search(request);
  }

  @Post('aggregate')
  @HttpCode(200)
  @RequirePrivileges('read_results')
  @ApiOperation({
    summary: 'count, min, max, avg, stddev, p05, p50, p95 of parameters, and a histogram, over the runs matching search filters',
    description:
      'Numbers only; stddev is the population standard deviation, percentiles interpolate linearly between closest ranks; ' +
      'on the log scale values ≤ 0 are left out and counted as excluded. One snapshot.',
  })
  @ApiOkResponse({ type: AggregateResultsResponse })
  @ApiErrors(400, 401, 403, 413, 415, 503)
  aggregate(@Body() request: AggregateResultsDto): Promise<AggregateResultsResponse> {
    return this.results.aggregate(request);
  }

  @Get('results/:execution_id')
  @RequirePrivileges('read_results')
  @ApiParam(EXECUTION_ID_PARAM)
  @ApiOperation({ summary: 'One result' })
  @ApiOkResponse({ type: ResultResponse })
  @ApiErrors(400, 401, 403, 503, { 404: 'result not found' })
  find(@Param('execution_id', ExecutionIdPipe) executionId: string): Promise<ResultResponse> {
    return this.results.find(executionId);
  }

  @Delete('results/:execution_id')
  @RequirePrivileges('write_results')
  @ApiParam(EXECUTION_ID_PARAM)
  @ApiOperation({ summary: 'Delete one result' })
  @ApiOkResponse({ type: DeleteResultResponse })
  @ApiErrors(400, 401, 403, 503, { 404: 'result not found' })
  remove(@Param('execution_id', ExecutionIdPipe) executionId: string): Promise<DeleteResultResponse> {
    return this.results.remove(executionId);
  }

  @Get('stats/:simulation_name/:param_name')
  @RequirePrivileges('read_results')
  @ApiParam({ name: 'simulation_name', schema: RESULT_NAME_SCHEMA })
  @ApiParam({ name: 'param_name', schema: RESULT_NAME_SCHEMA })
  @ApiOperation({
    summary: 'count, mean, min and max of the numeric values of one parameter across the runs of a simulation',
    description: 'A simulation or parameter without values gives count 0 and the rest null.',
  })
  @ApiOkResponse({ type: ParameterStatsResponse })
  @ApiErrors(400, 401, 403, 503)
  stats(
    @Param('simulation_name', new ResultNamePipe('simulation_name')) simulationName: string,
    @Param('param_name', new ResultNamePipe('param_name')) paramName: string,
    @Query() query: ParameterStatsQueryDto,
  ): Promise<ParameterStatsResponse> {
    return this.results.stats(simulationName, paramName, query);
  }
}
