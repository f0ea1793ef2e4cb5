import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { MAX_AUTHOR_LENGTH, MAX_DESCRIPTION_LENGTH, SIMULATION_STATUSES, SimulationStatus } from './catalog-limits';
import { IsParameterSchemaMap, ParameterSchemaMap } from './parameter-schema';
import { PARAMETER_MAP_API, SimulationSchemaDto } from './simulation-schema.dto';
import { OptionalSimulationText } from './simulation-fields';
import { SimulationProvenanceDto } from './simulation-provenance.dto';
import { IsTagList } from './tag-list';

/**
 * Body of PATCH /simulations/{id}: only the given fields change. `name` and `version` are
 * accepted only when equal to the stored ones (they cannot be changed).
 */
export class UpdateSimulationDto extends SimulationProvenanceDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'must equal the stored name (cannot be changed)' })
  @IsOptional()
  @IsString({ message: 'name must be a string' })
  name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'must equal the stored version (cannot be changed)' })
  @IsOptional()
  @IsString({ message: 'version must be a string' })
  version?: string | null;

  @OptionalSimulationText('description', MAX_DESCRIPTION_LENGTH)
  description?: string | null;

  @OptionalSimulationText('author', MAX_AUTHOR_LENGTH)
  author?: string | null;

  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsTagList() tags?: string[] | null;
  @ApiPropertyOptional(PARAMETER_MAP_API) @IsOptional() @IsParameterSchemaMap() input_schema?: ParameterSchemaMap | null;
  @ApiPropertyOptional(PARAMETER_MAP_API) @IsOptional() @IsParameterSchemaMap() output_schema?: ParameterSchemaMap | null;

  @ApiPropertyOptional({
    type: SimulationSchemaDto,
    description: 'instead of input_schema / output_schema; a missing side is left unchanged',
  })
  @IsOptional()
  @IsObject({ message: 'schema must be a JSON object {inputs, outputs}' })
  @ValidateNested()
  @Type(() => SimulationSchemaDto)
  schema?: SimulationSchemaDto | null;

  @ApiPropertyOptional({ enum: SIMULATION_STATUSES })
  @IsOptional()
  @IsIn([...SIMULATION_STATUSES], { message: `status must be one of ${SIMULATION_STATUSES.join(', ')}` })
  status?: SimulationStatus | null;
}
