import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_SIMULATION_ID, MAX_TEXT_LENGTH, SIMULATION_ID_RANGE } from './cache-limits';

/** Body of POST /cache/invalidate: at least one selector; all given selectors must match. */
export class InvalidateDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_SIMULATION_ID,
    description: '0: the entries that belong to no simulation (stored with simulation_id 0 or null); null: no selector',
  })
  @IsOptional()
  @IsInt({ message: 'simulation_id must be an integer' })
  @Min(0, { message: SIMULATION_ID_RANGE })
  @Max(MAX_SIMULATION_ID, { message: SIMULATION_ID_RANGE })
  simulation_id?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(MAX_TEXT_LENGTH) simulation_name?:
    string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(MAX_TEXT_LENGTH) simulation_version?:
    string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_TEXT_LENGTH,
    description:
      '`*` and `%` match any run of characters (including `/` and none); every other character, SQL `_` included, matches itself; at most 8 wildcards',
    example: 'heat-1d/*',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT_LENGTH)
  pattern?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(MAX_TEXT_LENGTH) reason?: string | null;
}
