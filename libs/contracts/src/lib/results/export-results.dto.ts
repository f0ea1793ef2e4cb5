import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsOrderBy, KeepRawJson } from './result-validators';
import { ORDER_BY_API, ResultFiltersDto } from './search-results.dto';
import { OrderKey } from './sweep-shapes';

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Body of POST /export: the runs and order of POST /search (no paging: every matching run) and the file format. */
export class ExportResultsDto extends ResultFiltersDto {
  @ApiPropertyOptional(ORDER_BY_API) @IsOptional() @KeepRawJson() @IsOrderBy() order_by?: OrderKey[] | null;

  @ApiProperty({
    enum: EXPORT_FORMATS,
    description:
      'csv: RFC 4180, a header row, then one row per run; jsonl: one JSON object per line ' +
      '{execution_id, simulation_name, simulation_version, status, created_at, input_params, output_params}',
  })
  @IsIn([...EXPORT_FORMATS], { message: `format must be one of ${EXPORT_FORMATS.join(', ')}` })
  format!: ExportFormat;
}
