import { ApiProperty } from '@nestjs/swagger';
import { MAX_PAGE_LIMIT } from './page-query.dto';

/** The figures of a page of a paged list; the subclass adds the items. */
export class PageOf {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'all matches' }) total!: number;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT }) limit!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) offset!: number;
}
