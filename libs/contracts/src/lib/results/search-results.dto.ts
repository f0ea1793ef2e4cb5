import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MAX_PAGE_OFFSET } from '../common/page-query.dto';
import { IsFilterMap, IsIntegerInRange, IsOrderBy, IsStorableString, KeepRawJson } from './result-validators';
import { MAX_RESULT_NAME_LENGTH, MAX_RESULT_STATUS_LENGTH, RESULT_PARAM_CLASSES } from './results-limits';
import { MAX_ORDER_KEYS, ORDER_DIRECTIONS, ORDER_FIELDS, OrderKey } from './sweep-shapes';

const FILTERS_API = {
  type: 'object',
  additionalProperties: true,
  description:
    '{NAME: COND}; COND is a value (equality; numbers compare numerically) or an object of operators ' +
    '$eq $ne $gt $gte $lt $lte $in. $gt/$gte/$lt/$lte take a number, $in an array. All conditions must hold; ' +
    'a result lacking the parameter never matches.',
  example: { length: { $gte: 1, $lt: 5 }, mode: 'fast' },
} as const;

/** The maximum length of a cursor: it carries up to three sort values (strings of up to 512 bytes). */
export const MAX_CURSOR_LENGTH = 8192;

export const ORDER_BY_API: ApiPropertyOptions = {
  type: 'array',
  nullable: true,
  maxItems: MAX_ORDER_KEYS,
  items: {
    oneOf: [
      {
        type: 'object',
        required: ['class', 'name', 'direction'],
        additionalProperties: false,
        properties: {
          class: { type: 'string', enum: [...RESULT_PARAM_CLASSES] },
          name: { type: 'string', minLength: 1, maxLength: MAX_RESULT_NAME_LENGTH },
          direction: { type: 'string', enum: [...ORDER_DIRECTIONS] },
        },
      },
      {
        type: 'object',
        required: ['field', 'direction'],
        additionalProperties: false,
        properties: { field: { type: 'string', enum: [...ORDER_FIELDS] }, direction: { type: 'string', enum: [...ORDER_DIRECTIONS] } },
      },
    ],
  },
  description:
    'Sort keys, most significant first. Numbers order numerically, strings by code point, other types after them ' +
    '(among themselves by result id); runs lacking the parameter come last in both directions; ties by result id. ' +
    'Absent or empty: newest first.',
  example: [{ class: 'output', name: 'energy', direction: 'desc' }],
};

/** Which runs: the simulation, version, status and parameter filters shared by POST /search and POST /aggregate. */
export class ResultFiltersDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_RESULT_NAME_LENGTH,
    example: 'heat-1d',
    description: 'absent or null: every simulation',
  })
  @IsOptional()
  @IsStorableString(MAX_RESULT_NAME_LENGTH)
  simulation_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_RESULT_NAME_LENGTH })
  @IsOptional()
  @IsStorableString(MAX_RESULT_NAME_LENGTH)
  simulation_version?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_RESULT_STATUS_LENGTH, example: 'completed' })
  @IsOptional()
  @IsStorableString(MAX_RESULT_STATUS_LENGTH)
  status?: string | null;

  @ApiPropertyOptional(FILTERS_API) @IsOptional() @KeepRawJson() @IsFilterMap() input_filters?: Record<string, unknown> | null;
  @ApiPropertyOptional(FILTERS_API) @IsOptional() @KeepRawJson() @IsFilterMap() output_filters?: Record<string, unknown> | null;
}

/** Body of POST /search; paging (`limit`, and `offset` or `cursor`) is part of the body. Without a simulation, all are searched. */
export class SearchResultsDto extends ResultFiltersDto {
  @ApiPropertyOptional(ORDER_BY_API) @IsOptional() @KeepRawJson() @IsOrderBy() order_by?: OrderKey[] | null;

  @ApiPropertyOptional({ nullable: true, type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT })
  @IsOptional()
  @IsIntegerInRange(1, MAX_PAGE_LIMIT, `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`)
  limit?: number | null;

  @ApiPropertyOptional({ nullable: true, type: 'integer', minimum: 0, maximum: MAX_PAGE_OFFSET, default: 0 })
  @IsOptional()
  @IsIntegerInRange(0, MAX_PAGE_OFFSET, 'offset must be a non-negative integer')
  offset?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_CURSOR_LENGTH,
    description: 'the next_cursor of the previous page of the same search (filters and order_by); instead of offset',
  })
  @IsOptional()
  @IsStorableString(MAX_CURSOR_LENGTH)
  cursor?: string | null;
}
