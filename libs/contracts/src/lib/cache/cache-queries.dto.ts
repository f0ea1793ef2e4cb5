import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DecimalInteger } from '../common/decimal-integer.transform';
import { FieldDecorators } from '../common/field-decorators';
import { PageQueryDto } from '../common/page-query.dto';
import { MAX_SIMULATION_ID, MAX_TEXT_LENGTH, SIMULATION_ID_RANGE } from './cache-limits';

const NO_SIMULATION = '0: the entries that belong to no simulation (stored with simulation_id 0 or null)';

/** `?simulation_id=N`: a simulation's entries, or with 0 those of none. */
function SimulationIdFilter(): PropertyDecorator {
  return FieldDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_SIMULATION_ID, description: NO_SIMULATION }),
    IsOptional(),
    DecimalInteger(),
    IsInt({ message: 'simulation_id must be an integer' }),
    Min(0, { message: SIMULATION_ID_RANGE }),
    Max(MAX_SIMULATION_ID, { message: SIMULATION_ID_RANGE }),
  );
}

/** `?simulation_id=N` of GET /cache/stats (restricts every figure) and GET /cache/{key} (attributes a miss). */
export class SimulationIdQueryDto {
  @SimulationIdFilter() simulation_id?: number;
}

/** GET /cache/entries filters. */
export class ListEntriesQueryDto extends PageQueryDto {
  @SimulationIdFilter() simulation_id?: number;

  @ApiPropertyOptional({ maxLength: MAX_TEXT_LENGTH }) @IsOptional() @IsString() @MaxLength(MAX_TEXT_LENGTH) simulation_name?: string;
  @ApiPropertyOptional({
    maxLength: MAX_TEXT_LENGTH,
    description: 'glob: `*` and `%` match any run of characters, everything else (`_` included) itself; at most 8 wildcards',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT_LENGTH)
  pattern?: string;

  @ApiPropertyOptional({ maxLength: MAX_TEXT_LENGTH, description: 'the entries a run (its execution id) was stored under' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT_LENGTH)
  execution_id?: string;
}
