import { Inject, Injectable } from '@nestjs/common';
import {
  AggregateResultsDto,
  AggregateResultsResponse,
  DEFAULT_PAGE_LIMIT,
  DeleteResultResponse,
  nowMicros,
  ParameterStatsQueryDto,
  ParameterStatsResponse,
  RegisterDirectDto,
  RegisterResultDto,
  RegisterResultResponse,
  ResultParamClass,
  ResultResponse,
  SearchResultsDto,
  SearchResultsResponse,
} from '@simsvc/contracts';
import { SERVICE_CONFIG, ServiceConfig } from '@simsvc/platform';
import { realpath } from 'node:fs/promises';
import { relative } from 'node:path';
import { ResultsConfig } from '../results-config';
import { resolveRunDatabasePath } from '../run-database/run-database-path';
import { RunDatabaseReader } from '../run-database/run-database.reader';
import { resultFromBody, resultFromRun } from './new-result';
import { NewResult, parameterRows, toResultResponse, toSearchHit } from './result.record';
import { ParameterStatsCache } from './parameter-stats.cache';
import { ResultsMetrics } from './results.metrics';
import { ResultError, ResultErrorCode, resultNotFound } from './results.errors';
import { ResultsRepository } from './results.repository';
import { ResultSearchRepository } from './result-search.repository';
import { ResultAggregateRepository } from './result-aggregate.repository';
import { SearchCursors } from './search-cursor';
import { runSelectionOf, sortKeysOf } from './search-request';

@Injectable()
export class ResultsService {
  constructor(
    private readonly repository: ResultsRepository,
    private readonly searches: ResultSearchRepository,
    private readonly cursors: SearchCursors,
    private readonly aggregates: ResultAggregateRepository,
    private readonly statsCache: ParameterStatsCache,
    private readonly metrics: ResultsMetrics,
    private readonly runDatabases: RunDatabaseReader,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig<ResultsConfig>,
  ) {}

  /**
   * Introspects the run database and stores what it holds. Order of refusals: path outside the
   * root (403) and missing file (404) first, as they concern the request itself; then what the
   * file holds (413, 422). An execution_id registered already is updated in place, `replace` or
   * not: sim2l re-registers its runs (contract §6, §7). client is the caller's address, by
   * which reads share the workers (429 or 503 when its share or the queue is full).
   */
  async register(request: RegisterResultDto, client: string): Promise<RegisterResultResponse> {
    const root = this.config.extra.runsRoot;
    const path = await resolveRunDatabasePath(root, request.execution_id, request.run_db_path);
    const introspected = await this.runDatabases.read(root, path, {}, client);
    // Kept relative to the root: clients never learn the server's directory layout.
    const runDbPath = relative(await realpath(root), path);
    return this.store(resultFromRun(introspected, request, runDbPath));
  }

  /**
   * An execution_id registered already is updated in place, as sim2l does (contract §7);
   * `replace` is accepted (contract §7) and changes nothing.
   */
  registerDirect(request: RegisterDirectDto): Promise<RegisterResultResponse> {
    return this.store(resultFromBody(request));
  }

  async find(executionId: string): Promise<ResultResponse> {
    const record = await this.repository.find(executionId);
    if (!record) throw resultNotFound();
    return toResultResponse(record);
  }

  async remove(executionId: string): Promise<DeleteResultResponse> {
    if (!(await this.repository.remove(executionId))) throw resultNotFound();
    this.metrics.deleted.inc();
    return { status: 'deleted', execution_id: executionId };
  }

  /**
   * A page of the matching runs, in order_by order (newest first without it), from `offset` or
   * after `cursor`; `next_cursor` names where the page ended (null on the last page).
   */
  async search(request: SearchResultsDto): Promise<SearchResultsResponse> {
    const selection = runSelectionOf(request);
    const keys = sortKeysOf(request.order_by);
    const cursor = request.cursor ?? undefined;
    if (cursor !== undefined && request.offset !== undefined && request.offset !== null)
      throw new ResultError(ResultErrorCode.CursorWithOffset, 'send cursor or offset, not both');
    // What a cursor is bound to: the same runs in the same order (the filters as given).
    const search = [
      selection.simulationName ?? null,
      selection.simulationVersion ?? null,
      selection.status ?? null,
      selection.filters,
      keys,
    ];
    const after = cursor === undefined ? undefined : this.cursors.decode(search, cursor, keys.length);

    const limit = request.limit ?? DEFAULT_PAGE_LIMIT;
    const offset = cursor === undefined ? (request.offset ?? 0) : 0;
    const page = await this.searches.search({ ...selection, limit, offset }, keys, after);
    return {
      results: page.hits.map(toSearchHit),
      count: page.hits.length,
      total: page.total,
      total_is_lower_bound: page.totalIsLowerBound,
      limit,
      offset: cursor === undefined ? offset : null,
      next_cursor: page.next === undefined ? null : this.cursors.encode(search, page.next),
    };
  }

  /** Figures of the requested parameters (and a histogram) over the runs the filters keep, in one snapshot. */
  aggregate(request: AggregateResultsDto): Promise<AggregateResultsResponse> {
    const histogram = request.histogram ? { ...request.histogram, scale: request.histogram.scale ?? 'linear' } : undefined;
    return this.aggregates.aggregate(runSelectionOf(request), request.params, histogram, request.values ?? undefined);
  }

  async stats(simulationName: string, paramName: string, query: ParameterStatsQueryDto): Promise<ParameterStatsResponse> {
    const paramClass = parameterClass(query);
    // A simulation without results answers count 0 like a parameter without values: sim2l's
    // answer, and its client raises on a 404 (contract §6).
    const figures = await this.statsCache.figures(simulationName, paramClass, paramName);
    return {
      simulation_name: simulationName,
      param_name: paramName,
      param_class: paramClass,
      param_type: figures.param_type,
      count: figures.count,
      avg_value: figures.count === 0 ? null : figures.avg_value,
      min_value: figures.count === 0 ? null : figures.min_value,
      max_value: figures.count === 0 ? null : figures.max_value,
    };
  }

  /** Stores a result built from a run database or a body; an execution_id registered already is updated in place. */
  async store(result: NewResult): Promise<RegisterResultResponse> {
    const { resultId, schemaId } = await this.repository.store(result, parameterRows(result), nowMicros());
    this.metrics.registered.inc();
    return {
      success: true,
      result_id: resultId,
      execution_id: result.execution_id,
      input_count: Object.keys(result.input_params).length,
      output_count: Object.keys(result.output_params).length,
      schema_id: schemaId,
    };
  }
}

/** `class` or its alias `param_class`, default output; both given must agree. */
function parameterClass(query: ParameterStatsQueryDto): ResultParamClass {
  if (query.class !== undefined && query.param_class !== undefined && query.class !== query.param_class) {
    throw new ResultError(ResultErrorCode.ParameterClassConflict, 'class and param_class disagree; give one of them');
  }
  return query.class ?? query.param_class ?? 'output';
}
