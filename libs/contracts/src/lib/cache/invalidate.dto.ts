import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_SIMULATION_ID, MAX_TEXT_LENGTH } from './cache-limits';

/** Body of POST /cache/invalidate: at least one selector; all given selectors must match. */
export class InvalidateDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_SIMULATION_ID })
  @IsOptional()
  @IsInt({ message: 'simulation_id must be an integer' })
  @Min(1, { message: `simulation_id must be from 1 to ${MAX_SIMULATION_ID}` })
  @Max(MAX_SIMULATION_ID, { message: `simulation_id must be from 1 to ${MAX_SIMULATION_ID}` })
  simulation_id?: number | null;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_TEXT_LENGTH) simulation_name?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_TEXT_LENGTH) simulation_version?: string | null;

  @ApiPropertyOptional({
    description: '`*` matches any run of characters (including `/` and none); every other character matches itself',
    example: 'heat-1d/*',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT_LENGTH)
  pattern?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_TEXT_LENGTH) reason?: string | null;
}
