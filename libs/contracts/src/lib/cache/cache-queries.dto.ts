import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DecimalInteger } from '../common/decimal-integer.transform';
import { PageQueryDto } from '../common/page-query.dto';
import { MAX_SIMULATION_ID, MAX_TEXT_LENGTH } from './cache-limits';

class SimulationIdQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_SIMULATION_ID })
  @IsOptional()
  @DecimalInteger()
  @IsInt({ message: 'simulation_id must be an integer' })
  @Min(1, { message: `simulation_id must be from 1 to ${MAX_SIMULATION_ID}` })
  @Max(MAX_SIMULATION_ID, { message: `simulation_id must be from 1 to ${MAX_SIMULATION_ID}` })
  simulation_id?: number;
}

/** `?simulation_id=N` of GET /cache/stats (restricts every figure) and GET /cache/{key} (attributes a miss). */
export class SimulationIdQueryDto extends SimulationIdQuery {}

/** GET /cache/entries filters. */
export class ListEntriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_SIMULATION_ID })
  @IsOptional()
  @DecimalInteger()
  @IsInt({ message: 'simulation_id must be an integer' })
  @Min(1, { message: `simulation_id must be from 1 to ${MAX_SIMULATION_ID}` })
  @Max(MAX_SIMULATION_ID, { message: `simulation_id must be from 1 to ${MAX_SIMULATION_ID}` })
  simulation_id?: number;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_TEXT_LENGTH) simulation_name?: string;
  @ApiPropertyOptional({ description: 'glob: `*` matches any run of characters' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT_LENGTH)
  pattern?: string;
}
