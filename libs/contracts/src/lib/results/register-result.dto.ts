import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { ChecksOwnNul } from '../common/checks-own-nul';
import { ResultExecutionIdField, ResultMetadataField, ResultReplaceField } from './result-fields';
import { EmptyAsAbsent, IsStorableString } from './result-validators';
import { MAX_RESULT_RUN_DB_PATH_LENGTH, MAX_SQUID_ID_LENGTH } from './results-limits';

/**
 * Body of POST /register: the run database `<runs-root>/<execution_id>.db`, or `run_db_path`
 * (relative to the runs root), is introspected; what it holds wins over the body.
 */
export class RegisterResultDto {
  @ResultExecutionIdField() execution_id!: string;

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

  @ResultMetadataField() metadata?: Record<string, unknown> | null;

  @ResultReplaceField() replace?: boolean | null;
}
