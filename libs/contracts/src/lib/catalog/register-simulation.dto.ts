import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsNotIn, IsObject, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { IDENTIFIER_PATTERN } from '../common/patterns';
import {
  MAX_AUTHOR_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  NAME_RULE,
  RESERVED_SIMULATION_NAMES,
  SIMULATION_STATUSES,
  SimulationStatus,
  VERSION_PATTERN,
  VERSION_RULE,
} from './catalog-limits';
import { IsParameterSchemaMap, ParameterSchemaMap } from './parameter-schema';
import { PARAMETER_MAP_API, SimulationSchemaDto } from './simulation-schema.dto';
import { OptionalSimulationText } from './simulation-fields';
import { SimulationProvenanceDto } from './simulation-provenance.dto';
import { IsTagList } from './tag-list';

const STATUS_RULE = { message: `status must be one of ${SIMULATION_STATUSES.join(', ')}` };
const SCHEMA_RULE = { message: 'schema must be a JSON object {inputs, outputs}' };

/**
 * Body of POST /simulations (and of a `simulation.json` manifest), with sim2l's provenance
 * fields. `schema: {inputs, outputs}` may be given instead of `input_schema` / `output_schema`,
 * not together with them.
 */
export class RegisterSimulationDto extends SimulationProvenanceDto {
  @ApiProperty({ pattern: IDENTIFIER_PATTERN.source, example: 'heat-1d', description: 'not `search`' })
  @IsString({ message: NAME_RULE })
  @Matches(IDENTIFIER_PATTERN, { message: NAME_RULE })
  @IsNotIn([...RESERVED_SIMULATION_NAMES], { message: `name must not be ${RESERVED_SIMULATION_NAMES.join(' or ')} (reserved)` })
  name!: string;

  @ApiProperty({
    pattern: VERSION_PATTERN.source,
    example: '1.2.0',
    description: 'semantic versions order "latest"; any other text orders by registration',
  })
  @IsString({ message: VERSION_RULE })
  @Matches(VERSION_PATTERN, { message: VERSION_RULE })
  version!: string;

  @OptionalSimulationText('description', MAX_DESCRIPTION_LENGTH, { default: '' })
  description?: string | null;

  @OptionalSimulationText('author', MAX_AUTHOR_LENGTH)
  author?: string | null;

  @ApiPropertyOptional({ type: [String], example: ['heat', 'pde'] })
  @IsOptional()
  @IsTagList()
  tags?: string[] | null;

  @ApiPropertyOptional(PARAMETER_MAP_API) @IsOptional() @IsParameterSchemaMap() input_schema?: ParameterSchemaMap | null;
  @ApiPropertyOptional(PARAMETER_MAP_API) @IsOptional() @IsParameterSchemaMap() output_schema?: ParameterSchemaMap | null;

  @ApiPropertyOptional({ type: SimulationSchemaDto, description: 'instead of input_schema / output_schema' })
  @IsOptional()
  @IsObject(SCHEMA_RULE)
  @ValidateNested()
  @Type(() => SimulationSchemaDto)
  schema?: SimulationSchemaDto | null;

  @ApiPropertyOptional({ enum: SIMULATION_STATUSES, default: 'active' })
  @IsOptional()
  @IsIn([...SIMULATION_STATUSES], STATUS_RULE)
  status?: SimulationStatus | null;
}
