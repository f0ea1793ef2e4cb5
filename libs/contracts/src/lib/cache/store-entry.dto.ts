import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsInt,
  IsNotIn,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { ExclusiveWith } from '../common/exclusive-with.validator';
import { PlainlyValidWhen } from '../common/plainly-valid';
import { IsJsonObjectOfAtMost } from '../common/json-object-size.validator';
import {
  MAX_CACHE_KEY_LENGTH,
  MAX_METADATA_BYTES,
  MAX_RUN_DB_PATH_LENGTH,
  MAX_SIMULATION_ID,
  MAX_TEXT_LENGTH,
  MAX_TTL_HOURS,
  NO_CONTROL_CHARACTERS,
  RESERVED_CACHE_KEYS,
  SIMULATION_ID_RANGE,
} from './cache-limits';
import { isPlainStoreEntry } from './store-entry.plain-check';

const text = (name: string) => ({ message: `${name} must be a string of at most ${MAX_TEXT_LENGTH} characters` });

/** Body of POST /cache. `ttl_hours` or `ttl_seconds` (not both); `null` means absent. */
@PlainlyValidWhen(isPlainStoreEntry)
export class StoreEntryDto {
  @ApiProperty({ maxLength: MAX_CACHE_KEY_LENGTH, example: 'heat-1d/1.0.0/3f2a' })
  @IsString({ message: 'cache_key must be a string' })
  @Length(1, MAX_CACHE_KEY_LENGTH, { message: `cache_key must be 1 to ${MAX_CACHE_KEY_LENGTH} characters` })
  @Matches(NO_CONTROL_CHARACTERS, { message: 'cache_key must not contain control characters' })
  @IsNotIn([...RESERVED_CACHE_KEYS], { message: `cache_key must not be one of ${RESERVED_CACHE_KEYS.join(', ')}` })
  cache_key!: string;

  // Required, but 0 and null both mean "no simulation": sim2l sends `sim_id or 0` (contract §7).
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: MAX_SIMULATION_ID,
    nullable: true,
    description: '0 or null: the entry belongs to no simulation',
  })
  @ValidateIf((entry: StoreEntryDto) => entry.simulation_id !== null)
  @IsInt({ message: 'simulation_id must be an integer' })
  @Min(0, { message: SIMULATION_ID_RANGE })
  @Max(MAX_SIMULATION_ID, { message: SIMULATION_ID_RANGE })
  simulation_id!: number | null;

  @ApiProperty() @IsString(text('simulation_name')) @MaxLength(MAX_TEXT_LENGTH, text('simulation_name')) simulation_name!: string;
  @ApiProperty() @IsString(text('simulation_version')) @MaxLength(MAX_TEXT_LENGTH, text('simulation_version')) simulation_version!: string;
  @ApiProperty() @IsString(text('execution_id')) @MaxLength(MAX_TEXT_LENGTH, text('execution_id')) execution_id!: string;
  @ApiProperty() @IsString(text('squid_id')) @MaxLength(MAX_TEXT_LENGTH, text('squid_id')) squid_id!: string;
  @ApiProperty() @IsString(text('input_hash')) @MaxLength(MAX_TEXT_LENGTH, text('input_hash')) input_hash!: string;

  @ApiProperty({ maxLength: MAX_RUN_DB_PATH_LENGTH })
  @IsString({ message: `run_db_path must be a string of at most ${MAX_RUN_DB_PATH_LENGTH} characters` })
  @MaxLength(MAX_RUN_DB_PATH_LENGTH, { message: `run_db_path must be a string of at most ${MAX_RUN_DB_PATH_LENGTH} characters` })
  run_db_path!: string;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Lifetime in hours (fractions allowed); default 24',
    minimum: 0,
    exclusiveMinimum: true,
    maximum: MAX_TTL_HOURS,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'ttl_hours must be a positive number' })
  @IsPositive({ message: 'ttl_hours must be a positive number' })
  @Max(MAX_TTL_HOURS, { message: `ttl_hours must be at most ${MAX_TTL_HOURS}` })
  ttl_hours?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Lifetime in seconds, instead of ttl_hours; 0 expires the entry at once',
    minimum: 0,
    maximum: MAX_TTL_HOURS * 3600,
  })
  @IsOptional()
  @ExclusiveWith('ttl_hours')
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'ttl_seconds must be a non-negative number' })
  @Min(0, { message: 'ttl_seconds must be a non-negative number' })
  @Max(MAX_TTL_HOURS * 3600, { message: `ttl_seconds must be at most ${MAX_TTL_HOURS * 3600}` })
  ttl_seconds?: number | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `Free-form JSON object, at most ${MAX_METADATA_BYTES} bytes`,
  })
  @IsOptional()
  @IsJsonObjectOfAtMost(MAX_METADATA_BYTES)
  metadata?: Record<string, unknown> | null;
}
