import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { ChecksOwnNul } from '../common/checks-own-nul';
import { FieldDecorators } from '../common/field-decorators';
import { IDENTIFIER_PATTERN } from '../common/patterns';
import { IsBoundedJsonObject, KeepRawJson } from './result-validators';
import { MAX_RESULT_METADATA_BYTES } from './results-limits';

const EXECUTION_ID_RULE = { message: `execution_id must match ${IDENTIFIER_PATTERN.source}` };

/** `execution_id` of a registration body: required, an identifier. */
export function ResultExecutionIdField(): PropertyDecorator {
  return FieldDecorators(
    ApiProperty({ pattern: IDENTIFIER_PATTERN.source, example: 'exec-20260115-0001' }),
    ChecksOwnNul(),
    IsString(EXECUTION_ID_RULE),
    Matches(IDENTIFIER_PATTERN, EXECUTION_ID_RULE),
  );
}

/** `metadata` of a registration body: an optional JSON object stored with the result. */
export function ResultMetadataField(): PropertyDecorator {
  return FieldDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: true,
      description: `Free-form JSON object of at most ${MAX_RESULT_METADATA_BYTES} bytes, stored with the result`,
    }),
    IsOptional(),
    KeepRawJson(),
    ChecksOwnNul(),
    IsBoundedJsonObject(MAX_RESULT_METADATA_BYTES),
  );
}

/** `replace` of a registration body: kept for older callers, without effect. */
export function ResultReplaceField(): PropertyDecorator {
  return FieldDecorators(
    ApiPropertyOptional({
      type: Boolean,
      nullable: true,
      default: false,
      description: 'accepted for older callers; changes nothing (a registered execution_id is always updated in place)',
    }),
    IsOptional(),
    IsBoolean({ message: 'replace must be a boolean' }),
  );
}
