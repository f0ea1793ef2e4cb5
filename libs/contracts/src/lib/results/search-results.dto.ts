import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MAX_PAGE_OFFSET } from '../common/page-query.dto';
import { IsFilterMap, IsIntegerInRange, IsStorableString, KeepRawJson } from './result-validators';
import { MAX_RESULT_NAME_LENGTH, MAX_RESULT_STATUS_LENGTH } from './results-limits';

const FILTERS_API = {
  type: 'object',
  additionalProperties: true,
  description:
    '{NAME: COND}; COND is a value (equality; numbers compare numerically) or an object of operators ' +
    '$eq $ne $gt $gte $lt $lte $in. $gt/$gte/$lt/$lte take a number, $in an array. All conditions must hold; ' +
    'a result lacking the parameter never matches.',
  example: { length: { $gte: 1, $lt: 5 }, mode: 'fast' },
} as const;

/** Body of POST /search; paging (`limit`, `offset`) is part of the body. Without a simulation, all are searched. */
export class SearchResultsDto {
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

  @ApiPropertyOptional({ nullable: true, type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT })
  @IsOptional()
  @IsIntegerInRange(1, MAX_PAGE_LIMIT, `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`)
  limit?: number | null;

  @ApiPropertyOptional({ nullable: true, type: 'integer', minimum: 0, maximum: MAX_PAGE_OFFSET, default: 0 })
  @IsOptional()
  @IsIntegerInRange(0, MAX_PAGE_OFFSET, 'offset must be a non-negative integer')
  offset?: number | null;
}
