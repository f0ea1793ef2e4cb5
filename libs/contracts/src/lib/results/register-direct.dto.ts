import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNumber, IsOptional, IsString, Matches, Min } from 'class-validator';
import { ChecksOwnNul } from '../common/checks-own-nul';
import { IDENTIFIER_PATTERN } from '../common/patterns';
import { RESULT_EXECUTION_ID_RULE, RESULT_METADATA_API } from './register-result.dto';
import { EmptyAsAbsent, IsBoundedJsonObject, IsParameterValues, IsStorableString, KeepRawJson } from './result-validators';
import {
  MAX_RESULT_METADATA_BYTES,
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
  @ApiProperty({ pattern: IDENTIFIER_PATTERN.source, example: 'exec-20260115-0001' })
  @ChecksOwnNul()
  @IsString(RESULT_EXECUTION_ID_RULE)
  @Matches(IDENTIFIER_PATTERN, RESULT_EXECUTION_ID_RULE)
  execution_id!: string;

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

  @ApiPropertyOptional(RESULT_METADATA_API)
  @IsOptional()
  @KeepRawJson()
  @ChecksOwnNul()
  @IsBoundedJsonObject(MAX_RESULT_METADATA_BYTES)
  metadata?: Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    default: false,
    description: 'accepted for older callers; changes nothing (a registered execution_id is always updated in place)',
  })
  @IsOptional()
  @IsBoolean({ message: 'replace must be a boolean' })
  replace?: boolean | null;
}
