import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { ChecksOwnNul } from '../common/checks-own-nul';
import { IDENTIFIER_PATTERN } from '../common/patterns';
import { EmptyAsAbsent, IsBoundedJsonObject, IsStorableString, KeepRawJson } from './result-validators';
import { MAX_RESULT_METADATA_BYTES, MAX_RESULT_RUN_DB_PATH_LENGTH, MAX_SQUID_ID_LENGTH } from './results-limits';

export const RESULT_EXECUTION_ID_RULE = { message: `execution_id must match ${IDENTIFIER_PATTERN.source}` };
export const RESULT_METADATA_API = {
  type: 'object',
  additionalProperties: true,
  description: `Free-form JSON object of at most ${MAX_RESULT_METADATA_BYTES} bytes, stored with the result`,
} as const;

/**
 * Body of POST /register: the run database `<runs-root>/<execution_id>.db`, or `run_db_path`
 * (relative to the runs root), is introspected; what it holds wins over the body.
 */
export class RegisterResultDto {
  @ApiProperty({ pattern: IDENTIFIER_PATTERN.source, example: 'exec-20260115-0001' })
  @ChecksOwnNul()
  @IsString(RESULT_EXECUTION_ID_RULE)
  @Matches(IDENTIFIER_PATTERN, RESULT_EXECUTION_ID_RULE)
  execution_id!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_RESULT_RUN_DB_PATH_LENGTH,
    description: 'below the runs root; a relative path is relative to it',
  })
  @EmptyAsAbsent()
  @IsOptional()
  @ChecksOwnNul()
  @IsStorableString(MAX_RESULT_RUN_DB_PATH_LENGTH)
  run_db_path?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_SQUID_ID_LENGTH, description: 'used when the run database has none' })
  @IsOptional()
  @ChecksOwnNul()
  @IsStorableString(MAX_SQUID_ID_LENGTH)
  squid_id?: string | null;

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
