import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AnonymousReadable, RequirePrivileges } from '@simsvc/auth';
import {
  ApiErrors,
  DeletedSimulationResponse,
  IDENTIFIER_PATTERN,
  PageQueryDto,
  RegisterSimulationDto,
  SearchSimulationsQueryDto,
  SimulationResponse,
  SimulationVersionQueryDto,
  UpdateSimulationDto,
} from '@simsvc/contracts';
import type { Response } from 'express';
import { ApiIdParam, IdParam, SimulationNamePipe } from './simulation-params';
import { JsonPage } from './simulation.record';
import { ResponsePage, SimulationsService } from './simulations.service';

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const TOTAL_COUNT_API = {
  [TOTAL_COUNT_HEADER]: { description: 'the number of all matches', schema: { type: 'integer', minimum: 0 } },
};

/** The items of a page as the JSON array body, the number of all matches in X-Total-Count. */
export function pageBody<T>(response: Response, page: ResponsePage<T>): T[] {
  response.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}

/** A body already written as JSON text (see simulationJson): sent as it is, with its JSON content type. */
function jsonBody(response: Response, json: string): string {
  response.type('json');
  return json;
}

/** pageBody for a page already written as JSON text. */
function jsonPageBody(response: Response, page: JsonPage): string {
  response.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  return jsonBody(response, page.json);
}

@ApiTags('simulations')
@Controller('simulations')
export class SimulationsController {
  constructor(private readonly simulations: SimulationsService) {}

  @Post()
  @RequirePrivileges('register_simulation')
  @ApiOperation({ summary: 'Register a simulation tool version' })
  @ApiCreatedResponse({ type: SimulationResponse })
  @ApiErrors(400, 401, 403, 413, 415, 503, { 409: '(name, version) already registered' })
  async register(@Body() body: RegisterSimulationDto, @Res({ passthrough: true }) response: Response): Promise<string> {
    return jsonBody(response, await this.simulations.register(body));
  }

  // Declared before `:name` so that `search` is never taken for a name (it is reserved).
  @Get('search')
  @RequirePrivileges('read_catalog')
  @AnonymousReadable()
  @ApiOperation({
    summary:
      "Search by text and tags: more matching tags, then more matching words first, then names by their newest registration, a name's versions highest first; X-Total-Count has the number of matches",
  })
  @ApiOkResponse({ type: [SimulationResponse], headers: TOTAL_COUNT_API })
  @ApiErrors(400, 401, 403, 503)
  async search(@Query() query: SearchSimulationsQueryDto, @Res({ passthrough: true }) response: Response): Promise<string> {
    return jsonPageBody(response, await this.simulations.search(query));
  }

  // One segment names a simulation (GET) or its id (PATCH, DELETE): one path parameter, so that
  // /simulations/{simulation} is one path of the OpenAPI document (templates differing only by
  // parameter name are the same path).
  @Get(':simulation')
  @RequirePrivileges('read_catalog')
  @AnonymousReadable()
  @ApiParam({ name: 'simulation', description: 'the simulation name', schema: { type: 'string', pattern: IDENTIFIER_PATTERN.source } })
  @ApiOperation({ summary: 'One version of a simulation; without version the latest (highest semantic version, else newest registration)' })
  @ApiOkResponse({ type: SimulationResponse })
  @ApiErrors(400, 401, 403, 503, { 404: 'no such name or version' })
  async get(
    @Param('simulation', SimulationNamePipe) name: string,
    @Query() query: SimulationVersionQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    return jsonBody(response, await this.simulations.get(name, query.version));
  }

  @Get(':name/versions')
  @RequirePrivileges('read_catalog')
  @ApiParam({ name: 'name', description: 'the simulation name', schema: { type: 'string', pattern: IDENTIFIER_PATTERN.source } })
  @ApiOperation({ summary: 'All versions of a simulation, highest first (the order of "latest"); X-Total-Count' })
  @ApiOkResponse({ type: [SimulationResponse], headers: TOTAL_COUNT_API })
  @ApiErrors(400, 401, 403, 503, { 404: 'no version of that name' })
  async versions(
    @Param('name', SimulationNamePipe) name: string,
    @Query() page: PageQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    return jsonPageBody(response, await this.simulations.versions(name, page));
  }

  @Patch(':simulation')
  @RequirePrivileges('update_catalog')
  @ApiIdParam('simulation id', 'simulation')
  @ApiOperation({ summary: 'Change description, author, tags, schemas or status (name and version cannot change)' })
  @ApiOkResponse({ type: SimulationResponse })
  @ApiErrors(400, 401, 403, 413, 415, 503, { 404: 'no such simulation' })
  async update(
    @IdParam('simulation id', 'simulation') id: number,
    @Body() body: UpdateSimulationDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    return jsonBody(response, await this.simulations.update(id, body));
  }

  @Delete(':simulation')
  @RequirePrivileges('update_catalog')
  @ApiIdParam('simulation id', 'simulation')
  @ApiOperation({ summary: 'Delete a simulation without executions' })
  @ApiOkResponse({ type: DeletedSimulationResponse })
  @ApiErrors(400, 401, 403, 503, { 404: 'no such simulation', 409: 'the simulation has executions' })
  remove(@IdParam('simulation id', 'simulation') id: number): Promise<DeletedSimulationResponse> {
    return this.simulations.remove(id);
  }
}
