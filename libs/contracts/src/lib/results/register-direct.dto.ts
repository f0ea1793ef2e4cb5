import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, Min } from 'class-validator';
import { ChecksOwnNul } from '../common/checks-own-nul';
import { ResultExecutionIdField, ResultMetadataField, ResultReplaceField } from './result-fields';
import { EmptyAsAbsent, IsParameterValues, IsStorableString, KeepRawJson } from './result-validators';
import {
  MAX_RESULT_NAME_LENGTH,
  MAX_RESULT_PARAMETERS,
  MAX_RESULT_RUN_DB_PATH_LENGTH,
  MAX_RESULT_STATUS_LENGTH,
  MAX_SQUID_ID_LENGTH,
} from './results-limits';

const PARAMETERS_API = {
  type: 'object',
  additionalProperties: true,
  description: `{NAME: value}, at most ${MAX_RESULT_PARAMETERS} parameters; the schema is inferred from the values`,
  example: { length: 2.5, mode: 'fast' },
} as const;
const DURATION_RULE = { message: 'duration_seconds must be a non-negative number' };

/** Body of POST /register_direct: a result given inline, no run database read. */
export class RegisterDirectDto {
  @ResultExecutionIdField() execution_id!: string;

  @ApiProperty({ maxLength: MAX_RESULT_NAME_LENGTH, example: 'heat-1d' })
  @ChecksOwnNul()
  @IsStorableString(MAX_RESULT_NAME_LENGTH)
  simulation_name!: string;

  @ApiProperty({ maxLength: MAX_RESULT_NAME_LENGTH, example: '1.0.0' })
  @ChecksOwnNul()
  @IsStorableString(MAX_RESULT_NAME_LENGTH)
  simulation_version!: string;

  @ApiProperty(PARAMETERS_API) @KeepRawJson() @ChecksOwnNul() @IsParameterValues() input_params!: Record<string, unknown>;
  @ApiProperty(PARAMETERS_API) @KeepRawJson() @ChecksOwnNul() @IsParameterValues() output_params!: Record<string, unknown>;

  @ApiProperty({ maxLength: MAX_RESULT_STATUS_LENGTH, example: 'completed' })
  @ChecksOwnNul()
  @IsStorableString(MAX_RESULT_STATUS_LENGTH)
  status!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_SQUID_ID_LENGTH })
  @IsOptional()
  @ChecksOwnNul()
  @IsStorableString(MAX_SQUID_ID_LENGTH)
  squid_id?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, DURATION_RULE)
  @Min(0, DURATION_RULE)
  duration_seconds?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_RESULT_RUN_DB_PATH_LENGTH,
    description: 'stored as given; not opened',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @ChecksOwnNul()
  @IsStorableString(MAX_RESULT_RUN_DB_PATH_LENGTH)
  run_db_path?: string | null;

  @ResultMetadataField() metadata?: Record<string, unknown> | null;

  @ResultReplaceField() replace?: boolean | null;
}
