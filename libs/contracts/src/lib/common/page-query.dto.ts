import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { DecimalInteger } from './decimal-integer.transform';

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 1000;
/**
 * The largest `offset`: any integer a JSON number holds exactly. Without a bound, `1e300` is an
 * integer to class-validator but no database binds it as one (a 500).
 */
export const MAX_PAGE_OFFSET = Number.MAX_SAFE_INTEGER;

/** `limit` (1..1000, default 50) and `offset` (0..2^53 - 1, default 0) of every paged list. */
export class PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT })
  @DecimalInteger()
  @IsInt({ message: 'limit must be an integer' })
  @Min(1, { message: `limit must be from 1 to ${MAX_PAGE_LIMIT}` })
  @Max(MAX_PAGE_LIMIT, { message: `limit must be from 1 to ${MAX_PAGE_LIMIT}` })
  limit = DEFAULT_PAGE_LIMIT;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_PAGE_OFFSET, default: 0 })
  @DecimalInteger()
  @IsInt({ message: 'offset must be an integer' })
  @Min(0, { message: 'offset must not be negative' })
  @Max(MAX_PAGE_OFFSET, { message: `offset must be at most ${MAX_PAGE_OFFSET}` })
  offset = 0;
}
