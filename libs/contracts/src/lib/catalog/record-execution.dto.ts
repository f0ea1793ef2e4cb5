import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateIf,
  ValidationOptions,
} from 'class-validator';
import { MAX_RUN_DB_PATH_LENGTH, MAX_SIMULATION_ID, MAX_TEXT_LENGTH } from '../cache/cache-limits';
import { IDENTIFIER_PATTERN } from '../common/patterns';
import { parseTimestamp } from '../common/timestamp';
import { ACCEPTED_EXECUTION_STATUSES, EXECUTION_ID_RULE, MAX_DURATION_SECONDS } from './catalog-limits';

const text = (name: string, max = MAX_TEXT_LENGTH) => ({ message: `${name} must be a string of at most ${max} characters` });
const SIMULATION_ID_RULE = { message: `simulation_id must be an integer from 1 to ${MAX_SIMULATION_ID}` };
const MAX_COUNT = 2_147_483_647;

/** One of sim2l's counts of a run (outputs, artifacts, errors, warnings): optional, 0..2^31−1. */
function IsExecutionCount(name: string): PropertyDecorator {
  const rule = { message: `${name} must be an integer from 0 to ${MAX_COUNT}` };
  return applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      minimum: 0,
      maximum: MAX_COUNT,
      default: 0,
      description: 'as sim2l counts them; a later record replaces it',
    }),
    IsOptional(),
    IsInt(rule),
    Min(0, rule),
    Max(MAX_COUNT, rule),
  );
}
const DURATION_RULE = { message: `duration_seconds must be a number from 0 to ${MAX_DURATION_SECONDS}` };

/** An ISO 8601 timestamp (a zone-less one is UTC), as parseTimestamp reads it. */
export function IsIsoTimestamp(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isIsoTimestamp',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: '$property must be an ISO 8601 timestamp such as 2026-11-22T10:12:25.123000', ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && parseTimestamp(value) !== null },
    });
}

/**
 * Body of POST /executions: creates the execution (any state) or moves an existing one forward.
 * `status: "success"` is taken as `completed`.
 */
export class RecordExecutionDto {
  @ApiProperty({ pattern: IDENTIFIER_PATTERN.source, example: 'run-20261122-0001' })
  @IsString({ message: EXECUTION_ID_RULE })
  @Matches(IDENTIFIER_PATTERN, { message: EXECUTION_ID_RULE })
  execution_id!: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_SIMULATION_ID,
    nullable: true,
    description: 'null: the simulation is the one squid_id (`name/version/hash`) names; unattached until it is registered',
  })
  @ValidateIf((body: RecordExecutionDto) => body.simulation_id !== null)
  @IsInt(SIMULATION_ID_RULE)
  @Min(1, SIMULATION_ID_RULE)
  @Max(MAX_SIMULATION_ID, SIMULATION_ID_RULE)
  simulation_id!: number | null;

  @ApiProperty({
    enum: ACCEPTED_EXECUTION_STATUSES,
    description: 'pending → running → completed | failed | cancelled | cached; `success` = `completed`',
  })
  @IsIn(ACCEPTED_EXECUTION_STATUSES, { message: `status must be one of ${ACCEPTED_EXECUTION_STATUSES.join(', ')}` })
  status!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString(text('squid_id'))
  @MaxLength(MAX_TEXT_LENGTH, text('squid_id'))
  squid_id?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'local' })
  @IsOptional()
  @IsString(text('executor_type'))
  @MaxLength(MAX_TEXT_LENGTH, text('executor_type'))
  executor_type?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-11-22T10:12:25.123000' })
  @IsOptional()
  @IsIsoTimestamp()
  started_at?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-11-22T10:12:27.623000' })
  @IsOptional()
  @IsIsoTimestamp()
  completed_at?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, maximum: MAX_DURATION_SECONDS, description: 'kept to the microsecond' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, DURATION_RULE)
  @Min(0, DURATION_RULE)
  @Max(MAX_DURATION_SECONDS, DURATION_RULE)
  duration_seconds?: number | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'default: true when status is cached, else false' })
  @IsOptional()
  @IsBoolean({ message: 'cache_hit must be true or false' })
  cache_hit?: boolean | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString(text('input_hash'))
  @MaxLength(MAX_TEXT_LENGTH, text('input_hash'))
  input_hash?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString(text('run_db_path', MAX_RUN_DB_PATH_LENGTH))
  @MaxLength(MAX_RUN_DB_PATH_LENGTH, text('run_db_path', MAX_RUN_DB_PATH_LENGTH))
  run_db_path?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString(text('user_id'))
  @MaxLength(MAX_TEXT_LENGTH, text('user_id'))
  user_id?: string | null;

  @IsExecutionCount('output_count') output_count?: number | null;
  @IsExecutionCount('artifact_count') artifact_count?: number | null;
  @IsExecutionCount('error_count') error_count?: number | null;
  @IsExecutionCount('warning_count') warning_count?: number | null;
}
